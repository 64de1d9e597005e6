//! A moderator's cancel, in the game's actor (so it comes after every action already taken and
//! before any next one): one of the game's own players is refused (they have `/abandon`), the
//! game ends through the finisher (`finish/`: stored as cancelled, with no result, no points
//! and no tournament score) and both players are told where the game is played. The
//! moderator's right was checked by the service (`service/moderation.rs`).

use tokio::sync::oneshot;

use super::decide::store_refusal;
use super::happened::{Event, Happened, Refusal, Said};
use super::mailbox::GameActor;
use super::presenter::{Shown, Sink};
use super::{Caller, Reply, clock};
use crate::store::{CANCELLED_GAME_VERSION, CancelledGame, kept_reason};

impl GameActor {
    /// Cancels the game for `caller`, a moderator; answers them on `reply`.
    pub(super) async fn cancel(
        &mut self,
        caller: &Caller,
        reason: String,
        reply: oneshot::Sender<Reply>,
    ) {
        let id = self.table.id;
        let refusal = if self.seat_of(caller).is_some() {
            Some(Refusal::CancelOwnGame(id))
        } else if !self.resync().await {
            Some(Refusal::StoreFailure)
        } else if self.game.outcome().is_some() {
            Some(Refusal::AlreadyOver(id))
        } else {
            None
        };
        if let Some(refusal) = refusal {
            return self.show(self.said(refusal), Sink::Caller(reply)).await;
        }
        let cancelled = CancelledGame {
            version: CANCELLED_GAME_VERSION,
            game: self.table.stored(self.game.record().clone()),
            ended_at_ms: clock::now_ms(),
            by: caller.user,
            by_name: caller.name.clone(),
            reason: kept_reason(&reason),
        };
        let reason = cancelled.reason.clone();
        if let Err(error) = self.finish_cancelled(cancelled).await {
            let refusal = self.said(store_refusal(&error));
            return self.show(refusal, Sink::Caller(reply)).await;
        }
        let place = self.table.place;
        let happened = Happened {
            scene: self.scene(),
            event: Event::Cancelled {
                by: caller.name.clone(),
                reason,
            },
        };
        let notice = Shown::Happened(Box::new(happened));
        if caller.place == place {
            return self.show(notice, Sink::Caller(reply)).await;
        }
        // Played elsewhere (its thread, another channel): the players are told there, the
        // moderator here.
        self.show(notice, Sink::Place(place)).await;
        let done = Said::CancelDone {
            game: id,
            channel: place.channel,
        };
        self.show(self.said(done), Sink::Caller(reply)).await;
    }
}
