//! What a game actor decides with each command and clock event: play an action, show the
//! board or a move guide, resign, abandon, offer and answer draws, warn, time out and draw on
//! the clock. Each job is one method of [`GameActor`] returning what happened, or a typed
//! [`Refusal`] (both worded, and drawn, by the presenter: `tell.rs`); each change goes through
//! the commit (`commit.rs`).

use super::clock::{self, ClockEvent};
use super::happened::{Event, GiveUp, Happened, Refusal, Said, Voice};
use super::mailbox::GameActor;
use super::presenter::{Shown, Sink};
use super::{Caller, ServiceError, note_store_failure};
use crate::AnyGame;
use crate::game::{Checked, Destinations, GameError, PublicCell, Seat, Square};
use crate::render::Guide;

impl GameActor {
    /// Plays a checked action.
    pub(in crate::service) async fn play(
        &mut self,
        checked: Checked,
        name: &str,
    ) -> Result<Happened, Refusal> {
        let (played, ended) = self.commit(|game| game.play(checked), true).await?;
        self.warned_repeat = None;
        Ok(self.happened(Event::Played {
            name: name.to_string(),
            action: checked.action(),
            effect: played.effect,
            colours_decided: played.colours_decided,
            ended,
        }))
    }

    /// The private move guide of one piece.
    #[allow(
        clippy::result_large_err,
        reason = "the Ok side (the public view) is larger still, and the result moves once"
    )]
    pub(in crate::service) fn guide(
        &self,
        caller: &Caller,
        from: Square,
    ) -> Result<Happened, Refusal> {
        let seat = self.seat_of(caller).ok_or(Refusal::NotPlaying)?;
        let view = self.game.view_for(seat);
        let piece = match view.cell(from) {
            PublicCell::Empty => return Err(Refusal::NoPiece(from)),
            PublicCell::FaceDown => return Err(Refusal::FaceDown(from)),
            // The caller's own pieces are face up in their view: a back is the enemy's.
            PublicCell::Back(_) => return Err(Refusal::NotYourPiece(from)),
            PublicCell::Revealed(piece) => piece,
        };
        if view.colour_of(seat) != Some(piece.colour) {
            return Err(Refusal::NotYourPiece(from));
        }
        let Destinations { empty, attacks } = self.game.destinations(seat, from);
        if (empty | attacks).is_empty() {
            return Err(Refusal::NoMovesNow {
                piece,
                square: from,
            });
        }
        let guide = Guide {
            from,
            empty,
            attacks,
        };
        Ok(self.happened(Event::Guide { piece, guide, view }))
    }

    /// Resigns or abandons the game for `caller`.
    pub(in crate::service) async fn give_up(
        &mut self,
        caller: &Caller,
        how: GiveUp,
    ) -> Result<Happened, Refusal> {
        let seat = self.seat_of(caller).ok_or(Refusal::NotPlaying)?;
        let ((), ended) = self.commit(|game| how.apply(game, seat), false).await?;
        let name = caller.name.clone();
        Ok(self.happened(match how {
            GiveUp::Resign => Event::Resigned { name, ended },
            GiveUp::Abandon => Event::Abandoned { name, ended },
        }))
    }

    pub(in crate::service) async fn offer_draw(
        &mut self,
        caller: &Caller,
    ) -> Result<Happened, Refusal> {
        let seat = self.seat_of(caller).ok_or(Refusal::NotPlaying)?;
        self.commit(|game| game.offer_draw(seat), false).await?;
        let name = caller.name.clone();
        let to = seat.other();
        if self.table.ai.as_ref().is_some_and(|(ai, _)| *ai == to) {
            // The AI plays on: it declines at once.
            self.commit(|game| game.answer_draw(to, false), false)
                .await?;
            return Ok(self.happened(Event::AiDeclinedDraw { name, ai: to }));
        }
        Ok(self.happened(Event::DrawOffered { name, to }))
    }

    pub(in crate::service) async fn answer_draw(
        &mut self,
        caller: &Caller,
        accept: bool,
        game_id: Option<u64>,
    ) -> Result<Happened, Refusal> {
        if game_id.is_some_and(|id| id != self.table.id) {
            return Err(Refusal::DrawOfFinishedGame);
        }
        let seat = self.seat_of(caller).ok_or(Refusal::NotPlaying)?;
        let ((), ended) = self
            .commit(|game| game.answer_draw(seat, accept), false)
            .await?;
        let name = caller.name.clone();
        Ok(self.happened(if accept {
            Event::DrawAccepted { name, ended }
        } else {
            Event::DrawDeclined { name }
        }))
    }

    /// A clock event came due: warn, pass the turn, or draw the game. Messages go out on the
    /// outbound channel; a store failure is retried a second later.
    pub(in crate::service) async fn on_clock(&mut self, event: ClockEvent) {
        self.private = self.public();
        let to_act = self.game.to_act();
        let decided = match event {
            _ if self.game.deploying() => self.on_deployment_clock(event).await,
            ClockEvent::Warning => self.warn(to_act).await,
            ClockEvent::Timeout => match self.commit(|game| game.timeout(), true).await {
                Ok((seat, ended)) => Ok(Some(self.happened(Event::TimedOut { seat, ended }))),
                Err(refusal) => Err(refusal),
            },
            ClockEvent::ClockDraw => {
                let elapsed = clock::now_ms().saturating_sub(self.table.clock.started_at_ms) / 1000;
                match self.commit(|game| game.clock_draw(elapsed), false).await {
                    Ok(((), ended)) => Ok(Some(self.happened(Event::ClockDraw { ended }))),
                    Err(refusal) => Err(refusal),
                }
            }
        };
        match decided {
            Ok(Some(happened)) => {
                let place = happened.scene.place;
                self.show(happened.into(), Sink::Place(place)).await;
            }
            Ok(None) => {}
            Err(_) => tokio::time::sleep(std::time::Duration::from_secs(1)).await,
        }
    }

    /// The clock of a deployment: no warnings (both players see the countdown), and at its end
    /// the deployment's fallback.
    async fn on_deployment_clock(
        &mut self,
        event: ClockEvent,
    ) -> Result<Option<Happened>, Refusal> {
        match event {
            ClockEvent::Warning => {
                self.table.clock.warned = true;
                Ok(None)
            }
            ClockEvent::Timeout => self.deployment_expired().await.map(Some),
            ClockEvent::ClockDraw => Ok(None),
        }
    }

    /// Stores that the player in `seat` was warned, and warns them unless it is the AI or the
    /// warning fell due while the bot was down (it is stale then).
    async fn warn(&mut self, seat: Seat) -> Result<Option<Happened>, Refusal> {
        self.table.clock.warned = true;
        if let Err(error) = self.save().await {
            self.table.clock.warned = false;
            return Err(store_refusal(&error));
        }
        let is_ai = self.table.ai.as_ref().is_some_and(|(ai, _)| *ai == seat);
        if is_ai || self.seconds_left() == 0 {
            return Ok(None);
        }
        Ok(Some(self.happened(Event::Warning { seat })))
    }
}

