//! What a game actor does with each command and clock event: play an action, show the board
//! or a move guide, resign, abandon, offer and answer draws, warn, time out, draw on the clock,
//! and write the game's end with its points. Each job is one method of [`GameActor`].

use super::actor::GameActor;
use super::clock::{self, ClockEvent};
use super::picture::{Caption, MoveGuide, Sheet, render, render_sheet};
use super::{
    Button, CONFIRM_ABANDON, CONFIRM_CANCEL, CONFIRM_RESIGN, Caller, GameEvent, Inner, Reply,
    ServiceError, Surface, lock, text, words,
};
use crate::config::Language;
use crate::game::{Action, Destinations, Game, PublicCell, Seat, Square, SquareSet};
use crate::scoring;
use crate::store::{FinishedGame, LiveGame, PlayerStats};

/// What a turn prompt carries on Discord besides who acts: the action number and the deadline
/// as a live countdown, and the buttons for what a player may do without typing.
pub(super) struct TurnExtras {
    pub lines: Vec<String>,
    pub buttons: Vec<Button>,
}

/// The extras of the turn prompt of `game` (none in the console, which has its own commands).
pub(super) fn turn_extras(
    inner: &Inner,
    live: &LiveGame,
    game: &Game,
    lang: Language,
) -> TurnExtras {
    if inner.surface != Surface::Discord {
        return TurnExtras {
            lines: Vec::new(),
            buttons: Vec::new(),
        };
    }
    let view = game.view();
    let next = u32::from(view.plies) + 1;
    let line = format!(
        "{} · {}",
        words::action_number(lang, next),
        words::deadline(lang, live.turn_deadline_ms / 1000)
    );
    let id = live.id;
    let mut buttons = Vec::new();
    if u32::from(view.plies) >= u32::from(game.rules().actions_before_resign) {
        buttons.push(Button::new(
            words::button_offer_draw(lang),
            format!("offer-draw:{id}"),
        ));
        buttons.push(Button::new(
            words::button_resign(lang),
            format!("resign:{id}"),
        ));
    }
    buttons.push(Button::new(
        words::button_abandon(lang),
        format!("abandon:{id}"),
    ));
    TurnExtras {
        lines: vec![line],
        buttons,
    }
}

/// A game that has just ended and been stored as finished.
pub(super) struct Ended {
    pub points: [i64; 2],
    pub stats: [PlayerStats; 2],
}

