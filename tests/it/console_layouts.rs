//! Saved layouts through the real `junqi-bot console` binary: during a 暗棋 deployment alice
//! saves the layout on her screen, replaces it under the same name in another case, loads it
//! back, lists and deletes her layouts, and meets each refusal (nothing on screen to save, a
//! name too long, a load and a deletion of a name she has not saved, a 21st layout). Her
//! layouts outlive a restart of the console, stay hers alone (bob has none) and never reach a
//! public message. The transcript is compared with tests/transcripts/layouts_console.txt
//! (regenerate with UPDATE_GOLDEN=1).

use crate::console_dark::mask_deadline;
use crate::console_game::normalise;
use crate::console_support::{Session, check_transcript};
use junqi::standard::Preset;

struct Transcript {
    session: Session,
    text: String,
    /// Every public block (what the channel saw).
    public: Vec<String>,
}

impl Transcript {
    /// Sends `line`; its reply must contain each of `expect`.
    fn say(&mut self, line: &str, expect: &[&str]) -> String {
        let block = self.session.ask(line);
        for expected in expect {
            assert!(
                block.contains(expected),
                "reply to {line:?} lacks {expected:?}:\n{block}"
            );
        }
        if !block.starts_with("(only ") {
            self.public.push(block.clone());
        }
        let shown = mask_deadline(&normalise(&block));
        self.text.push_str(&format!("> {line}\n{shown}\n\n"));
        block
    }

    /// A reply only `name` sees, containing each of `expect`.
    fn private(&mut self, name: &str, line: &str, expect: &[&str]) -> String {
        let only = format!("(only {name} sees this)");
        let mut expect = expect.to_vec();
        expect.insert(0, &only);
        self.say(line, &expect)
    }
}

#[test]
fn saved_layouts_in_the_console_as_alice_saw_them() {
    let data = tempfile::tempdir().expect("temp dir");
    let mut t = Transcript {
        session: Session::start(data.path(), None),
        text: String::new(),
        public: Vec::new(),
    };
    let classic = Preset::named("classic")
        .expect("a preset")
        .layout()
        .to_string();
    let turtle = Preset::named("turtle")
        .expect("a preset")
        .layout()
        .to_string();

    t.private("alice", "alice /layouts", &["no saved layouts"]);
    t.say("alice /challenge @bob game:dark seconds:600", &["暗棋"]);
    t.say("bob /accept", &["game 1 begins"]);
    t.private(
        "alice",
        "alice /deploy save name:wall",
        &["no layout on your screen to save yet"],
    );
    t.private("alice", "alice /deploy preset name:classic", &[&classic]);
    t.private(
        "alice",
        "alice /deploy save name:Wall",
        &["Saved as \"Wall\" (1 of 20 kept)", &classic],
    );
    t.private("alice", "alice /deploy preset name:turtle", &[&turtle]);
    t.private(
        "alice",
        "alice /deploy save name:WALL",
        &["replacing the layout of that name (1 of 20 kept)", &turtle],
    );
    t.private(
        "alice",
        "alice /deploy save name:front",
        &["(2 of 20 kept)"],
    );
    t.private(
        "alice",
        &format!("alice /deploy save name:{}", "x".repeat(33)),
        &["too long: at most 32 characters"],
    );
    t.private("alice", "alice /deploy random", &["A random layout"]);
    t.private(
        "alice",
        "alice /deploy load name:wall",
        &["Your saved layout \"WALL\":", &turtle],
    );
    t.private(
        "alice",
        "alice /deploy load name:castle",
        &["no saved layout \"castle\". Yours: WALL, front."],
    );
    t.private(
        "bob",
        "bob /deploy load name:wall",
        &["no saved layout \"wall\": you have none yet"],
    );
    t.private(
        "alice",
        "alice /layouts",
        &["(2 of 20)", &format!("WALL: {turtle}"), "front: "],
    );
    t.private(
        "alice",
        "alice /layouts delete name:castle",
        &["no saved layout \"castle\""],
    );
    t.private(
        "alice",
        "alice /layouts delete name:FRONT",
        &["Deleted your layout \"front\" (1 left)"],
    );
    for n in 2..=20 {
        t.private(
            "alice",
            &format!("alice /deploy save name:l{n}"),
            &[&format!("({n} of 20 kept)")],
        );
    }
    t.private(
        "alice",
        "alice /deploy save name:l21",
        &["already keep 20 layouts", "Nothing was saved"],
    );
    t.private(
        "alice",
        "alice /deploy save name:L20",
        &["replacing the layout of that name (20 of 20 kept)"],
    );
    t.say("alice /deploy ready", &["alice is ready"]);
    t.private("bob", "bob /deploy random", &["A random layout"]);
    t.say("bob /deploy ready", &["Both armies are deployed"]);
    t.session.finish();

    // Kept in the store: a new console on the same data still has them.
    t.session = Session::start(data.path(), None);
    let list = t.private(
        "alice",
        "alice /layouts",
        &["(20 of 20)", "WALL: ", "L20: "],
    );
    assert!(
        !list.contains("l21"),
        "the refused 21st was not kept:\n{list}"
    );
    t.private("bob", "bob /layouts", &["no saved layouts"]);
    t.session.finish();

    for block in &t.public {
        for hidden in [&classic, &turtle] {
            assert!(
                !block.contains(hidden.as_str()) && !block.contains("WALL"),
                "a public block shows a saved layout:\n{block}"
            );
        }
    }
    check_transcript("layouts_console.txt", &t.text);
}