impl GameActor {
    /// The private "are you sure?" before resigning or abandoning; refused at once when the
    /// rules would refuse it (tried on a copy of the game, so nothing changes).
    pub(in crate::service) fn ask(&self, caller: &Caller, how: GiveUp) -> Said {
        let Some(seat) = self.seat_of(caller) else {
            return Refusal::NotPlaying.into();
        };
        match how.apply(&mut self.game.clone(), seat) {
            Ok(()) => Said::Confirm(how),
            Err(error) => Refusal::Game(error).into(),
        }
    }

    /// What the actor said to the caller alone, to be worded in the caller's voice.
    pub(in crate::service) fn said(&self, said: impl Into<Said>) -> Shown {
        let voice = Voice {
            lang: self.private,
            surface: self.inner.surface,
        };
        Shown::Said(said.into(), voice)
    }
}

impl GiveUp {
    /// Gives up the game for the player in `seat`, if the rules allow it now.
    fn apply(self, game: &mut AnyGame, seat: Seat) -> Result<(), GameError> {
        match self {
            GiveUp::Resign => game.resign(seat),
            GiveUp::Abandon => game.abandon(seat),
        }
    }
}

/// The refusal when the store refused a write (logged and counted): nothing changed.
pub(super) fn store_refusal(error: &ServiceError) -> Refusal {
    note_store_failure(error);
    Refusal::StoreFailure
}
