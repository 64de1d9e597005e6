//! The 300-action game that the render benchmark and the `replay_300` example both replay:
//! included by path from each, so that they measure the same game.

use junqi::config::Language;
use junqi::game::{Game, PublicView, RevealedView, Rules};
use junqi::render::{Panel, ReplayOptions};

/// A real game of random legal actions (xorshift from a fixed seed), replayed to the ply
/// limit: the first deal whose random game lasts the whole 300 actions.
pub fn game_of_300_actions() -> (Vec<PublicView>, RevealedView) {
    for seed in 0..1000u64 {
        let mut game = Game::new(seed, Rules::default());
        let mut views = vec![game.view()];
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        while game.outcome().is_none() {
            let actions = game.legal_actions();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let action = actions[(state % actions.len() as u64) as usize];
            game.act(game.to_act(), action).expect("a legal action");
            views.push(game.view());
        }
        if game.plies() == 300 {
            let reveal = game.reveal().expect("the game is over");
            return (views, reveal);
        }
    }
    panic!("no random game of 300 actions in the first 1000 deals");
}

/// The caption and options both measure with: English, 2 actions per second, no size cap.
pub fn replay_setup() -> (Panel, ReplayOptions) {
    let panel = Panel {
        points: Some([0, 0]),
        ..Panel::new(["alice".to_string(), "bob".to_string()])
    };
    let options = ReplayOptions {
        language: Language::English,
        speed: 2,
        size_cap: None,
    };
    (panel, options)
}
