//! One whole game between two [`Player`]s under the full rules of [`Game`] (no clocks), for the
//! arena and the tests.

use std::time::{Duration, Instant};

use super::level::SearchBudget;
use super::players::Player;
use crate::game::{Action, Game, Outcome, PublicView, Rules, Seat};

/// How a game between two players went.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameSummary {
    pub outcome: Outcome<Seat>,
    pub plies: u16,
    /// Time each seat spent choosing, and how many choices it made.
    pub thinking: [Duration; 2],
    pub decisions: [u32; 2],
    /// The longest single decision of each seat.
    pub longest: [Duration; 2],
    /// The final position as the players see it (docs/rules.md §8 notation).
    pub final_position: String,
}

/// Plays a game dealt from `seed` between `players[0]` (seat First) and `players[1]` (seat
/// Second), each decision seeded from `seed` and the ply. A player that finds no action (which
/// the rules make impossible in an unfinished game) abandons.
pub fn play_game(players: [Player; 2], seed: u64, budget: SearchBudget) -> GameSummary {
    play_game_salted(players, seed, 0, budget)
}

/// [`play_game`] with the decisions' seeds also drawn from `salt`: the arena plays each deal
/// twice with the seats swapped, and a player against itself would otherwise play the same
/// game twice.
pub fn play_game_salted(
    players: [Player; 2],
    seed: u64,
    salt: u64,
    budget: SearchBudget,
) -> GameSummary {
    play_game_under(players, seed, salt, budget, Rules::default())
}

/// [`play_game_salted`] under other rule settings (the arena's `--quiet-limit` and
/// `--ply-limit`, which tell a draw the side ahead ran out of time to win from one it could
/// not win at all).
pub fn play_game_under(
    players: [Player; 2],
    seed: u64,
    salt: u64,
    budget: SearchBudget,
    rules: Rules,
) -> GameSummary {
    play_game_watched(players, seed, salt, budget, rules, &mut |_, _| {})
}

/// [`play_game_under`], showing `watch` each position as the player to act sees it and the
/// action chosen there (`None`: the player found none), for the arena's `--trace`.
pub fn play_game_watched(
    players: [Player; 2],
    seed: u64,
    salt: u64,
    budget: SearchBudget,
    rules: Rules,
    watch: &mut dyn FnMut(&PublicView, Option<Action>),
) -> GameSummary {
    let mut game = Game::new(seed, rules);
    let mut thinking = [Duration::ZERO; 2];
    let mut decisions = [0u32; 2];
    let mut longest = [Duration::ZERO; 2];
    while game.outcome().is_none() {
        let seat = game.to_act();
        let view = game.view();
        let decision_seed = (seed ^ salt.wrapping_mul(0xD1B5_4A32_D192_ED03))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(u64::from(game.plies()) * 2 + seat.index() as u64);
        let started = Instant::now();
        let repeats = |action| game.would_repeat(seat, action);
        let choice = players[seat.index()].choose(&view, seat, decision_seed, budget, &repeats);
        let took = started.elapsed();
        thinking[seat.index()] += took;
        longest[seat.index()] = longest[seat.index()].max(took);
        decisions[seat.index()] += 1;
        watch(&view, choice);
        let played = match choice {
            Some(action) => game.act(seat, action).is_ok(),
            None => false,
        };
        if !played {
            // Either no action or an illegal one: both are bugs the tests catch; end the game.
            let _ = game.abandon(seat);
        }
    }
    GameSummary {
        outcome: game
            .outcome()
            .unwrap_or(Outcome::Draw(crate::game::DrawReason::Agreement)),
        plies: game.plies(),
        thinking,
        decisions,
        longest,
        final_position: game.view().notation(),
    }
}
