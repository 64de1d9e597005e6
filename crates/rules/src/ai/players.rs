//! Players that choose from the public view: the AI at each level and two baselines to measure
//! it against (uniformly random; greedy, which takes the best capture available and otherwise
//! plays at random). Every player avoids an action that would lose by repetition while it has
//! another.

use std::fmt;
use std::str::FromStr;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use thiserror::Error;

use super::determinise::{below, determinise};
use super::eval::attack_gain;
use super::level::{Level, SearchBudget};
use super::repetition::unless_repeating;
use crate::game::{Action, Kind, Piece, PublicCell, PublicView, Seat};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Player {
    Random,
    Greedy,
    Ai(Level),
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown player \"{0}\": write random, greedy or ai:easy|normal|hard|master")]
pub struct PlayerParseError(pub String);

impl FromStr for Player {
    type Err = PlayerParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let lower = text.trim().to_ascii_lowercase();
        let refuse = || PlayerParseError(text.trim().chars().take(20).collect());
        match lower.as_str() {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            _ => {
                let level = lower.strip_prefix("ai:").ok_or_else(refuse)?;
                level.parse().map(Player::Ai).map_err(|_| refuse())
            }
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Greedy => f.write_str("greedy"),
            Player::Ai(level) => write!(f, "ai:{level}"),
        }
    }
}

/// Every legal action of the seat to act in `view` (flips only before colours are decided).
pub fn legal_actions(view: &PublicView) -> Vec<Action> {
    let mut out = Vec::new();
    if view.outcome.is_some() {
        return out;
    }
    // Legality depends only on public information, so any deal of the hidden pieces will do.
    let board = determinise(view, &mut ChaCha8Rng::seed_from_u64(0));
    match view.turn_colour() {
        Some(colour) => board.legal_actions_into(colour, view.rules, &mut out),
        None => out.extend(board.face_down().into_iter().map(Action::Flip)),
    }
    out
}

impl Player {
    /// The action this player takes for `seat`, or `None` when it has none.
    pub fn choose(
        self,
        view: &PublicView,
        seat: Seat,
        seed: u64,
        budget: SearchBudget,
        would_repeat: &dyn Fn(Action) -> bool,
    ) -> Option<Action> {
        match self {
            Player::Ai(level) => {
                super::choose_action_with(view, seat, level, seed, budget, would_repeat)
                    .map(|report| report.action)
            }
            Player::Random | Player::Greedy => {
                if view.outcome.is_some() || seat != view.to_act {
                    return None;
                }
                let legal = legal_actions(view);
                let candidates = unless_repeating(legal, would_repeat);
                let capture = match self {
                    Player::Greedy => best_capture(view, &candidates),
                    _ => None,
                };
                if capture.is_some() {
                    return capture;
                }
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                (!candidates.is_empty()).then(|| candidates[below(&mut rng, candidates.len())])
            }
        }
    }
}

/// The capture that gains the most material, if any gains something.
fn best_capture(view: &PublicView, candidates: &[Action]) -> Option<Action> {
    let mut best: Option<(i32, Action)> = None;
    for &action in candidates {
        let Action::Move { from, to } = action else {
            continue;
        };
        let (PublicCell::Revealed(attacker), PublicCell::Revealed(target)) =
            (view.cell(from), view.cell(to))
        else {
            continue;
        };
        let mine = Piece::new(target.colour, Kind::Landmine);
        let mines = view.face_down_count(mine) + view.revealed_count(mine);
        let Some(gain) = attack_gain(attacker.kind, target.kind, mines) else {
            continue;
        };
        if gain > 0 && best.is_none_or(|(top, _)| gain > top) {
            best = Some((gain, action));
        }
    }
    best.map(|(_, action)| action)
}
