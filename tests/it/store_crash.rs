//! Crash safety: a child process plays random games on a data directory, printing every write
//! the store acknowledged, and is killed with SIGKILL at 100 random moments (during start-up
//! and recovery too). After each kill every acknowledged action is on disk, the games continue,
//! and every player's stats equal a recomputation from the finished games.
//!
//! The child is this test binary itself, re-run with `CHILD_STORE` set: no extra binary to build.
//! It runs on both backends: on PostgreSQL the kill also cuts the child's connections mid-way.

use crate::store_support;
use crate::store_support::backends::Backend;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use junqi::game::Game;
use junqi::scoring::{DEFAULT_REMATCH_WINDOW_MS, base_score};
use junqi::store::{LiveGame, Place, Store};
use rand::RngExt;
use store_support::{
    check_finished, finished, live_game, naive_places, next_seed, random_step, recompute, rng,
    totals,
};

const TEST_NAME: &str = "killed_at_random_moments_the_store_loses_nothing_acknowledged";
/// A sled directory or a postgres:// URL.
const CHILD_STORE: &str = "JUNQI_STORE_CRASH_CHILD_STORE";
const CHILD_SEED: &str = "JUNQI_STORE_CRASH_CHILD_SEED";
const KILLS: usize = 100;
/// A child left behind by a failed parent stops by itself.
const CHILD_LIFETIME: Duration = Duration::from_secs(20);

async fn killed_at_random_moments_the_store_loses_nothing_acknowledged(backend: Backend) {
    match (std::env::var(CHILD_STORE), std::env::var(CHILD_SEED)) {
        (Ok(store), Ok(seed)) => child(&store, seed.parse().unwrap_or(0)).await,
        _ => parent(backend).await,
    }
}

crate::on_both_backends!(killed_at_random_moments_the_store_loses_nothing_acknowledged);

/// Opens the store a child or the parent was pointed at.
async fn open(store: &str) -> Store {
    if store.starts_with("postgres://") {
        Store::connect(store).await.expect("connects")
    } else {
        Store::open(Path::new(store)).await.expect("opens")
    }
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_millis() as u64)
}

/// Plays forever (until killed): resumes the stored live games, keeps two going, and prints
/// `ACK id events` after each `put_live_game` and `FIN id events` after each `finish_game`.
async fn child(store: &str, seed: u64) {
    let started = Instant::now();
    let store = open(store).await;
    let mut out = std::io::stdout().lock();
    let say = |out: &mut std::io::StdoutLock, line: String| {
        writeln!(out, "{line}").expect("stdout");
        out.flush().expect("stdout");
    };
    // libtest has printed "test NAME ... " without a newline: start a fresh line.
    say(&mut out, "\nOPEN".into());
    let mut rng = rng(seed);
    let mut lives: Vec<LiveGame> = store.live_games().await.expect("live games");
    while started.elapsed() < CHILD_LIFETIME {
        if lives.len() < 2 {
            let busy: Vec<u64> = lives.iter().map(|g| g.place.channel).collect();
            let channel = (0..4).find(|c| !busy.contains(c)).expect("a free channel");
            let a = rng.random_range(1..=6u64);
            let b = 1 + (a + rng.random_range(0..5u64)) % 6;
            let place = Place {
                guild: 1 + channel % 2,
                channel,
            };
            let id = store.next_id().await.expect("id");
            let mut live = live_game(id, place, [a, b], next_seed(&mut rng));
            let previous = store.last_game_between(a, b).await.expect("read");
            let previous = previous.map(|g| (g.ended_at_ms, g.game.base_score));
            live.base_score = base_score(previous, now_ms(), DEFAULT_REMATCH_WINDOW_MS);
            live.rated = rng.random_range(0..5u32) != 0;
            live.started_at_ms = now_ms();
            store.put_live_game(&live).await.expect("stored");
            say(
                &mut out,
                format!("ACK {} {}", live.id, live.record.events.len()),
            );
            lives.push(live);
        }
        let index = rng.random_range(0..lives.len());
        let live = &mut lives[index];
        let mut game = Game::replay(&live.record).expect("a stored game replays");
        random_step(&mut game, &mut rng);
        live.record = game.record().clone();
        live.turn_deadline_ms = now_ms() + 30_000;
        if game.outcome().is_some() {
            let done = finished(live, &game, now_ms());
            store.finish_game(&done).await.expect("finished");
            say(
                &mut out,
                format!("FIN {} {}", live.id, live.record.events.len()),
            );
            lives.swap_remove(index);
        } else {
            store.put_live_game(live).await.expect("stored");
            say(
                &mut out,
                format!("ACK {} {}", live.id, live.record.events.len()),
            );
        }
    }
}

#[derive(Default)]
struct Acknowledged {
    /// Game id → events acknowledged as stored (live or finished).
    events: BTreeMap<u64, usize>,
    /// Games acknowledged as finished.
    finished: BTreeMap<u64, usize>,
    /// Game id → the last round that wrote it: a game written in two rounds was resumed.
    last_round: BTreeMap<u64, usize>,
    resumed: usize,
    opens: usize,
    writes: usize,
}

