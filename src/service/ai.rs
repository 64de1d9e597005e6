//! The one place the service asks the AI for a move. The search itself lives in `src/ai`
//! (branch `ai`); until it is merged, [`ai_move`] is a stand-in that plays the first legal
//! action that does not lose by repetition. It runs on `spawn_blocking`, so a real search may
//! take its whole budget without stalling other games.

use crate::game::{Action, Game, Seat};

/// What the AI is asked to do: its seat, level, thinking budget and a seed for its randomness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiRequest {
    pub seat: Seat,
    pub level: String,
    pub budget_ms: u32,
    pub seed: u64,
}

/// The AI's action for `request.seat` in `game`, or `None` when it has none.
///
/// Replaced when `src/ai` lands by a call to
/// `junqi::ai::choose_action(&game.view(), seat, &AiConfig { level, budget, seed },
/// &|action| game.would_repeat(seat, action))`; the game is passed whole only so that
/// `would_repeat` can be asked: the AI itself must see nothing but the public view.
pub fn ai_move(game: &Game, request: &AiRequest) -> Option<Action> {
    let actions = game.legal_actions();
    actions
        .iter()
        .copied()
        .find(|action| !game.would_repeat(request.seat, *action))
        .or_else(|| actions.first().copied())
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
            level: "normal".into(),
            budget_ms: 10,
            seed: 1,
        };
        let action = ai_move(&game, &request).unwrap();
        assert!(game.check(request.seat, action).is_ok());
    }
}
