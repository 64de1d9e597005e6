//! The one place the service asks the AI (`src/ai`) for a move. It runs on `spawn_blocking`,
//! so a search may take its whole budget without stalling other games.

use std::time::Duration;

use crate::ai::{AiConfig, Level, choose_action};
use crate::game::{Action, Game, Seat};

/// What the AI is asked to do: its seat, level, thinking budget and a seed for its randomness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiRequest {
    pub seat: Seat,
    pub level: Level,
    pub budget_ms: u32,
    pub seed: u64,
}

/// The AI's action for `request.seat` in `game`, or `None` when it has none. The game is
/// passed whole only so that `would_repeat` can be asked: the AI sees the public view alone.
pub fn ai_move(game: &Game, request: &AiRequest) -> Option<Action> {
    let config = AiConfig {
        level: request.level,
        budget: Duration::from_millis(u64::from(request.budget_ms)),
        seed: request.seed,
    };
    let seat = request.seat;
    choose_action(&game.view(), seat, &config, &|action| {
        game.would_repeat(seat, action)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;

    #[test]
    fn plays_a_legal_action_of_its_seat() {
        let game = Game::new(11, Rules::default());
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
