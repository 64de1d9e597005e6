//! A whole game between two seats: colour assignment by flips (docs/rules.md §3), turns, every end
//! condition of §6 (flag, no moves, quiet and length draws, timeouts, repetition, resignation,
//! draw offers, abandonment, the clock draw) and the record it can be replayed from.

use std::collections::VecDeque;

use thiserror::Error;

use super::action::Action;
use super::board::{ActionError, Destinations, Effect};
use super::deal::deal;
use super::lifecycle::Lifecycle;
use super::outcome::{Outcome, WinReason};
use super::piece::{Colour, Kind, Piece};
use super::position::{Position, draw_by_counters};
use super::record::{Event, GameRecord, RECORD_VERSION, ReplayError};
use super::rules::Rules;
use super::seat::Seat;
use super::square::Square;
use super::view::{LastAction, PublicView, RepetitionKey, public_cells, removed_pieces};

/// The repetition window of docs/rules.md §6: 4 of the same key among a player's last 7 actions.
const REPETITION_WINDOW: usize = 7;
const REPETITION_LIMIT: usize = 4;

/// True when `key`, the latest action in a player's list `recent` (oldest first), occurs so
/// often among the player's last actions that the player loses (docs/rules.md §6.6).
pub fn repeats_too_often<'a, T: PartialEq + 'a>(
    recent: impl DoubleEndedIterator<Item = &'a T>,
    key: &T,
) -> bool {
    let occurrences = recent.rev().take(REPETITION_WINDOW).filter(|k| *k == key);
    occurrences.count() >= REPETITION_LIMIT
}

/// Adds `key` to a player's repetition list (oldest first), keeping only the window; true when
/// the player now repeats too often. Every game's record of repetition goes through here.
pub(crate) fn push_repetition<T: PartialEq>(history: &mut VecDeque<T>, key: T) -> bool {
    history.push_back(key);
    if history.len() > REPETITION_WINDOW {
        history.pop_front();
    }
    history
        .back()
        .is_some_and(|latest| repeats_too_often(history.iter(), latest))
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    #[error("the game is over")]
    Over,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("{0}")]
    Illegal(#[from] ActionError),
    #[error("you can resign only after {needed} actions have been played ({played} so far)")]
    TooEarlyToResign { needed: u16, played: u16 },
    #[error("draws can be offered only after {needed} actions have been played ({played} so far)")]
    TooEarlyForDraw { needed: u16, played: u16 },
    #[error("you have already made all {0} of your draw offers")]
    NoDrawOffersLeft(u8),
    #[error("a draw offer is already waiting for an answer")]
    DrawAlreadyOffered,
    #[error("there is no draw offer to answer")]
    NoDrawOffer,
    #[error("you cannot answer your own draw offer")]
    OwnDrawOffer,
    #[error("the game has not reached its time limit")]
    ClockNotExpired,
    /// The referee of a standard game refused the move.
    #[error("{0}")]
    Referee(#[from] crate::standard::StandardError),
    #[error("the players are still deploying: the game has not started")]
    StillDeploying,
    #[error("the deployment is over")]
    NotDeploying,
    #[error("you have already confirmed your layout")]
    AlreadyReady,
    #[error("choose a layout first: random, a preset or a saved layout")]
    NoLayout,
    #[error("that event belongs to another kind of game")]
    WrongKind,
}

/// What an action did, for the reply.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Played {
    pub effect: Effect,
    /// Colours were decided by this action.
    pub colours_decided: bool,
    pub outcome: Option<Outcome<Seat>>,
}

/// An action [`Game::check`] found legal for a seat, in the position it was checked in:
/// [`Game::play`] plays it without checking it a second time.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Checked {
    seat: Seat,
    action: Action,
    /// The number of events in the record when it was checked: the position it is legal in.
    at: usize,
}

impl Checked {
    /// An action checked for `seat` when the record held `at` events.
    pub(crate) fn new(seat: Seat, action: Action, at: usize) -> Checked {
        Checked { seat, action, at }
    }

