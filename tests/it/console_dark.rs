//! A whole 暗棋 game between two members through the real `junqi-bot console` binary: the
//! deployment (a preset, a layout in notation, swaps, refused swaps and layouts, Ready, a step
//! after Ready), then play until the referee has judged an attack of every kind (a higher
//! piece winning, equal pieces, a lower piece losing, an engineer digging a mine, a bomb) and
//! a field marshal has fallen, and the end with both layouts revealed. The moves are planned
//! with the rules library on the same layouts; the transcript is compared with
//! tests/transcripts/console_dark.txt (regenerate with UPDATE_GOLDEN=1).
//!
//! It checks what each member was shown: until the game ends no public block names a rank
//! (a dug mine reads like any other win), and each player's private blocks name only their
//! own pieces.

use std::collections::BTreeSet;

use crate::console_game::normalise;
use crate::console_support::{Session, check_transcript};
use junqi::game::{Action, Colour, Kind, Rules, StandardOptions};
use junqi::standard::{Preset, Removed, StandardGame, Verdict};

/// The kinds of attack the transcript must show, as the referee judges them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Judged {
    HigherWins,
    Equal,
    LowerLoses,
    EngineerDigs,
    Bomb,
    MarshalFalls,
}

/// What an attack is, seen with the referee's knowledge (`game` before it).
fn judged(game: &StandardGame, action: Action) -> Vec<Judged> {
    let Action::Move { from, to } = action else {
        return Vec::new();
    };
    let position = game.position();
    let (Some(attacker), Some(target)) = (position.board.piece(from), position.board.piece(to))
    else {
        return Vec::new();
    };
    let (a, t) = (attacker.kind, target.kind);
    let mut kinds = Vec::new();
    if a == Kind::Bomb || t == Kind::Bomb {
        kinds.push(Judged::Bomb);
    } else if a == Kind::Engineer && t == Kind::Landmine {
        kinds.push(Judged::EngineerDigs);
    } else if let (Some(ra), Some(rt)) = (a.rank(), t.rank()) {
        kinds.push(match ra.cmp(&rt) {
            std::cmp::Ordering::Greater => Judged::HigherWins,
            std::cmp::Ordering::Equal => Judged::Equal,
            std::cmp::Ordering::Less => Judged::LowerLoses,
        });
    }
    let mut after = game.clone();
    let colour = game.to_act();
    let marshals = |g: &StandardGame| {
        let board = &g.position().board;
        board
            .occupied()
            .into_iter()
            .filter(|square| {
                board
                    .piece(*square)
                    .is_some_and(|p| p.kind == Kind::Marshal)
            })
            .count()
    };
    if after.act(colour, action).is_ok() && marshals(&after) < marshals(game) {
        kinds.push(Judged::MarshalFalls);
    }
    kinds
}

/// The next action of the planned game: an attack of a kind not yet seen if there is one,
/// else a step forward that repeats nothing and takes no flag, chosen by a fixed sequence.
fn plan(game: &StandardGame, seen: &BTreeSet<Judged>, turn: usize) -> Action {
    let legal: Vec<Action> = game
        .legal_actions()
        .into_iter()
        .filter(|action| !game.would_repeat(*action))
        .filter(|action| !takes_flag(game, *action))
        .collect();
    if let Some(action) = legal.iter().find(|action| {
        let kinds = judged(game, **action);
        !kinds.is_empty() && kinds.iter().any(|kind| !seen.contains(kind))
    }) {
        return *action;
    }
    // Forward moves bring the armies together; the fixed stride varies which piece goes.
    let forward = |action: &&Action| match action {
        Action::Move { from, to } => {
            let ahead = i32::from(to.row()) - i32::from(from.row());
            let attack = game.position().board.piece(*to).is_some();
            !attack
                && match game.to_act() {
                    Colour::Red => ahead > 0,
                    Colour::Black => ahead < 0,
                }
        }
        Action::Flip(_) => false,
    };
    let forwards: Vec<&Action> = legal.iter().filter(forward).collect();
    let pool: Vec<&Action> = if forwards.is_empty() {
        legal.iter().collect()
    } else {
        forwards
    };
    *pool[(turn * 7) % pool.len()]
}

