//! One whole standard game between two players, each deciding from its own seat's knowledge
//! only, for the arena and the tests: the AI at a level, or the baseline (a random layout and
//! random moves).

use std::collections::VecDeque;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use super::super::level::{Level, SearchBudget};
use super::super::players::PlayerParseError;
use super::super::repetition::unless_repeating;
use super::{Belief, ai_layout, choose_standard};
use crate::game::deal::below;
use crate::game::push_repetition;
use crate::game::{
    Action, Colour, DrawReason, Outcome, RepetitionKey, Rules, StandardOptions, WinReason,
};
use crate::standard::{Layout, StandardGame, Verdict, Viewer};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StandardPlayer {
    /// A uniformly random valid layout and a uniformly random legal move.
    Random,
    Ai(Level),
}

impl FromStr for StandardPlayer {
    type Err = PlayerParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let lower = text.trim().to_ascii_lowercase();
        let refuse = || PlayerParseError(text.trim().chars().take(20).collect());
        if lower == "random" {
            return Ok(StandardPlayer::Random);
        }
        let level = lower.strip_prefix("ai:").ok_or_else(refuse)?;
        level.parse().map(StandardPlayer::Ai).map_err(|_| refuse())
    }
}

impl fmt::Display for StandardPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StandardPlayer::Random => f.write_str("random"),
            StandardPlayer::Ai(level) => write!(f, "ai:{level}"),
        }
    }
}

impl StandardPlayer {
    /// This player's deployment.
    pub fn layout(self, rng: &mut ChaCha8Rng) -> Layout {
        match self {
            StandardPlayer::Random => Layout::random(rng),
            StandardPlayer::Ai(level) => ai_layout(level, rng),
        }
    }
}

/// How a standard game went.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StandardSummary {
    pub outcome: Outcome<Colour>,
    pub plies: u16,
    /// Time each colour spent choosing (by colour index), and how many choices it made.
    pub thinking: [Duration; 2],
    pub decisions: [u32; 2],
}

/// Plays a game between `players[0]` (Red) and `players[1]` (Black) deploying from `seed`,
/// each decision seeded from `seed`, `salt` and the ply. A player that finds no move abandons
/// (the rules end a game before that can happen).
pub fn play_standard_game(
    players: [StandardPlayer; 2],
    seed: u64,
    salt: u64,
    budget: SearchBudget,
    options: StandardOptions,
    rules: Rules,
) -> StandardSummary {
    play_standard_game_watched(
        players,
        seed,
        salt,
        budget,
        options,
        rules,
        &mut |_, _, _| {},
    )
}

/// [`play_standard_game`], showing `watch` each colour's move and the referee's verdict.
pub fn play_standard_game_watched(
    players: [StandardPlayer; 2],
    seed: u64,
    salt: u64,
    budget: SearchBudget,
    options: StandardOptions,
    rules: Rules,
    watch: &mut dyn FnMut(Colour, Action, Verdict),
) -> StandardSummary {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let red = players[0].layout(&mut rng);
    let black = players[1].layout(&mut rng);
    play_from_layouts(
        players,
        [red, black],
        seed ^ salt.rotate_left(17),
        budget,
        options,
        rules,
        watch,
    )
}

/// A game from the given layouts (Red's, then Black's).
pub fn play_from_layouts(
    players: [StandardPlayer; 2],
    layouts: [Layout; 2],
    seed: u64,
    budget: SearchBudget,
    options: StandardOptions,
    rules: Rules,
    watch: &mut dyn FnMut(Colour, Action, Verdict),
) -> StandardSummary {
    let mut game = StandardGame::new(layouts[0], layouts[1], options, rules);
    let mut beliefs =
        Colour::BOTH.map(|colour| Belief::new(colour, &game.view(Viewer::Player(colour)), options));
    let mut recent: [VecDeque<RepetitionKey>; 2] = [VecDeque::new(), VecDeque::new()];
    let mut thinking = [Duration::ZERO; 2];
    let mut decisions = [0u32; 2];
    let mut forfeit = None;
    while game.outcome().is_none() {
        let colour = game.to_act();
        let plies = game.position().plies;
        let decision_seed = seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(u64::from(plies) * 2 + colour.index() as u64);
        let board = game.position().board.clone();
        let would_repeat = |action: Action| {
            let (from, to) = action.squares();
            match (board.piece(from), board.piece(to)) {
                (Some(piece), None) => {
                    let mut list = recent[colour.index()].clone();
                    push_repetition(&mut list, (piece, from, to))
                }
                _ => false,
            }
        };
        let started = Instant::now();
        let choice = match players[colour.index()] {
            StandardPlayer::Random => {
                let legal = game.legal_actions();
                let candidates = unless_repeating(legal, &would_repeat);
                let mut rng = ChaCha8Rng::seed_from_u64(decision_seed);
                (!candidates.is_empty())
                    .then(|| candidates[below(&mut rng, candidates.len() as u32) as usize])
            }
            StandardPlayer::Ai(level) => choose_standard(
                &beliefs[colour.index()],
                rules,
                level,
                decision_seed,
                budget,
                &would_repeat,
            )
            .map(|report| report.action),
        };
        thinking[colour.index()] += started.elapsed();
        decisions[colour.index()] += 1;
        let Some(action) = choice else {
            forfeit = Some(colour);
            break;
        };
        let (from, to) = action.squares();
        let mover = board.piece(from);
        let Ok(verdict) = game.act(colour, action) else {
            forfeit = Some(colour);
            break;
        };
        watch(colour, action, verdict);
        match (verdict, mover) {
            (Verdict::Moved, Some(piece)) => {
                push_repetition(&mut recent[colour.index()], (piece, from, to));
            }
            _ => recent[colour.index()].clear(),
        }
        for seat in Colour::BOTH {
            beliefs[seat.index()].observe(action, verdict, &game.view(Viewer::Player(seat)));
        }
    }
    let outcome = match forfeit {
        Some(loser) => Outcome::Win {
            winner: loser.other(),
            reason: WinReason::Abandonment,
        },
        None => game
            .outcome()
            .unwrap_or(Outcome::Draw(DrawReason::Agreement)),
    };
    StandardSummary {
        outcome,
        plies: game.position().plies,
        thinking,
        decisions,
    }
}
