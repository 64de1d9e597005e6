//! Restart speed: fills a store with N live games in bulk, then times a restart as the bot does
//! it: `Store::open` (with the ledger check, after a clean close and after a crash) and
//! `Service::start` until a command in one of the games is answered.
//!
//! `cargo run --release --example restart -- [games...]` (default 10000 50000).
//! `cargo run --release --example restart -- backup [finished games]` (default 10000) times a
//! backup and its restore instead.

use std::time::Instant;

use junqi::config::Config;
use junqi::game::{Action, Game, Rules};
use junqi::service::{Caller, Command, Service};
use junqi::store::{LiveGame, Place, Store};

fn live_game(id: u64, template: &Game) -> LiveGame {
    LiveGame {
        id,
        place: Place {
            guild: 1,
            channel: id,
        },
        players: [2 * id + 1, 2 * id + 2],
        names: [format!("p{}", 2 * id + 1), format!("p{}", 2 * id + 2)],
        record: template.record().clone(),
        turn_secs: 3600,
        started_at_ms: junqi::service::now_ms(),
        turn_deadline_ms: junqi::service::now_ms() + 3_600_000,
        warned: false,
        base_score: 1,
        rated: true,
        ai: None,
    }
}

/// Opens the store and starts the service, then asks for a board; returns (open, start, first
/// answer) in seconds.
async fn restart(dir: &std::path::Path, config: &Config) -> (f64, f64, f64) {
    let started = Instant::now();
    let store = Store::open(dir).await.expect("store opens");
    let opened = started.elapsed().as_secs_f64();
    let (service, _outbound) = Service::start(config.clone(), store.clone())
        .await
        .expect("service starts");
    let serving = started.elapsed().as_secs_f64();
    let caller = Caller {
        user: 3,
        name: "p3".into(),
        place: Place {
            guild: 1,
            channel: 1,
        },
    };
    let reply = service.handle(caller, Command::Export).await;
    assert!(!reply.lines.is_empty());
    let answered = started.elapsed().as_secs_f64();
    service.shutdown().await;
    store.close_cleanly().await.expect("closes");
    (opened, serving, answered)
}

/// Fills a store with `games` finished games, then times a backup and a restore.
async fn backup_round_trip(games: u64) {
    let root = tempfile_dir();
    let dir = root.join("store");
    let store = Store::open(&dir).await.expect("opens");
    let fill = Instant::now();
    for n in 0..games {
        let id = store.next_id().await.expect("id");
        let mut live = live_game(id, &Game::new(n, Rules::default()));
        live.players = [n % 500 + 1, n % 300 + 1000];
        store.put_live_game(&live).await.expect("stored");
        let mut game = Game::replay(&live.record).expect("replays");
        game.abandon(junqi::game::Seat::Second).expect("abandons");
        let view = game.view();
        let done = junqi::store::FinishedGame {
            points: junqi::scoring::points_for(&view, 1),
            outcome: view.outcome.expect("over"),
            ended_at_ms: n,
            game: LiveGame {
                record: game.record().clone(),
                ..live
            },
        };
        store.finish_game(&done).await.expect("finished");
    }
    let filled = fill.elapsed().as_secs_f64();
    let file = root.join("round-trip.junqi-backup");
    let started = Instant::now();
    let summary = store.write_backup(&file).await.expect("backup");
    let backup = started.elapsed().as_secs_f64();
    let started = Instant::now();
    Store::restore_backup(&file, &root.join("restored"))
        .await
        .expect("restore");
    let restore = started.elapsed().as_secs_f64();
    println!(
        "{games} finished games (filled in {filled:.1} s): backup {backup:.2} s ({} bytes), \
         restore {restore:.2} s",
        summary.bytes
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[tokio::main]
async fn main() {
    if std::env::args().nth(1).as_deref() == Some("backup") {
        let games = std::env::args()
            .nth(2)
            .and_then(|arg| arg.parse().ok())
            .unwrap_or(10_000);
        backup_round_trip(games).await;
        return;
    }
    let counts: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|arg| arg.parse().ok())
        .collect();
    let counts = if counts.is_empty() {
        vec![10_000, 50_000]
    } else {
        counts
    };
    // A game six actions in: the records are as long as early play makes them.
    let mut template = Game::new(7, Rules::default());
    for _ in 0..6 {
        let seat = template.to_act();
        let flip = template
            .legal_actions()
            .into_iter()
            .find(|action| matches!(action, Action::Flip(_)))
            .expect("a flip");
        template.act(seat, flip).expect("legal");
    }
    let config = Config::default();
    for games in counts {
        let root = tempfile_dir();
        let dir = root.join("store");
        let fill = Instant::now();
        {
            let store = Store::open(&dir).await.expect("opens");
            let all: Vec<LiveGame> = (1..=games).map(|id| live_game(id, &template)).collect();
            store.import_live_games(&all).await.expect("imported");
            store.close_cleanly().await.expect("closed");
        }
        let filled = fill.elapsed().as_secs_f64();
        let clean = restart(&dir, &config).await;
        // A crash: the ledger without clean checksums makes the next open check a copy.
        let ledger = junqi::store::ledger::ledger_path(&dir);
        let mut text = std::fs::read_to_string(&ledger).expect("ledger");
        if let Some(at) = text.find("\"clean_files\"") {
            text.truncate(at);
            text.push_str("\"clean_files\":{}}");
        }
        std::fs::write(&ledger, text).expect("ledger written");
        let crashed = restart(&dir, &config).await;
        println!(
            "{games} live games (filled in {filled:.1} s): after a clean stop open {:.2} s, \
             serving {:.2} s, first answer {:.2} s; after a crash open {:.2} s, serving {:.2} s, \
             first answer {:.2} s",
            clean.0, clean.1, clean.2, crashed.0, crashed.1, crashed.2
        );
        let _ = std::fs::remove_dir_all(&root);
    }
}

fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("junqi-restart-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}