async fn parent(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let spec = match (location.dir(), location.url()) {
        (Some(dir), _) => dir.display().to_string(),
        (None, Some(url)) => url.to_string(),
        (None, None) => unreachable!("a location is a directory or a database"),
    };
    let module = match backend {
        Backend::Sled => "sled_backend",
        Backend::Postgres => "postgres_backend",
    };
    let test_name = format!("store_crash::{module}::{TEST_NAME}");
    let exe = std::env::current_exe().expect("own path");
    let mut rng = rng(0x5eed);
    let mut acked = Acknowledged::default();
    let started = Instant::now();
    for round in 0..KILLS {
        let mut child = Command::new(&exe)
            .args(["--exact", &test_name, "--nocapture", "--test-threads=1"])
            .env(CHILD_STORE, &spec)
            .env(CHILD_SEED, round.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("child started");
        let stdout = child.stdout.take().expect("piped");
        let (written, wait_written) = std::sync::mpsc::channel();
        let reader = std::thread::spawn(move || {
            let mut lines = Vec::new();
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = written.send(line.starts_with("FIN") || line.starts_with("ACK"));
                lines.push(line);
            }
            lines
        });
        if round % 5 == 0 {
            // Kill during start-up: opening, recovering, resuming.
            std::thread::sleep(Duration::from_millis(rng.random_range(0..10)));
        } else {
            // Kill during play after a random number of acknowledged writes, not of
            // milliseconds: a busy machine then plays as far as a quiet one before the kill.
            let writes = rng.random_range(1..120);
            let deadline = Instant::now() + Duration::from_secs(20);
            let mut seen = 0;
            while seen < writes {
                let left = deadline.saturating_duration_since(Instant::now());
                match wait_written.recv_timeout(left) {
                    Ok(true) => seen += 1,
                    Ok(false) => {}
                    Err(_) => break,
                }
            }
            // Then somewhere inside the next write.
            std::thread::sleep(Duration::from_micros(rng.random_range(0..2000)));
        }
        let _ = child.kill(); // SIGKILL
        let status = child.wait().expect("child reaped");
        let lines = reader.join().expect("reader");
        if status.code().is_some() {
            let mut stderr = String::new();
            if let Some(mut pipe) = child.stderr.take() {
                let _ = std::io::Read::read_to_string(&mut pipe, &mut stderr);
            }
            panic!("round {round}: the child exited by itself ({status}):\n{stderr}");
        }
        for line in lines {
            let mut words = line.split_whitespace();
            let (kind, id, events) = (words.next(), words.next(), words.next());
            let parse = |word: Option<&str>| word.and_then(|w| w.parse::<u64>().ok());
            match (kind, parse(id), parse(events)) {
                (Some("OPEN"), _, _) => acked.opens += 1,
                (Some(kind @ ("ACK" | "FIN")), Some(id), Some(events)) => {
                    acked.writes += 1;
                    if let Some(previous) = acked.last_round.insert(id, round)
                        && previous != round
                    {
                        acked.resumed += 1;
                    }
                    let events = events as usize;
                    let known = acked.events.entry(id).or_default();
                    *known = (*known).max(events);
                    if kind == "FIN" {
                        acked.finished.insert(id, events);
                    }
                }
                _ => {}
            }
        }
        verify(&spec, &acked, round).await;
    }
    let finished = acked.finished.len();
    eprintln!(
        "{KILLS} kills in {:.1} s: {} starts reached play, {} acknowledged writes, {} games \
         ({} resumed after a kill), {finished} finished",
        started.elapsed().as_secs_f64(),
        acked.opens,
        acked.writes,
        acked.events.len(),
        acked.resumed,
    );
    assert!(acked.opens >= KILLS * 4 / 5, "most children got to play");
    assert!(finished >= 5, "games were finished ({finished})");
    assert!(
        acked.resumed >= 10,
        "games continued after kills ({})",
        acked.resumed
    );
}

/// Everything acknowledged is on disk, and stats equal a recomputation from finished games.
async fn verify(spec: &str, acked: &Acknowledged, round: usize) {
    let store = open(spec).await;
    for (&id, &events) in &acked.events {
        let live = store.live_game(id).await.expect("read");
        let done = store.finished_game(id).await.expect("read");
        let stored = match (&live, &done) {
            (Some(live), None) => {
                let game = Game::replay(&live.record).expect("a live game replays");
                assert!(
                    game.outcome().is_none(),
                    "round {round}: game {id} live but over"
                );
                live.record.events.len()
            }
            (None, Some(done)) => done.game.record.events.len(),
            (Some(_), Some(_)) => panic!("round {round}: game {id} is both live and finished"),
            (None, None) => panic!("round {round}: acknowledged game {id} is gone"),
        };
        assert!(
            stored >= events,
            "round {round}: game {id} has {stored} events, {events} were acknowledged"
        );
        if acked.finished.contains_key(&id) {
            assert!(
                done.is_some(),
                "round {round}: finished game {id} is live again"
            );
        }
    }
    let games = store.finished_games().await.expect("finished games");
    games.iter().for_each(check_finished);
    let expected = recompute(&games);
    let players = store.players().await.expect("players");
    assert_eq!(players.len(), expected.len(), "round {round}: players");
    for stats in &players {
        let recomputed = totals(&expected[&stats.user]);
        assert_eq!(
            totals(stats),
            recomputed,
            "round {round}: user {}",
            stats.user
        );
    }
    // Only players with a rated game stand on the board.
    let mut naive: Vec<_> = players.iter().filter(|p| p.games > 0).cloned().collect();
    naive.sort_by_key(|p| (-p.points, -i64::from(p.wins), p.games, p.user));
    assert_eq!(
        store
            .leaderboard(junqi::GameKind::Flip, None, 100)
            .await
            .expect("board"),
        naive,
        "round {round}"
    );
    for (place, player) in naive_places(&naive).into_iter().zip(&naive) {
        let position = store
            .position_of(player.user, junqi::GameKind::Flip, None)
            .await
            .expect("position");
        assert_eq!(position, Some(place), "round {round}: user {}", player.user);
    }
    assert!(
        store.quarantined().await.expect("read").is_empty(),
        "round {round}"
    );
}