impl GameActor {
    /// Stores the game: as live, or as finished with its points once it has ended.
    pub(super) async fn save(&mut self) -> Result<Option<Ended>, ServiceError> {
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

    fn caption(&self) -> Caption {
        Caption {
            names: self.live.names.clone(),
            seconds_left: u32::try_from(self.seconds_left()).ok(),
            points: None,
        }
    }

    async fn png(
        &self,
        guide: Option<MoveGuide>,
        points: Option<[i64; 2]>,
        lang: Language,
    ) -> Option<Vec<u8>> {
        let caption = Caption {
            points,
            ..self.caption()
        };
        // The end shows what was never flipped (the only picture that may show it).
        match self.game.reveal() {
            Some(reveal) => render_sheet(Sheet::Reveal(reveal), caption, lang).await,
            None => render(self.game.view(), caption, guide, lang).await,
        }
    }

    /// The language of what only the caller sees.
    fn lang(&self) -> Language {
        self.private
    }

    /// Both players, the AI left out (it is never notified).
    fn humans(&self) -> Vec<crate::store::UserId> {
        self.live.players.to_vec()
    }

    /// The lines that close a game: the outcome and what it did to each player.
    fn end_lines(&self, ended: &Ended) -> Vec<String> {
        let lang = self.public();
        let names = &self.live.names;
        let mut lines = Vec::new();
        if let Some(outcome) = self.game.outcome() {
            lines.push(text::outcome_line(outcome, names, lang));
        }
        if self.live.rated {
            for seat in Seat::BOTH {
                if self.live.ai.as_ref().is_some_and(|(ai, _)| *ai == seat) {
                    continue;
                }
                let stats = &ended.stats[seat.index()];
                lines.push(text::points_line(
                    &names[seat.index()],
                    ended.points[seat.index()],
                    stats.points,
                    scoring::title_for(stats.points),
                    lang,
                ));
            }
            lines.push(words::base_score(lang, self.live.base_score));
        } else {
            lines.push(words::unrated(lang));
        }
        lines
    }

    /// The reply after an event: `lines`, then either the end of the game (with a rematch
    /// button) or who acts next; with the board image.
    async fn after_event(&self, mut lines: Vec<String>, ended: Option<Ended>) -> Reply {
        let lang = self.public();
        let view = self.game.view();
        let mut buttons = Vec::new();
        let points = ended.as_ref().map(|ended| ended.points);
        let mut mentions = Vec::new();
        let mut event = None;
        match ended {
            Some(ended) => {
                // Free the channel before anyone hears of the end, so that a challenge sent
                // right after the news finds it free.
                self.retire();
                lines.extend(self.end_lines(&ended));
                buttons.push(Button::new(words::button_rematch(lang), "rematch"));
                mentions = self.humans();
                event = Some(GameEvent::Ended { game: self.live.id });
            }
            None => {
                lines.push(text::to_act_line(
                    &view,
                    &self.live.names,
                    Some(self.seconds_left()),
                    lang,
                ));
                let extras = turn_extras(&self.inner, &self.live, &self.game, lang);
                lines.extend(extras.lines);
                buttons = extras.buttons;
                mentions.push(self.live.players[view.to_act.index()]);
            }
        }
        let mut reply = Reply::public(lines)
            .with_png(self.png(None, points, lang).await)
            .with_buttons(buttons)
            .mentioning(mentions);
        reply.event = event;
        reply
    }

    /// Plays a checked action for `seat` and describes it.
    pub(super) async fn play(&mut self, seat: Seat, name: &str, action: Action) -> Reply {
        let (played, ended) = match self.commit(|game| game.act(seat, action), true).await {
            Ok(done) => done,
            Err(refusal) => return refusal,
        };
        self.warned_repeat = None;
        let view = self.game.view();
        let (from, to) = match action {
            Action::Flip(square) => (square, square),
            Action::Move { from, to } => (from, to),
        };
        let language = self.public();
        let mut lines = vec![text::describe_action(
            name,
            from,
            to,
            played.effect,
            language,
        )];
        if played.colours_decided {
            lines.extend(text::colours_line(&view, &self.live.names, language));
        }
        self.after_event(lines, ended).await
    }

    /// The private move guide of one piece.
    pub(super) async fn guide(&self, caller: &Caller, from: Square) -> Reply {
        let lang = self.lang();
        let Some(seat) = self.seat_of(caller) else {
            return Reply::refusal(words::not_playing(lang));
        };
        let view = self.game.view();
        let square = from.to_string();
        let piece = match view.cell(from) {
            PublicCell::Empty => return Reply::refusal(words::no_piece(lang, &square)),
            PublicCell::FaceDown => return Reply::refusal(words::piece_face_down(lang, &square)),
            PublicCell::Revealed(piece) => piece,
        };
        if view.colour_of(seat) != Some(piece.colour) {
            return Reply::refusal(words::not_your_piece(lang, &square));
        }
        let Destinations { empty, attacks } = self.game.destinations(seat, from);
        let name = text::piece_name(piece, lang);
        if (empty | attacks).is_empty() {
            return Reply::refusal(words::no_moves_now(lang, &name, &square));
        }
        let list = |set: SquareSet| {
            let squares: Vec<String> = set.into_iter().map(|s| s.to_string()).collect();
            squares.join(" ")
        };
        let guide = MoveGuide {
            from,
            empty,
            attacks,
        };
        Reply::private(words::guide(
            lang,
            &name,
            &square,
            &list(empty),
            &list(attacks),
        ))
        .with_png(self.png(Some(guide), None, lang).await)
    }

    /// The board for everyone: a caption, the image, and the board in text.
    pub(super) async fn board(&self) -> Reply {
        let lang = self.public();
        let view = self.game.view();
        let names = &self.live.names;
        let mut lines = vec![words::board_caption(
            lang,
            self.live.id,
            &text::seat_label(&view, names, Seat::First, lang),
            &text::seat_label(&view, names, Seat::Second, lang),
            self.live.turn_secs,
            self.live.base_score,
        )];
        lines.extend(text::board_text(&view).lines().map(String::from));
        lines.push(words::counters(
            lang,
            view.plies,
            view.quiet,
            names,
            view.timeouts,
        ));
        lines.push(text::to_act_line(
            &view,
            names,
            Some(self.seconds_left()),
            lang,
        ));
        Reply::public(lines).with_png(self.png(None, None, lang).await)
    }

    /// Two lines: the position in notation, then who plays which colour and who acts.
    pub(super) fn export(&self) -> Reply {
        let view = self.game.view();
        Reply::public(vec![
            view.notation(),
            text::export_players_line(&view, &self.live.names),
        ])
    }

    pub(super) async fn resign(&mut self, caller: &Caller) -> Reply {
        let lang = self.lang();
        let Some(seat) = self.seat_of(caller) else {
            return Reply::refusal(words::not_playing(lang));
        };
        match self.commit(|game| game.resign(seat), false).await {
            Ok(((), ended)) => {
                let line = words::resigns(self.public(), &caller.name);
                self.after_event(vec![line], ended).await
            }
            Err(refusal) => refusal,
        }
    }

    pub(super) async fn abandon(&mut self, caller: &Caller) -> Reply {
        let lang = self.lang();
        let Some(seat) = self.seat_of(caller) else {
            return Reply::refusal(words::not_playing(lang));
        };
        match self.commit(|game| game.abandon(seat), false).await {
            Ok(((), ended)) => {
                let line = words::abandons(self.public(), &caller.name);
                self.after_event(vec![line], ended).await
            }
            Err(refusal) => refusal,
        }
    }

    pub(super) async fn offer_draw(&mut self, caller: &Caller) -> Reply {
        let lang = self.lang();
        let Some(seat) = self.seat_of(caller) else {
            return Reply::refusal(words::not_playing(lang));
        };
        if let Err(refusal) = self.commit(|game| game.offer_draw(seat), false).await {
            return refusal;
        }
        let id = self.live.id;
        let opponent = self.live.names[seat.other().index()].clone();
        if self
            .live
            .ai
            .as_ref()
            .is_some_and(|(ai, _)| *ai == seat.other())
        {
            // The AI plays on: it declines at once.
            return match self
                .commit(|game| game.answer_draw(seat.other(), false), false)
                .await
            {
                Ok(_) => Reply::public(vec![words::offers_draw_ai_declines(
                    self.public(),
                    &caller.name,
                    &opponent,
                )]),
                Err(refusal) => refusal,
            };
        }
        let lang = self.public();
        let line = words::offers_draw(lang, self.inner.surface, &caller.name, &opponent);
        Reply::public(vec![line])
            .with_buttons(vec![
                Button::new(words::button_accept_draw(lang), format!("draw:accept:{id}")),
                Button::new(
                    words::button_decline_draw(lang),
                    format!("draw:decline:{id}"),
                ),
            ])
            .mentioning([self.live.players[seat.other().index()]])
    }

    pub(super) async fn answer_draw(
        &mut self,
        caller: &Caller,
        accept: bool,
        game_id: Option<u64>,
    ) -> Reply {
        let lang = self.lang();
        if game_id.is_some_and(|id| id != self.live.id) {
            return Reply::refusal(words::draw_of_finished_game(lang));
        }
        let Some(seat) = self.seat_of(caller) else {
            return Reply::refusal(words::not_playing(lang));
        };
        match self
            .commit(|game| game.answer_draw(seat, accept), false)
            .await
        {
            Ok(((), ended)) if accept => {
                let line = words::accepts_draw(self.public(), &caller.name);
                self.after_event(vec![line], ended).await
            }
            Ok(_) => Reply::public(vec![words::declines_draw(self.public(), &caller.name)]),
            Err(refusal) => refusal,
        }
    }

    /// A clock event came due: warn, pass the turn, or draw the game. Messages go out on the
    /// outbound channel; a store failure is retried a second later.
    pub(super) async fn on_clock(&mut self, event: ClockEvent) {
        self.private = self.public();
        let place = self.live.place;
        let to_act = self.game.to_act();
        let name = self.live.names[to_act.index()].clone();
        let result = match event {
            ClockEvent::Warning => {
                let backup = self.live.clone();
                self.live.warned = true;
                match self.save().await {
                    Ok(_) => {
                        let is_ai = self.live.ai.as_ref().is_some_and(|(ai, _)| *ai == to_act);
                        let left = self.seconds_left();
                        // A warning that fell due while the bot was down is stale.
                        if !is_ai && left > 0 {
                            let warning =
                                words::seconds_left(self.lang(), &name, left, self.live.id);
                            let runs = self.live.players[to_act.index()];
                            let reply = Reply::public(vec![warning]).mentioning([runs]);
                            self.inner.send(place, reply);
                        }
                        Ok(())
                    }
                    Err(error) => {
                        self.live = backup;
                        Err(super::store_failure(&error, self.lang()))
                    }
                }
            }
            ClockEvent::Timeout => {
                let limit = self.game.rules().timeouts_to_lose;
                match self.commit(|game| game.timeout(), true).await {
                    Ok((seat, ended)) => {
                        let count = self.game.view().timeouts[seat.index()];
                        let line = words::ran_out_of_time(self.lang(), &name, count, limit);
                        let reply = self.after_event(vec![line], ended).await;
                        self.inner.send(place, reply);
                        Ok(())
                    }
                    Err(refusal) => Err(refusal),
                }
            }
            ClockEvent::ClockDraw => {
                let elapsed = clock::now_ms().saturating_sub(self.live.started_at_ms) / 1000;
                match self.commit(|game| game.clock_draw(elapsed), false).await {
                    Ok(((), ended)) => {
                        let reply = self.after_event(Vec::new(), ended).await;
                        self.inner.send(place, reply);
                        Ok(())
                    }
                    Err(refusal) => Err(refusal),
                }
            }
        };
        if result.is_err() {
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        }
    }
}

impl GameActor {
    /// The private "are you sure?" before resigning; refused at once before the threshold
    /// (tried on a copy of the game, so nothing changes).
    pub(super) fn ask_resign(&self, caller: &Caller) -> Reply {
        let lang = self.lang();
        let Some(seat) = self.seat_of(caller) else {
            return Reply::refusal(words::not_playing(lang));
        };
        if let Err(error) = self.game.clone().resign(seat) {
            return Reply::refusal(words::game_error(lang, &error));
        }
        confirm_prompt(
            words::confirm_resign(lang),
            words::button_resign(lang),
            CONFIRM_RESIGN,
            lang,
        )
    }

    /// The private "are you sure?" before abandoning.
    pub(super) fn ask_abandon(&self, caller: &Caller) -> Reply {
        let lang = self.lang();
        let Some(seat) = self.seat_of(caller) else {
            return Reply::refusal(words::not_playing(lang));
        };
        if let Err(error) = self.game.clone().abandon(seat) {
            return Reply::refusal(words::game_error(lang, &error));
        }
        confirm_prompt(
            words::confirm_abandon(lang),
            words::button_abandon(lang),
            CONFIRM_ABANDON,
            lang,
        )
    }
}

fn confirm_prompt(question: String, yes: String, yes_id: &str, lang: Language) -> Reply {
    Reply::private(vec![question]).with_buttons(vec![
        Button::new(yes, yes_id),
        Button::new(words::button_cancel(lang), CONFIRM_CANCEL),
    ])
}
