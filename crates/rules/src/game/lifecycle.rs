//! What every two-seat game shares around its board (docs/rules.md §6, §13): the timeouts each
//! seat has run up, draw offers and the one waiting for an answer, resignation, abandonment and
//! the clock draw. 翻翻棋's [`Game`](super::Game) and the standard games' round keep one each, so
//! these rules are written once.

use super::outcome::{DrawReason, Outcome, WinReason};
use super::round::GameError;
use super::rules::Rules;
use super::seat::Seat;

/// The counters around a game's board; the board's owner asks it before and after each event.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Lifecycle {
    pub timeouts: [u8; 2],
    pub draw_offers_made: [u8; 2],
    pub pending_draw_offer: Option<Seat>,
}

/// A win for the other seat of `loser`.
fn loss_of(loser: Seat, reason: WinReason) -> Outcome<Seat> {
    Outcome::Win {
        winner: loser.other(),
        reason,
    }
}

impl Lifecycle {
    /// `seat` ran out of time: the loss when this was its last allowed timeout.
    pub fn timeout(&mut self, seat: Seat, rules: &Rules) -> Option<Outcome<Seat>> {
        self.timeouts[seat.index()] += 1;
        let lost = self.timeouts[seat.index()] >= rules.timeouts_to_lose;
        lost.then(|| {
            self.pending_draw_offer = None;
            loss_of(seat, WinReason::Timeouts)
        })
    }

    /// An action by `seat` was played: its opponent's waiting draw offer lapses.
    pub fn acted(&mut self, seat: Seat) {
        if self.pending_draw_offer == Some(seat.other()) {
            self.pending_draw_offer = None;
        }
    }

    /// The game ended: no offer waits any more.
    pub fn ended(&mut self) {
        self.pending_draw_offer = None;
    }

    fn require_actions(
        played: u16,
        rules: &Rules,
        too_early: fn(u16, u16) -> GameError,
    ) -> Result<(), GameError> {
        let needed = rules.actions_before_resign;
        if played < needed {
            return Err(too_early(needed, played));
        }
        Ok(())
    }

    /// `seat` resigns after `played` actions.
    pub fn resign(seat: Seat, played: u16, rules: &Rules) -> Result<Outcome<Seat>, GameError> {
        Lifecycle::require_actions(played, rules, |needed, played| {
            GameError::TooEarlyToResign { needed, played }
        })?;
        Ok(loss_of(seat, WinReason::Resignation))
    }

    /// `seat` offers a draw after `played` actions.
    pub fn offer_draw(&mut self, seat: Seat, played: u16, rules: &Rules) -> Result<(), GameError> {
        Lifecycle::require_actions(played, rules, |needed, played| GameError::TooEarlyForDraw {
            needed,
            played,
        })?;
        if self.pending_draw_offer.is_some() {
            return Err(GameError::DrawAlreadyOffered);
        }
        let allowed = rules.draw_offers_per_player;
        if self.draw_offers_made[seat.index()] >= allowed {
            return Err(GameError::NoDrawOffersLeft(allowed));
        }
        self.draw_offers_made[seat.index()] += 1;
        self.pending_draw_offer = Some(seat);
        Ok(())
    }

    /// `seat` answers the waiting offer: the draw when accepted.
    pub fn answer_draw(
        &mut self,
        seat: Seat,
        accept: bool,
    ) -> Result<Option<Outcome<Seat>>, GameError> {
        match self.pending_draw_offer {
            None => Err(GameError::NoDrawOffer),
            Some(offerer) if offerer == seat => Err(GameError::OwnDrawOffer),
            Some(_) => {
                self.pending_draw_offer = None;
                Ok(accept.then_some(Outcome::Draw(DrawReason::Agreement)))
            }
        }
    }

    /// `seat` leaves the game (逃跑) and loses; allowed at any time.
    pub fn abandon(seat: Seat) -> Outcome<Seat> {
        loss_of(seat, WinReason::Abandonment)
    }

    /// The clock draw, once `elapsed_secs` (measured by the caller) reached the limit.
    pub fn clock_draw(elapsed_secs: u64, rules: &Rules) -> Result<Outcome<Seat>, GameError> {
        if elapsed_secs < rules.clock_limit_secs {
            return Err(GameError::ClockNotExpired);
        }
        Ok(Outcome::Draw(DrawReason::ClockLimit))
    }
}
