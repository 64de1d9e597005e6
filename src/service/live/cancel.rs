//! A moderator's cancel, in the game's actor (so it comes after every action already taken and
//! before any next one): one of the game's own players is refused (they have `/abandon`), the
//! game is stored as cancelled (no result, no points, no tournament score: `Store::cancel_game`),
//! the channel is left free, the watchers hear (a tournament pairs its players again) and both
//! players are told where the game is played. The moderator's right was checked by the service
//! (`service/moderation.rs`).

use tokio::sync::oneshot;

use super::happened::{Event, Happened};
use super::mailbox::GameActor;
use super::presenter::{Shown, Sink};
use super::settle::outcome_unknown;
use super::{Caller, GameNews, Reply, clock, store_failure, words};
use crate::store::{CANCELLED_GAME_VERSION, CancelledGame, kept_reason};

impl GameActor {
    /// Cancels the game for `caller`, a moderator; answers them on `reply`.
    pub(super) async fn cancel(
        &mut self,
        caller: &Caller,
        reason: String,
        reply: oneshot::Sender<Reply>,
    ) {
        let lang = self.private;
        let id = self.table.id;
        if self.seat_of(caller).is_some() {
            let refusal = words::moderation::cancel_own_game(lang, self.inner.surface, id);
            return self
                .show(Shown::Said(Reply::refusal(refusal)), Sink::Caller(reply))
                .await;
        }
        if !self.resync().await {
            let refusal = Reply::refusal(words::store_failure(lang));
            return self.show(Shown::Said(refusal), Sink::Caller(reply)).await;
        }
        if self.game.outcome().is_some() {
            let refusal = words::moderation::game_already_over(lang, id);
            return self
                .show(Shown::Said(Reply::refusal(refusal)), Sink::Caller(reply))
                .await;
        }
        let cancelled = CancelledGame {
            version: CANCELLED_GAME_VERSION,
            game: self.table.stored(self.game.record().clone()),
            ended_at_ms: clock::now_ms(),
            by: caller.user,
            by_name: caller.name.clone(),
            reason: kept_reason(&reason),
        };
        let record = cancelled.clone();
        if let Err(error) = self
            .inner
            .blocking(move |store| store.cancel_game(&record))
            .await
        {
            // A lost connection may have lost the answer rather than the write.
            let stored = outcome_unknown(&error)
                && self
                    .inner
                    .blocking(move |store| store.cancelled_game(id))
                    .await
                    .is_ok_and(|found| found.is_some());
            if !stored {
                return self
                    .show(
                        Shown::Said(store_failure(&error, lang)),
                        Sink::Caller(reply),
                    )
                    .await;
            }
        }
        self.cancelled = true;
        self.retire();
        let place = self.table.place;
        self.inner.tell_watchers(GameNews::Cancelled {
            game: id,
            place,
            players: self.table.players,
        });
        let happened = Happened {
            scene: self.scene(),
            event: Event::Cancelled {
                by: caller.name.clone(),
                reason: cancelled.reason,
            },
        };
        let notice = Shown::Happened(Box::new(happened));
        if caller.place == place {
            return self.show(notice, Sink::Caller(reply)).await;
        }
        // Played elsewhere (its thread, another channel): the players are told there, the
        // moderator here.
        self.show(notice, Sink::Place(place)).await;
        let done = words::moderation::cancel_done(lang, id, place.channel);
        self.show(Shown::Said(Reply::private(vec![done])), Sink::Caller(reply))
            .await;
    }
}