fn takes_flag(game: &StandardGame, action: Action) -> bool {
    match action {
        Action::Move { to, .. } => game
            .position()
            .board
            .piece(to)
            .is_some_and(|piece| piece.kind == Kind::Flag),
        Action::Flip(_) => false,
    }
}

/// Which member plays Red, from the block that started the game (`to act: NAME (Red)`).
fn red_player(block: &str) -> &'static str {
    if block.contains("to act: alice (Red)") {
        "alice"
    } else {
        assert!(block.contains("to act: bob (Red)"), "who is Red:\n{block}");
        "bob"
    }
}

struct Transcript {
    session: Session,
    text: String,
    blocks: Vec<(String, String)>,
}

impl Transcript {
    /// Sends `line`; its reply must contain each of `expect`.
    /// Waits for the block containing `needle` (a reply that follows an earlier one), as
    /// `say` records it.
    fn wait(&mut self, needle: &str, expect: &[&str]) -> String {
        let block = self
            .session
            .wait_for(needle, std::time::Duration::from_secs(120));
        self.record(&format!("(later) {needle}"), block, expect)
    }

    fn say(&mut self, line: &str, expect: &[&str]) -> String {
        let block = self.session.ask(line);
        self.record(line, block, expect)
    }

    fn record(&mut self, line: &str, block: String, expect: &[&str]) -> String {
        for expected in expect {
            assert!(
                block.contains(expected),
                "reply to {line:?} lacks {expected:?}:\n{block}"
            );
        }
        // The replay's animation is a GIF (normalise checks PNGs).
        let pictures: Vec<String> = block
            .lines()
            .map(|line| match line.strip_prefix("image: ") {
                Some(path) if path.ends_with(".gif") => {
                    let gif = std::fs::read(path).expect("the replay's GIF");
                    assert!(gif.starts_with(b"GIF8"), "{path} is a GIF");
                    "animation: GIF".to_string()
                }
                _ => line.to_string(),
            })
            .collect();
        let shown = mask_dates(&mask_deadline(&normalise(&pictures.join("\n"))))
            .lines()
            .map(|line| match line.strip_prefix("record: ") {
                Some(_) => "record: TXT",
                None => line,
            })
            .collect::<Vec<_>>()
            .join("\n");
        self.text.push_str(&format!("> {line}\n{shown}\n\n"));
        self.blocks.push((line.to_string(), block.clone()));
        block
    }
}

/// The deployment clock's deadline is a time of day: masked, so the transcript is stable.
pub(crate) fn mask_deadline(text: &str) -> String {
    match text.find("deadline at ") {
        Some(at) => {
            let start = at + "deadline at ".len();
            let end = text[start..]
                .find(" UTC")
                .map_or(text.len(), |end| start + end);
            format!("{}HH:MM:SS{}", &text[..start], &text[end..])
        }
        None => text.to_string(),
    }
}

/// `/history` shows each game's day (`2026-12-07`): masked as `YYYY-MM-DD`, so the transcript
/// does not change at midnight.
fn mask_dates(text: &str) -> String {
    let bytes = text.as_bytes();
    let is_date = |at: usize| {
        bytes.get(at..at + 10).is_some_and(|window| {
            window.iter().enumerate().all(|(i, byte)| match i {
                4 | 7 => *byte == b'-',
                _ => byte.is_ascii_digit(),
            })
        })
    };
    let mut masked = String::with_capacity(text.len());
    let mut at = 0;
    while at < text.len() {
        if is_date(at) {
            masked.push_str("YYYY-MM-DD");
            at += 10;
        } else {
            let next = text[at..].chars().next().map_or(1, char::len_utf8);
            masked.push_str(&text[at..at + next]);
            at += next;
        }
    }
    masked
}

/// Rank names a public block must not carry before the end (English, as the console speaks).
const RANK_WORDS: [&str; 11] = [
    "Field marshal",
    "General",
    "Major general",
    "Brigadier",
    "Colonel",
    "Major",
    "Captain",
    "Lieutenant",
    "Engineer",
    "Bomb",
    "Landmine",
];

/// Whether `text` writes a piece code such as `(R9)` or `(BX)`.
fn names_a_code(text: &str) -> bool {
    text.as_bytes().windows(4).any(|w| {
        w[0] == b'('
            && (w[1] == b'R' || w[1] == b'B')
            && b"123456789XMF".contains(&w[2])
            && w[3] == b')'
    })
}

