//! What a game actor decides with each command and clock event: play an action, show the
//! board or a move guide, resign, abandon, offer and answer draws, warn, time out and draw on
//! the clock. Each job is one method of [`GameActor`] returning what happened (worded and drawn
//! by the presenter), or a refusal; each change goes through the commit (`commit.rs`).

use super::clock::{self, ClockEvent};
use super::happened::{Event, Happened};
use super::mailbox::GameActor;
use super::presenter::Sink;
use super::{Button, ButtonId, Caller, Reply, store_failure, text, words};
use crate::config::Language;
use crate::game::{Checked, Destinations, PublicCell, Seat, Square};
use crate::render::Guide;

impl GameActor {
    /// Plays a checked action.
    pub(in crate::service) async fn play(
        &mut self,
        checked: Checked,
        name: &str,
    ) -> Result<Happened, Reply> {
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
    ) -> Result<Happened, Reply> {
        let lang = self.private;
        let Some(seat) = self.seat_of(caller) else {
            return Err(Reply::refusal(words::not_playing(lang)));
        };
        let view = self.game.view();
        let square = from.to_string();
        let piece = match view.cell(from) {
            PublicCell::Empty => return Err(Reply::refusal(words::no_piece(lang, &square))),
            PublicCell::FaceDown => {
                return Err(Reply::refusal(words::piece_face_down(lang, &square)));
            }
            PublicCell::Revealed(piece) => piece,
        };
        if view.colour_of(seat) != Some(piece.colour) {
            return Err(Reply::refusal(words::not_your_piece(lang, &square)));
        }
        let Destinations { empty, attacks } = self.game.destinations(seat, from);
        if (empty | attacks).is_empty() {
            let name = text::piece_name(piece, lang);
            return Err(Reply::refusal(words::no_moves_now(lang, &name, &square)));
        }
        let guide = Guide {
            from,
            empty,
            attacks,
        };
        Ok(self.happened(Event::Guide { piece, guide }))
    }

    pub(in crate::service) async fn resign(&mut self, caller: &Caller) -> Result<Happened, Reply> {
        let Some(seat) = self.seat_of(caller) else {
            return Err(Reply::refusal(words::not_playing(self.private)));
        };
        let ((), ended) = self.commit(|game| game.resign(seat), false).await?;
        let name = caller.name.clone();
        Ok(self.happened(Event::Resigned { name, ended }))
    }

    pub(in crate::service) async fn abandon(&mut self, caller: &Caller) -> Result<Happened, Reply> {
        let Some(seat) = self.seat_of(caller) else {
            return Err(Reply::refusal(words::not_playing(self.private)));
        };
        let ((), ended) = self.commit(|game| game.abandon(seat), false).await?;
        let name = caller.name.clone();
        Ok(self.happened(Event::Abandoned { name, ended }))
    }

    pub(in crate::service) async fn offer_draw(
        &mut self,
        caller: &Caller,
    ) -> Result<Happened, Reply> {
        let Some(seat) = self.seat_of(caller) else {
            return Err(Reply::refusal(words::not_playing(self.private)));
        };
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
    ) -> Result<Happened, Reply> {
        let lang = self.private;
        if game_id.is_some_and(|id| id != self.table.id) {
            return Err(Reply::refusal(words::draw_of_finished_game(lang)));
        }
        let Some(seat) = self.seat_of(caller) else {
            return Err(Reply::refusal(words::not_playing(lang)));
        };
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
                self.show(Ok(happened).into(), Sink::Place(place)).await;
            }
            Ok(None) => {}
            Err(_) => tokio::time::sleep(std::time::Duration::from_secs(1)).await,
        }
    }

    /// Stores that the player in `seat` was warned, and warns them unless it is the AI or the
    /// warning fell due while the bot was down (it is stale then).
    async fn warn(&mut self, seat: Seat) -> Result<Option<Happened>, Reply> {
        self.table.clock.warned = true;
        if let Err(error) = self.save().await {
            self.table.clock.warned = false;
            return Err(store_failure(&error, self.private));
        }
        let is_ai = self.table.ai.as_ref().is_some_and(|(ai, _)| *ai == seat);
        if is_ai || self.seconds_left() == 0 {
            return Ok(None);
        }
        Ok(Some(self.happened(Event::Warning { seat })))
    }
}

impl GameActor {
    /// The private "are you sure?" before resigning; refused at once before the threshold
    /// (tried on a copy of the game, so nothing changes).
    pub(in crate::service) fn ask_resign(&self, caller: &Caller) -> Reply {
        let lang = self.private;
        let Some(seat) = self.seat_of(caller) else {
            return Reply::refusal(words::not_playing(lang));
        };
        if let Err(error) = self.game.clone().resign(seat) {
            return Reply::refusal(words::game_error(lang, &error));
        }
        confirm_prompt(
            words::confirm_resign(lang),
            words::button_resign(lang),
            ButtonId::ConfirmResign,
            lang,
        )
    }

    /// The private "are you sure?" before abandoning.
    pub(in crate::service) fn ask_abandon(&self, caller: &Caller) -> Reply {
        let lang = self.private;
        let Some(seat) = self.seat_of(caller) else {
            return Reply::refusal(words::not_playing(lang));
        };
        if let Err(error) = self.game.clone().abandon(seat) {
            return Reply::refusal(words::game_error(lang, &error));
        }
        confirm_prompt(
            words::confirm_abandon(lang),
            words::button_abandon(lang),
            ButtonId::ConfirmAbandon,
            lang,
        )
    }
}

fn confirm_prompt(question: String, yes: String, yes_id: ButtonId, lang: Language) -> Reply {
    Reply::private(vec![question]).with_buttons(vec![
        Button::new(yes, yes_id),
        Button::new(words::button_cancel(lang), ButtonId::ConfirmCancel),
    ])
}
