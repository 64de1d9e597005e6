//! What a game actor decides with each command and clock event: play an action, show the
//! board or a move guide, resign, abandon, offer and answer draws, warn, time out, draw on the
//! clock, and store the game's end with its points. Each job is one method of [`GameActor`]
//! returning what happened (worded and drawn by the presenter), or a refusal.

use super::clock::{self, ClockEvent};
use super::happened::{Ended, Event, Happened};
use super::mailbox::GameActor;
use super::picture::MoveGuide;
use super::presenter::Sink;
use super::{Button, ButtonId, Caller, Reply, ServiceError, lock, text, words};
use crate::config::Language;
use crate::game::{Action, Destinations, PublicCell, Seat, Square};
use crate::scoring;
use crate::store::FinishedGame;

impl GameActor {
    /// Stores the game: as live, or as finished with its points once it has ended.
    pub(in crate::service) async fn save(&mut self) -> Result<Option<Ended>, ServiceError> {
        let Some(outcome) = self.game.outcome() else {
            let live = self.live.clone();
            self.inner
                .blocking(move |store| store.put_live_game(&live))
                .await?;
            return Ok(None);
        };
        let points = if self.live.rated {
            scoring::points_for(&self.game.view(), self.live.base_score)
        } else {
            [0, 0]
        };
        let finished = FinishedGame {
            game: self.live.clone(),
            ended_at_ms: clock::now_ms(),
            outcome,
            points,
        };
        // `/rematch` finds the game in its place and in the channel its thread came from.
        let mut places = vec![self.live.place];
        places.extend(lock(&self.inner.homes).get(&self.live.place).copied());
        let stats = self
            .inner
            .blocking(move |store| {
                let stats = store.finish_game(&finished)?;
                let game = &finished.game;
                // The game is finished and its points counted: a lost window only costs a
                // `/rematch`, so it is logged rather than reported as a failed action.
                if let Err(error) = store.set_rematch_window(&places, game.players, game.id) {
                    tracing::error!("remembering game {} for /rematch: {error}", game.id);
                }
                Ok(stats)
            })
            .await?;
        Ok(Some(Ended { points, stats }))
    }

    /// Plays a checked action for `seat`.
    pub(in crate::service) async fn play(
        &mut self,
        seat: Seat,
        name: &str,
        action: Action,
    ) -> Result<Happened, Reply> {
        let (played, ended) = self.commit(|game| game.act(seat, action), true).await?;
        self.warned_repeat = None;
        let (from, to) = match action {
            Action::Flip(square) => (square, square),
            Action::Move { from, to } => (from, to),
        };
        Ok(self.happened(Event::Played {
            name: name.to_string(),
            from,
            to,
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
        let guide = MoveGuide {
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
        if self.live.ai.as_ref().is_some_and(|(ai, _)| *ai == to) {
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
        if game_id.is_some_and(|id| id != self.live.id) {
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
                let elapsed = clock::now_ms().saturating_sub(self.live.started_at_ms) / 1000;
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
        let backup = self.live.clone();
        self.live.warned = true;
        if let Err(error) = self.save().await {
            self.live = backup;
            return Err(super::store_failure(&error, self.private));
        }
        let is_ai = self.live.ai.as_ref().is_some_and(|(ai, _)| *ai == seat);
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