    /// The number of events in the record when it was checked.
    pub(crate) fn at(&self) -> usize {
        self.at
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn action(&self) -> Action {
        self.action
    }
}

#[derive(Clone, Debug)]
pub struct Game {
    record: GameRecord,
    /// The board and both counters. Its turn is the colour of `to_act` once colours are
    /// decided; before that it means nothing and only flips are played.
    position: Position,
    to_act: Seat,
    colours: Option<[Colour; 2]>,
    last_flips: [Option<Colour>; 2],
    life: Lifecycle,
    history: [VecDeque<RepetitionKey>; 2],
    last: Option<LastAction>,
    outcome: Option<Outcome<Seat>>,
}

impl Game {
    /// A new game dealt from `seed`.
    pub fn new(seed: u64, rules: Rules) -> Game {
        let dealt = deal(seed);
        Game {
            record: GameRecord::new(seed, rules),
            position: Position {
                board: dealt.board,
                turn: Colour::Red,
                quiet: 0,
                plies: 0,
                rules,
            },
            to_act: dealt.first,
            colours: None,
            last_flips: [None; 2],
            life: Lifecycle::default(),
            history: [VecDeque::new(), VecDeque::new()],
            last: None,
            outcome: None,
        }
    }

    /// A new game on a given deal (analysis and tests: twin deals that differ only face
    /// down). Its record names seed 0, so it does not replay to this deal.
    pub fn from_deal(dealt: crate::game::Deal, rules: Rules) -> Game {
        let mut game = Game::new(0, rules);
        game.position.board = dealt.board;
        game.to_act = dealt.first;
        game
    }

    /// Rebuilds a game from its record, checking every event.
    pub fn replay(record: &GameRecord) -> Result<Game, ReplayError> {
        Game::replay_observed(record, |_, _| {})
    }

    /// [`Game::replay`], calling `after` with the game after each event (a replay's frames are
    /// the views after each action).
    pub fn replay_observed(
        record: &GameRecord,
        mut after: impl FnMut(&Game, &Event),
    ) -> Result<Game, ReplayError> {
        if record.version > RECORD_VERSION {
            return Err(ReplayError::FutureVersion {
                found: record.version,
            });
        }
        let mut game = Game::new(record.seed, record.rules);
        for (index, event) in record.events.iter().enumerate() {
            game.apply_event(*event)
                .map_err(|error| ReplayError::BadEvent {
                    index,
                    reason: error.to_string(),
                })?;
            after(&game, event);
        }
        Ok(game)
    }

    /// [`Game::replay`], with the public view at the start and after each action: what a replay
    /// draws and an analysis estimates from. Timeouts and draw offers are stepped through, so each
    /// view is exact, but add no view of their own.
    pub fn replay_views(record: &GameRecord) -> Result<(Game, Vec<PublicView>), ReplayError> {
        let mut views = Vec::with_capacity(record.events.len() + 1);
        views.push(Game::new(record.seed, record.rules).view());
        let game = Game::replay_observed(record, |game, event| {
            if matches!(event, Event::Act(_)) {
                views.push(game.view());
            }
        })?;
        Ok((game, views))
    }

    /// Applies one recorded event through the same checks as a live call.
    pub fn apply_event(&mut self, event: Event) -> Result<(), GameError> {
        match event {
            Event::Act(action) => self.act(self.to_act, action).map(|_| ()),
            Event::Timeout => self.timeout().map(|_| ()),
            Event::Resign(seat) => self.resign(seat),
            Event::OfferDraw(seat) => self.offer_draw(seat),
            Event::AnswerDraw { seat, accept } => self.answer_draw(seat, accept),
            Event::Abandon(seat) => self.abandon(seat),
            Event::ClockDraw => self.clock_draw(u64::MAX),
            Event::Standard { .. } | Event::Draft { .. } | Event::Ready(_) => {
                Err(GameError::WrongKind)
            }
        }
    }

    /// The board with its face-down identities: for the rules module only (the reveal).
    pub(super) fn board(&self) -> &super::board::Board {
        &self.position.board
    }

    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    pub fn rules(&self) -> &Rules {
        &self.record.rules
    }

    pub fn to_act(&self) -> Seat {
        self.to_act
    }

    pub fn colour_of(&self, seat: Seat) -> Option<Colour> {
        self.colours.map(|colours| colours[seat.index()])
    }

    pub fn outcome(&self) -> Option<Outcome<Seat>> {
        self.outcome
    }

    pub fn plies(&self) -> u16 {
        self.position.plies
    }

    /// The full position (face-down identities included) once colours are decided: for the
    /// rules engine's own analysis only, never for anything a player sees.
    pub fn position(&self) -> Option<Position> {
        self.colours.map(|_| self.position.clone())
    }

