//! The one place the service asks the AI (`src/ai`) for a move. It runs on `spawn_blocking`,
//! so a search may take its whole budget without stalling other games.

use std::time::Duration;

use crate::AnyGame;
use crate::ai::{AiConfig, Level, SearchBudget, choose_action};
use crate::game::{Action, Seat};

/// What the AI is asked to do: its seat, level, thinking budget and a seed for its randomness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiRequest {
    pub seat: Seat,
    pub level: Level,
    pub budget_ms: u32,
    pub seed: u64,
}

/// The AI's action for `request.seat` in `game`, or `None` when it has none. The game is
/// passed whole only so that `would_repeat` can be asked: in 翻翻棋 the AI sees the public view
/// alone, in a standard game what its own seat was shown (`belief_of`).
pub fn ai_move(game: &AnyGame, request: &AiRequest) -> Option<Action> {
    let seat = request.seat;
    let would_repeat = |action: Action| game.would_repeat(seat, action);
    match game {
        AnyGame::Flip(flip) => {
            let config = AiConfig {
                level: request.level,
                budget: Duration::from_millis(u64::from(request.budget_ms)),
                seed: request.seed,
            };
            choose_action(&flip.view(), seat, &config, &would_repeat)
        }
        AnyGame::Standard(round) => {
            let belief = crate::ai::standard::belief_of(round, seat)?;
            let budget = SearchBudget::Time(Duration::from_millis(u64::from(request.budget_ms)));
            let report = crate::ai::standard::choose_standard(
                &belief,
                *round.rules(),
                request.level,
                request.seed,
                budget,
                &would_repeat,
            )?;
            Some(report.action)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;

    #[test]
    fn plays_a_legal_action_of_its_seat() {
        let game = AnyGame::Flip(crate::game::Game::new(11, Rules::default()));
        let request = AiRequest {
            seat: game.to_act(),
            level: Level::Normal,
            budget_ms: 10,
            seed: 1,
        };
        let action = ai_move(&game, &request).unwrap();
        assert!(game.check(request.seat, action).is_ok());
    }
}
