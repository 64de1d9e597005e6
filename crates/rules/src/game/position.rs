//! A position after colours are assigned: the board, the colour to act and the two counters of
//! docs/rules.md §8. This is what `moves` and `apply` analyse and what playouts run on; the full
//! game with seats, colour assignment, clocks and repetition is [`crate::game::Game`].

use super::action::Action;
use super::board::{ActionError, Board, Effect};
use super::outcome::{DrawReason, Outcome, WinReason};
use super::piece::Colour;
use super::rules::Rules;

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub board: Board,
    pub turn: Colour,
    /// Actions since the last attack.
    pub quiet: u16,
    /// Actions so far.
    pub plies: u16,
    pub rules: Rules,
}

/// The quiet draw and the length draw of docs/rules.md §6 (3–4).
pub(crate) fn draw_by_counters<W>(quiet: u16, plies: u16, rules: &Rules) -> Option<Outcome<W>> {
    if quiet >= rules.quiet_limit {
        return Some(Outcome::Draw(DrawReason::NoCapture));
    }
    if plies >= rules.ply_limit {
        return Some(Outcome::Draw(DrawReason::PlyLimit));
    }
    None
}

/// Passes the turn after an action and counts it in the plies and, unless it attacked, in the
/// quiet actions: every game's counters of docs/rules.md §6 (3–4).
pub(crate) fn count_action(turn: &mut Colour, plies: &mut u16, quiet: &mut u16, attack: bool) {
    *turn = turn.other();
    *plies = plies.saturating_add(1);
    *quiet = if attack { 0 } else { quiet.saturating_add(1) };
}

impl Position {
    pub fn new(board: Board, turn: Colour) -> Position {
        Position {
            board,
            turn,
            quiet: 0,
            plies: 0,
            rules: Rules::default(),
        }
    }

    /// Every legal action of the colour to act: flips first, then moves.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(64);
        self.legal_actions_into(&mut out);
        out
    }

    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.board.legal_actions_into(self.turn, self.rules, out);
    }

    pub fn check(&self, action: Action) -> Result<(), ActionError> {
        self.board.check(self.turn, action, self.rules)
    }

    /// Checks and plays `action`; returns what it did and the outcome if the game ended.
    pub fn apply(
        &mut self,
        action: Action,
    ) -> Result<(Effect, Option<Outcome<Colour>>), ActionError> {
        self.check(action)?;
        Ok(self.play_unchecked(action))
    }

    /// Plays an action known to be legal (from [`Position::legal_actions`]).
    pub fn play_unchecked(&mut self, action: Action) -> (Effect, Option<Outcome<Colour>>) {
        let effect = self.advance(action);
        (effect, self.end_after(effect))
    }

    /// Plays a checked action on the board, passes the turn and updates both counters: the
    /// part of an action that a [`crate::game::Game`] shares with a position.
    pub(super) fn advance(&mut self, action: Action) -> Effect {
        let effect = self.board.apply(action);
        count_action(
            &mut self.turn,
            &mut self.plies,
            &mut self.quiet,
            effect.is_attack(),
        );
        effect
    }

    /// The end-of-game checks of docs/rules.md §6 (1–4) after the colour that is not to act
    /// played an action with `effect`.
    pub(super) fn end_after(&self, effect: Effect) -> Option<Outcome<Colour>> {
        if effect.took_flag() {
            return Some(Outcome::Win {
                winner: self.turn.other(),
                reason: WinReason::Flag,
            });
        }
        if self.board.face_down().is_empty() && !self.board.has_legal_move(self.turn, self.rules) {
            return Some(Outcome::Win {
                winner: self.turn.other(),
                reason: WinReason::NoMoves,
            });
        }
        draw_by_counters(self.quiet, self.plies, &self.rules)
    }
}
