//! Shared by the console tests: running the real `junqi-bot console` binary, either on a whole
//! script at once or line by line, and planning scripted games with the rules library (the
//! deal seed is fixed with JUNQI_TEST_SEED, so the library knows the binary's deal).
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use junqi::game::{Action, Game, Rules, Seat};

pub const SEED: u64 = 7;
pub const NAMES: [&str; 2] = ["alice", "bob"];

/// The command that runs `junqi-bot console` on `data` with the fixed deal.
pub fn console(data: &Path, config: Option<&Path>) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_junqi-bot"));
    command
        .arg("console")
        .arg("--data")
        .arg(data)
        .env("JUNQI_TEST_SEED", SEED.to_string())
        .env("RUST_LOG", "warn");
    if let Some(config) = config {
        command.arg("--config").arg(config);
    }
    command
}

/// Runs the console on a whole script (end of input at its end) and returns its output.
pub fn run_script(data: &Path, script: &str) -> String {
    run_script_with(data, None, script)
}

/// [`run_script`] with a config file.
pub fn run_script_with(data: &Path, config: Option<&Path>, script: &str) -> String {
    let output = run_command(console(data, config), script);
    String::from_utf8(output.stdout).expect("utf-8 output")
}

/// Runs the console `command` on a whole script (end of input at its end); it must succeed.
pub fn run_command(mut command: Command, script: &str) -> std::process::Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start junqi-bot console");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("write script");
    let output = child.wait_with_output().expect("console output");
    assert!(
        output.status.success(),
        "console failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// A console driven line by line; its output is read block by block (a block ends with an
/// empty line).
pub struct Session {
    pub child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Session {
    pub fn start(data: &Path, config: Option<&Path>) -> Session {
        Session::spawn(console(data, config))
    }

    /// Drives a console started by `command` (e.g. [`console`] under a resource limit).
    pub fn spawn(mut command: Command) -> Session {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start junqi-bot console");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Session {
            child,
            stdin,
            lines,
        }
    }

    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write line");
        stdin.flush().expect("flush");
    }

    /// The next output block, or `None` after `timeout`.
    pub fn block(&mut self, timeout: Duration) -> Option<String> {
        let deadline = Instant::now() + timeout;
        let mut block = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.is_empty() => return Some(block.join("\n")),
                Ok(line) => block.push(line),
                Err(RecvTimeoutError::Timeout) => return None,
                Err(RecvTimeoutError::Disconnected) => {
                    return (!block.is_empty()).then(|| block.join("\n"));
                }
            }
        }
    }

    /// Sends a line and returns the block that answers it.
    pub fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.block(Duration::from_secs(20))
            .unwrap_or_else(|| panic!("no reply to {line:?}"))
    }

    /// Waits for a block containing `needle` (skipping others), up to `timeout`.
    pub fn wait_for(&mut self, needle: &str, timeout: Duration) -> String {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.block(left) {
                Some(block) if block.contains(needle) => return block,
                Some(_) => continue,
                None => panic!("no block containing {needle:?} within {timeout:?}"),
            }
        }
    }

    /// Closes standard input (the console's end of input) without waiting.
    pub fn close_input(&mut self) {
        drop(self.stdin.take());
    }

    /// Closes standard input and waits for a clean exit.
    pub fn finish(mut self) {
        drop(self.stdin.take());
        let status = self.child.wait().expect("wait for console");
        assert!(status.success(), "console exited with {status}");
    }

    /// Kills the process with SIGKILL, as a crash would.
    pub fn kill(mut self) {
        self.child.kill().expect("SIGKILL");
        let _ = self.child.wait();
    }
}

/// Compares `transcript` with the golden file tests/transcripts/`name` (written instead with
/// UPDATE_GOLDEN=1).
pub fn check_transcript(name: &str, transcript: &str) {
    let golden = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/transcripts")
        .join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&golden, transcript).expect("write golden transcript");
    }
    let expected = std::fs::read_to_string(&golden).expect("golden transcript (UPDATE_GOLDEN=1)");
    assert_eq!(
        transcript,
        expected,
        "transcript differs from {}",
        golden.display()
    );
}

/// The console line that plays `action` for the player named `name`.
pub fn action_line(name: &str, action: Action) -> String {
    match action {
        Action::Flip(square) => format!("{name} /flip {square}"),
        Action::Move { from, to } => format!("{name} /move {from} {to}"),
    }
}

/// Whether an action is an attack (the target square is occupied).
pub fn is_attack(game: &Game, action: Action) -> bool {
    match action {
        Action::Move { to, .. } => !matches!(game.view().cell(to), junqi::game::PublicCell::Empty),
        Action::Flip(_) => false,
    }
}

/// A legal action for the seat to act that keeps the game going and does not repeat, chosen
/// deterministically: an attack when `prefer_attack`, else a move when colours are decided
/// (so the game is not only flips), else a flip.
pub fn pick(game: &Game, prefer_attack: bool) -> Action {
    let seat = game.to_act();
    let safe: Vec<Action> = game
        .legal_actions()
        .into_iter()
        .filter(|action| !game.would_repeat(seat, *action))
        .filter(|action| {
            let mut next = game.clone();
            next.act(seat, *action).is_ok() && next.outcome().is_none()
        })
        .collect();
    let attack = safe.iter().copied().find(|a| is_attack(game, *a));
    let movement = safe
        .iter()
        .copied()
        .find(|a| matches!(a, Action::Move { .. }) && !is_attack(game, *a));
    let flip = safe.iter().copied().find(|a| matches!(a, Action::Flip(_)));
    let choice = if prefer_attack {
        attack.or(movement).or(flip)
    } else {
        movement.or(flip).or(attack)
    };
    choice.expect("a safe action exists")
}

/// The game the console deals for its first game (the challenger sits first).
pub fn new_game() -> Game {
    Game::new(SEED, Rules::default())
}

pub fn name_of(seat: Seat) -> &'static str {
    NAMES[seat.index()]
}
