//! A full disk, simulated on the real binary with a file-size limit (RLIMIT_FSIZE through
//! `prlimit`, SIGXFSZ ignored so that a write past the limit fails with EFBIG instead of
//! killing the process): the console goes on playing until the store's file cannot grow.
//! Whatever the bot does then, no action it acknowledged may be missing after a restart
//! without the limit, and no action it refused may be there; a start that cannot offer every
//! acknowledged action must refuse loudly.
//!
//! With `JUNQI_FULL_DISK_DIR` pointing at a small file system (e.g. a 3 MB tmpfs), the data
//! directory is made there and really fills up instead.

use crate::console_support::{self, NAMES, Session, action_line, name_of, new_game, pick};

use junqi::game::{Action, Game};

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Room past the store's size when the limit is set: sled grows its file a segment at a
/// time, so the limit is raised until the console can start at all.
const HEADROOMS: [u64; 6] = [
    16 << 10,
    256 << 10,
    (512 + 16) << 10,
    (512 + 48) << 10,
    (512 + 128) << 10,
    1 << 20,
];
const MAX_ACTIONS: usize = 1_000;
/// Refusals in a row after which the disk is taken as full for good.
const REFUSALS_TO_STOP: usize = 5;

/// `inner` run by a shell that ignores SIGXFSZ and limits the size of every file it writes.
fn limited(inner: &Command, bytes: u64) -> Command {
    let mut outer = Command::new("sh");
    outer
        .arg("-c")
        .arg("trap '' XFSZ; exec prlimit --fsize=\"$0\" \"$@\"")
        .arg(bytes.to_string())
        .arg(inner.get_program())
        .args(inner.get_args());
    for (key, value) in inner.get_envs() {
        if let Some(value) = value {
            outer.env(key, value);
        }
    }
    outer
}

fn file_len(path: &Path) -> u64 {
    std::fs::metadata(path).map_or(0, |meta| meta.len())
}

/// The first line of the console's `/export` answer in `channel`: the position in notation.
fn exported(console: &mut Session, channel: &str) -> Option<String> {
    console.send(&format!("carol#{channel} /export"));
    let block = console.block(Duration::from_secs(20))?;
    block.lines().next().map(str::to_string)
}

/// What one run on a filling disk did: each channel's game as acknowledged.
struct Run {
    games: Vec<Game>,
    acknowledged: usize,
    refused: usize,
    /// How the limited console ended.
    ending: String,
}

/// The players and channel of game `n`: every game is dealt alike (the fixed test seed).
fn who(n: usize) -> [String; 3] {
    [format!("a{n}"), format!("b{n}"), format!("c{n}")]
}

/// A legal action that neither ends the game nor repeats, if any is left.
fn safe_action(game: &Game, prefer_attack: bool) -> Option<Action> {
    let seat = game.to_act();
    let keeps_going = |action: &Action| {
        let mut next = game.clone();
        !game.would_repeat(seat, *action)
            && next.act(seat, *action).is_ok()
            && next.outcome().is_none()
    };
    game.legal_actions()
        .into_iter()
        .any(|action| keeps_going(&action))
        .then(|| pick(game, prefer_attack))
}

/// Plays on the console `session`, a game per channel, opening a new one when a game has no
/// quiet action left, until the console refuses several actions in a row (or ends).
fn play_until_full(mut session: Session) -> Run {
    let mut run = Run {
        games: Vec::new(),
        acknowledged: 0,
        refused: 0,
        ending: String::new(),
    };
    let mut in_a_row = 0;
    let mut current: Option<usize> = None;
    for turn in 0..MAX_ACTIONS {
        let n = match current {
            Some(n) => n,
            None => {
                let n = run.games.len();
                let [a, b, c] = who(n);
                // A long turn clock: no timeout message may come between a reply and its export.
                session.send(&format!("{a}#{c} /challenge @{b} seconds:600"));
                session.send(&format!("{b}#{c} /accept"));
                let (Some(_), Some(accepted)) = (
                    session.block(Duration::from_secs(20)),
                    session.block(Duration::from_secs(20)),
                ) else {
                    break;
                };
                if !accepted.contains(&b) {
                    break; // the new game itself could not be stored
                }
                run.games.push(new_game());
                current = Some(n);
                n
            }
        };
        let game = &run.games[n];
        let Some(action) = safe_action(game, turn % 3 == 0) else {
            current = None; // this game stays live; the next one goes on filling the disk
            continue;
        };
        let mut next = game.clone();
        next.act(next.to_act(), action).unwrap();
        let [a, b, c] = who(n);
        let player = if name_of(game.to_act()) == NAMES[0] {
            a
        } else {
            b
        };
        session.send(&action_line(&format!("{player}#{c}"), action));
        if session.block(Duration::from_secs(20)).is_none() {
            // No answer: the action was not acknowledged. The restart tells what was kept.
            run.refused += 1;
            break;
        }
        // The game in memory moves on only once the store has kept the action.
        let Some(now) = exported(&mut session, &c) else {
            break;
        };
        if now == next.view().notation() {
            run.games[n] = next;
            run.acknowledged += 1;
            in_a_row = 0;
        } else {
            assert_eq!(now, game.view().notation(), "neither before nor after");
            run.refused += 1;
            in_a_row += 1;
            if in_a_row >= REFUSALS_TO_STOP {
                break;
            }
        }
    }
    session.close_input();
    // At the end of input the console exits by itself, even when its store cannot flush:
    // the close gives up after its timeout (10 s) instead of waiting on the disk forever.
    let deadline = std::time::Instant::now() + Duration::from_secs(25);
    loop {
        match session.child.try_wait() {
            Ok(Some(status)) => {
                run.ending = format!("console exited ({status})");
                break;
            }
            _ if std::time::Instant::now() >= deadline => {
                let _ = session.child.kill();
                let _ = session.child.wait();
                panic!("the console did not exit within 25 s of the end of its input");
            }
            _ => std::thread::sleep(Duration::from_millis(50)),
        }
    }
    run
}

