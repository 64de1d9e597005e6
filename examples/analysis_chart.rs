//! One real game's analysis and its twin: plays `hard` against `normal` (node-limited) on a
//! deal for at most LIMIT actions (then the side to act abandons: a finished game still has
//! face-down pieces only when it ends early, and only then can a twin deal differ), then the
//! same actions on a twin deal (every piece never flipped moved to another
//! never-flipped square), analyses both with the production estimate, writes both charts and
//! says whether they are byte-identical. `cargo build --release --example analysis_chart`,
//! then `target/release/examples/analysis_chart [SEED] [DIR] [LIMIT]` (default 3, `target-out`,
//! 80).

use std::path::PathBuf;

use junqi::ai::players::Player;
use junqi::ai::{Level, SearchBudget};
use junqi::analysis::{self, estimate};
use junqi::config::Language;
use junqi::game::{Cell, Deal, Game, PublicCell, Rules, deal};
use junqi::service::{AnalysedGame, analysis_media_of_views};
use junqi::store::StoredAnalysis;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seed: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(3);
    let dir = PathBuf::from(args.get(1).map_or("target-out", String::as_str));
    let limit: u16 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(80);
    std::fs::create_dir_all(&dir).expect("output directory");
    let players = [Player::Ai(Level::Hard), Player::Ai(Level::Normal)];
    let original = deal(seed);
    let mut game = Game::from_deal(original.clone(), Rules::default());
    let mut views = vec![game.view()];
    let mut actions = Vec::new();
    while game.outcome().is_none() {
        let seat = game.to_act();
        if game.plies() >= limit {
            game.abandon(seat).expect("abandons");
            break;
        }
        let view = game.view();
        let repeats = |action| game.would_repeat(seat, action);
        let choice = players[seat.index()]
            .choose(
                &view,
                seat,
                u64::from(game.plies()),
                SearchBudget::Nodes(1_500),
                &repeats,
            )
            .expect("an action");
        game.act(seat, choice).expect("legal");
        actions.push(choice);
        views.push(game.view());
    }
    let outcome = game.outcome().expect("over");
    let last = views.last().expect("views");
    let hidden: Vec<_> = junqi::Square::all()
        .filter(|square| last.cell(*square) == PublicCell::FaceDown)
        .collect();
    let mut board = original.board.clone();
    for (index, square) in hidden.iter().enumerate() {
        board.set(
            *square,
            original.board.cell(hidden[(index + 1) % hidden.len()]),
        );
    }
    let differs = hidden
        .iter()
        .any(|s| board.cell(*s) != original.board.cell(*s));
    assert!(
        hidden
            .iter()
            .all(|s| matches!(board.cell(*s), Cell::FaceDown(_)))
    );
    let mut twin = Game::from_deal(
        Deal {
            board,
            first: original.first,
        },
        Rules::default(),
    );
    let mut twin_views = vec![twin.view()];
    for action in &actions {
        twin.act(twin.to_act(), *action)
            .expect("the same actions are legal");
        twin_views.push(twin.view());
    }
    if twin.outcome().is_none() {
        twin.abandon(twin.to_act()).expect("abandons");
    }
    assert_eq!(twin.outcome(), Some(outcome), "the same end");
    let names = ["hard".to_string(), "normal".to_string()];
    let chart = |views: &[junqi::PublicView], name: &str, lang: Language| {
        let started = std::time::Instant::now();
        let series = analysis::series_of_views(views, &outcome, estimate::NODES);
        let took = started.elapsed().as_secs_f64();
        let stored = StoredAnalysis {
            game: seed,
            estimator: analysis::ESTIMATOR_VERSION,
            chances: series.chances,
            end: series.end,
        };
        let game = AnalysedGame {
            id: seed,
            names: &names,
            outcome,
        };
        let media = analysis_media_of_views(&game, views, &stored, lang).expect("drawn");
        let path = dir.join(name);
        std::fs::write(&path, &media.png).expect("written");
        (media, path, took)
    };
    let (a, path_a, took) = chart(&views, "chart-game.png", Language::English);
    let (b, path_b, _) = chart(&twin_views, "chart-twin.png", Language::English);
    let (_, path_zh, _) = chart(&views, "chart-game-zh-Hans.png", Language::ZhHans);
    for line in &a.lines {
        println!("{line}");
    }
    println!(
        "{} actions analysed in {took:.2} s; twin deal differs face down: {differs} ({} pieces never flipped); public histories equal: {}; charts byte-identical: {} ({} bytes)",
        views.len() - 1,
        hidden.len(),
        views == twin_views,
        a.png == b.png,
        a.png.len()
    );
    println!(
        "{}\n{}\n{}",
        path_a.display(),
        path_b.display(),
        path_zh.display()
    );
}