#[test]
fn a_dark_game_between_two_members_as_each_saw_it() {
    let data = tempfile::tempdir().expect("temp dir");
    let mut t = Transcript {
        session: Session::start(data.path(), None),
        text: String::new(),
        blocks: Vec::new(),
    };
    let classic = Preset::named("classic")
        .expect("the classic preset")
        .layout();
    t.say(
        "alice /challenge @bob game:dark seconds:600",
        &["alice challenges bob to a game of 暗棋"],
    );
    t.say("bob /accept", &["game 1 begins", "alice: deploying…"]);
    t.say("carol /deploy", &["(only carol sees this)", "not playing"]);
    t.say("alice /move A1 A2", &["(only alice sees this)"]);
    t.say(
        "alice /deploy preset name:classic",
        &["(only alice sees this)", &classic.to_string()],
    );
    t.say(
        "alice /deploy preset name:fortress",
        &["(only alice sees this)", "no preset"],
    );
    // Squares are the board's, as `/move` names them: whoever is Black deploys on rows 7–12.
    let swap = t.say("alice /deploy swap A1 B2", &["(only alice sees this)"]);
    let (front, camp, flag, mine) = if swap.contains("A1") && swap.contains("not on your half") {
        ("E7 D7", "A12 B10", "D12 C12", "D11 D9")
    } else {
        ("A6 B6", "A1 B3", "B1 C1", "B2 B4")
    };
    let other_side = if front.starts_with('E') { "A1" } else { "A12" };
    t.say(
        &format!("alice /deploy swap {front}"),
        &["(only alice sees this)", "Swapped"],
    );
    t.say(
        &format!("alice /deploy swap {front}"),
        &["(only alice sees this)", &classic.to_string()],
    );
    t.say(
        &format!("alice /deploy swap {camp}"),
        &["(only alice sees this)", "camp"],
    );
    t.say(
        &format!("alice /deploy swap {flag}"),
        &["(only alice sees this)", "headquarters"],
    );
    t.say(
        &format!("alice /deploy swap {mine}"),
        &["(only alice sees this)", "last two rows"],
    );
    t.say(
        &format!("alice /deploy swap {other_side} C5"),
        &["(only alice sees this)", "not on your half"],
    );
    t.say("alice /deploy ready", &["alice is ready", "alice: ready ✓"]);
    t.say(
        "alice /deploy random",
        &["(only alice sees this)", "already confirmed"],
    );
    t.say(
        "bob /deploy layout text:6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,9",
        &["(only bob sees this)", "too many"],
    );
    t.say(
        &format!("bob /deploy layout text:{classic}"),
        &["(only bob sees this)", &classic.to_string()],
    );
    let started = t.say("bob /deploy ready", &["bob is ready", "the game begins"]);
    let red = red_player(&started);
    let black = if red == "alice" { "bob" } else { "alice" };
    let name = |colour: Colour| match colour {
        Colour::Red => red,
        Colour::Black => black,
    };

    let rules = Rules::default();
    let options = StandardOptions::default();
    let mut game = StandardGame::new(classic, classic, options, rules);
    t.say(
        &format!("{red} /board"),
        &[&format!("(only {red} sees this)")],
    );
    t.say(
        &format!("{black} /board"),
        &[&format!("(only {black} sees this)")],
    );
    let mut seen = BTreeSet::new();
    let all = [
        Judged::HigherWins,
        Judged::Equal,
        Judged::LowerLoses,
        Judged::EngineerDigs,
        Judged::Bomb,
        Judged::MarshalFalls,
    ];
    let mut turn = 0;
    while !all.iter().all(|kind| seen.contains(kind)) {
        assert!(
            turn < 400,
            "the planned game found every kind of attack: {seen:?}"
        );
        let colour = game.to_act();
        let action = plan(&game, &seen, turn);
        let kinds = judged(&game, action);
        let Action::Move { from, to } = action else {
            unreachable!("standard games have no flips")
        };
        let verdict = game.act(colour, action).expect("planned action is legal");
        let mover = name(colour);
        let expect = match verdict {
            Verdict::Moved => format!("{from} → {to}"),
            Verdict::Attacked(Removed::Both) => format!("{mover} {from} → {to}: both removed"),
            Verdict::Attacked(Removed::Target) => format!("{mover} {from} → {to}"),
            Verdict::Attacked(Removed::Attacker) => format!("{mover} {from} → {to}"),
        };
        let mut expected = vec![expect];
        if kinds.contains(&Judged::MarshalFalls) && !seen.contains(&Judged::MarshalFalls) {
            expected.push("flag".into());
        }
        let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
        t.say(&format!("{mover} /move {from} {to}"), &expected);
        seen.extend(kinds);
        turn += 1;
        assert!(game.outcome().is_none(), "the planned game goes on");
    }
    let loser = name(game.to_act());
    let plies = game.record().moves.len();
    if plies < 50 {
        t.say(&format!("{loser} /resign"), &["(only "]);
    }
    let ended = if plies >= 50 {
        t.say(&format!("{loser} /resign"), &["game over"])
    } else {
        t.say(&format!("{loser} /abandon"), &["game over"])
    };
    assert!(ended.contains("/analyse 1"), "the Analyse button:\n{ended}");
    // The end reveals both layouts.
    assert!(
        ended.contains(&classic.to_string()),
        "layouts revealed:\n{ended}"
    );
    t.say(&format!("{red} /history"), &["dark (暗棋)", "vs"]);
    // The game counts on the 暗棋 ladder, not on 翻翻棋's.
    let winner = name(game.to_act().other());
    t.say(
        &format!("{loser} /rank game:dark"),
        &["dark (暗棋) ladder", "losses 1", "1 game"],
    );
    t.say(&format!("{loser} /rank"), &["0 games", "dark (暗棋): -"]);
    t.say(
        &format!("{loser} /leaderboard game:dark"),
        &["dark (暗棋) ladder", &format!("1. {winner} — ")],
    );
    t.say(&format!("{loser} /leaderboard"), &["nobody has finished"]);
    let replay = t.say(&format!("{black} /replay 1"), &["image: "]);
    // The record file of the replay checks with `junqi-bot apply --record` (no --variant).
    let record = replay
        .lines()
        .find_map(|line| line.strip_prefix("record: "))
        .expect("the replay carries its record");
    let checked = crate::cli_analysis::run(&["apply", "--record", record], "");
    assert_eq!(checked.status.code(), Some(0), "{checked:?}");
    assert!(
        std::fs::read_to_string(record)
            .expect("the record")
            .contains(&format!("red {classic}")),
        "the record holds the layouts"
    );
    // The analysis reads what everyone was shown: answered at once, the chart follows.
    t.say(&format!("{black} /analyse game:1"), &["Analysing game #1…"]);
    let analysed = t.wait(
        "Analysis of game #1",
        &["Each chance is estimated", "image: "],
    );
    let swings: String = analysed
        .lines()
        .filter(|line| line.starts_with(char::is_numeric))
        .collect::<Vec<_>>()
        .join("\n");

    let end = t
        .blocks
        .iter()
        .position(|(_, block)| block.contains("game over"))
        .expect("the game ended");
    for (line, block) in &t.blocks[..end] {
        if block.starts_with("(only ") {
            continue;
        }
        assert!(
            !names_a_code(block),
            "the public reply to {line:?} names a piece:\n{block}"
        );
        for word in RANK_WORDS {
            // The fallen marshal is named by the line that says why a flag is shown.
            if word == "Field marshal" && block.contains("flag") {
                continue;
            }
            assert!(
                !block.contains(word),
                "the public reply to {line:?} names {word:?}:\n{block}"
            );
        }
    }
    t.session.finish();
    check_transcript("console_dark.txt", &t.text);
    // The operators' command serves the stored series with the same swings.
    let chart = data.path().join("chart.png");
    let chart_arg = chart.to_string_lossy().into_owned();
    let data_arg = data.path().to_string_lossy().into_owned();
    let out =
        crate::cli_analysis::run(&["analyse", "--data", &data_arg, "1", "-o", &chart_arg], "");
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(report.contains("series: from the store"), "{report}");
    assert!(report.contains(&swings), "{report}\n{swings}");
    assert!(
        std::fs::read(&chart)
            .expect("the chart")
            .starts_with(b"\x89PNG")
    );
}