/// Starts the console on `data` without a limit and checks it holds exactly `run`'s
/// acknowledged actions, or refuses to start with a reason; returns what it did.
fn restart_holds(data: &Path, run: &Run) -> String {
    let script: String = (0..run.games.len())
        .map(|n| format!("carol#{} /export\n", who(n)[2]))
        .collect();
    let mut child = console_support::console(data, None)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.success() {
        // Each answer is a block: the notation first.
        let held: Vec<&str> = stdout
            .split("\n\n")
            .filter_map(|block| block.lines().next())
            .filter(|line| !line.is_empty())
            .collect();
        let acknowledged: Vec<String> = run.games.iter().map(|g| g.view().notation()).collect();
        assert_eq!(
            held, acknowledged,
            "the restart does not hold exactly the {} acknowledged actions",
            run.acknowledged
        );
        "restart holds every acknowledged action".into()
    } else {
        assert!(
            stderr.contains("store"),
            "a refused start must say why: {stderr}"
        );
        format!("restart refused: {}", stderr.trim())
    }
}

fn copy_dir(from: &Path, to: &Path) {
    let copied = Command::new("cp")
        .arg("-a")
        .arg(from)
        .arg(to)
        .status()
        .unwrap();
    assert!(copied.success());
}

#[test]
fn a_full_disk_never_acknowledges_what_a_restart_would_not_have() {
    let small_disk = std::env::var_os("JUNQI_FULL_DISK_DIR");
    if small_disk.is_none() && Command::new("prlimit").arg("--version").output().is_err() {
        eprintln!("SKIPPED: no prlimit on this machine, the full disk cannot be simulated");
        return;
    }
    let base = match &small_disk {
        Some(dir) => tempfile::tempdir_in(dir).unwrap(),
        None => tempfile::tempdir().unwrap(),
    };
    // A store made and closed once, as the limited console finds it.
    Session::start(base.path(), None).finish();
    let roomy = tempfile::tempdir().unwrap();

    if small_disk.is_some() {
        // The small disk really fills; the operator then moves the directory to a roomy one.
        let run = play_until_full(Session::start(base.path(), None));
        assert!(run.refused > 0, "the disk never filled up");
        let moved = roomy.path().join("data");
        copy_dir(base.path(), &moved);
        let restart = restart_holds(&moved, &run);
        println!(
            "full small disk: {} actions acknowledged, {} refused, {}; {restart}",
            run.acknowledged, run.refused, run.ending
        );
        return;
    }
    let db_len = file_len(&base.path().join("store").join("db"));
    for (attempt, headroom) in HEADROOMS.into_iter().enumerate() {
        let data = roomy.path().join(format!("attempt-{attempt}"));
        copy_dir(base.path(), &data);
        let limit = db_len + headroom;
        let command = limited(&console_support::console(&data, None), limit);
        let run = play_until_full(Session::spawn(command));
        let restart = restart_holds(&data, &run);
        println!(
            "files limited to {limit} bytes (db {db_len} + {headroom}): {} actions \
             acknowledged, {} refused, {}; {restart}",
            run.acknowledged, run.refused, run.ending
        );
        if run.acknowledged > 0 && run.refused > 0 {
            return;
        }
    }
    panic!("no limit let the console play and then filled up");
}