    /// Every legal action of the seat to act (empty once the game is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.outcome.is_some() {
            return out;
        }
        match self.colours {
            Some(_) => self.position.legal_actions_into(&mut out),
            None => out.extend(
                self.position
                    .board
                    .face_down()
                    .into_iter()
                    .map(Action::Flip),
            ),
        }
        out
    }

    /// The move guide for the piece on `from`, for `seat`'s piece; empty sets when it has no
    /// moves or is not `seat`'s.
    pub fn destinations(&self, seat: Seat, from: Square) -> Destinations {
        match self.colour_of(seat) {
            Some(colour) if self.outcome.is_none() => {
                self.position
                    .board
                    .destinations(colour, from, self.position.rules)
            }
            _ => Destinations::default(),
        }
    }

    /// Checks that `seat` may play `action` now; [`Game::play`] plays what it returns.
    pub fn check(&self, seat: Seat, action: Action) -> Result<Checked, GameError> {
        if self.outcome.is_some() {
            return Err(GameError::Over);
        }
        if seat != self.to_act {
            return Err(GameError::NotYourTurn);
        }
        let board = &self.position.board;
        match (self.colour_of(seat), action) {
            (Some(colour), _) => board.check(colour, action, self.position.rules)?,
            (None, Action::Flip(_)) => board.check(Colour::Red, action, self.position.rules)?,
            (None, Action::Move { .. }) => return Err(ActionError::ColoursUndecided.into()),
        }
        Ok(Checked {
            seat,
            action,
            at: self.record.events.len(),
        })
    }

    fn repetition_key(&self, action: Action) -> Option<RepetitionKey> {
        let (from, to) = action.squares();
        self.position
            .board
            .piece(from)
            .map(|piece| (piece, from, to))
    }

    /// True when playing `action` (legal) would lose `seat` the game by repetition: front ends
    /// warn before playing it.
    pub fn would_repeat(&self, seat: Seat, action: Action) -> bool {
        let Action::Move { to, .. } = action else {
            return false;
        };
        if self.position.board.occupied().contains(to) {
            return false; // an attack clears the list
        }
        let Some(key) = self.repetition_key(action) else {
            return false;
        };
        let history = &self.history[seat.index()];
        repeats_too_often(history.iter().chain(std::iter::once(&key)), &key)
    }

    /// Checks and plays `action` for `seat`.
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<Played, GameError> {
        let checked = self.check(seat, action)?;
        self.play(checked)
    }

    /// Plays an action checked in this position. One checked before something else
    /// happened in the game is checked again.
    pub fn play(&mut self, checked: Checked) -> Result<Played, GameError> {
        if checked.at != self.record.events.len() {
            return self.act(checked.seat, checked.action);
        }
        let Checked { seat, action, .. } = checked;
        let key = self.repetition_key(action);
        let effect = self.position.advance(action);
        self.record.events.push(Event::Act(action));
        self.life.acted(seat);
        let colours_decided = self.decide_colours(seat, effect);
        let repeated = self.remember(seat, key, effect);
        self.last = Some(LastAction {
            seat,
            action,
            effect,
        });
        self.pass_turn_to(seat.other());
        self.outcome = self.end_after_action(seat, effect, repeated);
        Ok(Played {
            effect,
            colours_decided,
            outcome: self.outcome,
        })
    }

    /// docs/rules.md §3: two flips of one colour in a row by the same player make it theirs; the
    /// last face-down piece decides for whoever flips it.
    fn decide_colours(&mut self, seat: Seat, effect: Effect) -> bool {
        let Effect::Flipped(piece) = effect else {
            return false;
        };
        if self.colours.is_some() {
            return false;
        }
        let previous = self.last_flips[seat.index()].replace(piece.colour);
        if previous == Some(piece.colour) || self.position.board.face_down().is_empty() {
            let mut colours = [piece.colour.other(); 2];
            colours[seat.index()] = piece.colour;
            self.colours = Some(colours);
            return true;
        }
        false
    }

    /// Adds the action to `seat`'s repetition list; true when it now repeats too often.
    fn remember(&mut self, seat: Seat, key: Option<RepetitionKey>, effect: Effect) -> bool {
        let history = &mut self.history[seat.index()];
        if effect.is_attack() {
            history.clear();
            return false;
        }
        let Some(key) = key else { return false };
        push_repetition(history, key)
    }

    fn end_after_action(
        &self,
        mover: Seat,
        effect: Effect,
        repeated: bool,
    ) -> Option<Outcome<Seat>> {
        let position = &self.position;
        let by_colour = match self.colours {
            Some(_) => position.end_after(effect),
            None => draw_by_counters(position.quiet, position.plies, &position.rules),
        };
        let outcome = by_colour.map(|outcome| self.to_seats(outcome));
        outcome.or(repeated.then_some(Outcome::Win {
            winner: mover.other(),
            reason: WinReason::Repetition,
        }))
    }

    fn to_seats(&self, outcome: Outcome<Colour>) -> Outcome<Seat> {
        match outcome {
            Outcome::Win { winner, reason } => {
                let seat = Seat::BOTH
                    .into_iter()
                    .find(|s| self.colour_of(*s) == Some(winner))
                    .unwrap_or(Seat::First);
                Outcome::Win {
                    winner: seat,
                    reason,
                }
            }
            Outcome::Draw(reason) => Outcome::Draw(reason),
        }
    }

    /// Gives the turn to `seat`, keeping the position's colour to act in step.
    fn pass_turn_to(&mut self, seat: Seat) {
        self.to_act = seat;
        if let Some(colour) = self.colour_of(seat) {
            self.position.turn = colour;
        }
    }

    fn finish(&mut self, event: Event, outcome: Outcome<Seat>) {
        self.record.events.push(event);
        self.outcome = Some(outcome);
        self.life.ended();
    }

    fn require_live(&self) -> Result<(), GameError> {
        match self.outcome {
            Some(_) => Err(GameError::Over),
            None => Ok(()),
        }
    }

    /// The seat to act ran out of time: the turn passes and its timeout count grows; the last
    /// allowed timeout loses. Returns the seat that timed out.
    pub fn timeout(&mut self) -> Result<Seat, GameError> {
        self.require_live()?;
        let seat = self.to_act;
        self.record.events.push(Event::Timeout);
        match self.life.timeout(seat, &self.record.rules) {
            Some(lost) => self.outcome = Some(lost),
            None => self.pass_turn_to(seat.other()),
        }
        Ok(seat)
    }

    pub fn resign(&mut self, seat: Seat) -> Result<(), GameError> {
        self.require_live()?;
        let outcome = Lifecycle::resign(seat, self.position.plies, &self.record.rules)?;
        self.finish(Event::Resign(seat), outcome);
        Ok(())
    }

    pub fn offer_draw(&mut self, seat: Seat) -> Result<(), GameError> {
        self.require_live()?;
        self.life
            .offer_draw(seat, self.position.plies, &self.record.rules)?;
        self.record.events.push(Event::OfferDraw(seat));
        Ok(())
    }

    pub fn answer_draw(&mut self, seat: Seat, accept: bool) -> Result<(), GameError> {
        self.require_live()?;
        let event = Event::AnswerDraw { seat, accept };
        match self.life.answer_draw(seat, accept)? {
            Some(draw) => self.finish(event, draw),
            None => self.record.events.push(event),
        }
        Ok(())
    }

    /// `seat` leaves the game (逃跑) and loses; allowed at any time.
    pub fn abandon(&mut self, seat: Seat) -> Result<(), GameError> {
        self.require_live()?;
        self.finish(Event::Abandon(seat), Lifecycle::abandon(seat));
        Ok(())
    }

    /// Draws the game if `elapsed_secs` (measured by the caller) reached the clock limit.
    pub fn clock_draw(&mut self, elapsed_secs: u64) -> Result<(), GameError> {
        self.require_live()?;
        let draw = Lifecycle::clock_draw(elapsed_secs, &self.record.rules)?;
        self.finish(Event::ClockDraw, draw);
        Ok(())
    }

    /// What both players may see.
    pub fn view(&self) -> PublicView {
        let cells = public_cells(&self.position.board);
        PublicView {
            cells,
            to_act: self.to_act,
            colours: self.colours,
            last_flips: self.last_flips,
            plies: self.position.plies,
            quiet: self.position.quiet,
            timeouts: self.life.timeouts,
            draw_offers_made: self.life.draw_offers_made,
            pending_draw_offer: self.life.pending_draw_offer,
            removed: removed_pieces(&self.position.board),
            removed_unknown: [0; 2],
            last: self.last,
            outcome: self.outcome,
            rules: self.record.rules,
            repetition: self
                .history
                .each_ref()
                .map(|list| list.iter().copied().collect()),
        }
    }

    /// Pieces of `colour` of `kind` on the board (for tests and scoring checks).
    pub fn count_on_board(&self, colour: Colour, kind: Kind) -> u8 {
        self.position.board.count_on_board(Piece::new(colour, kind))
    }
}
