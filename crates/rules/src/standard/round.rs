//! A standard game (暗棋 or 明棋) as the bot hosts it, from deployment to its end: which seat
//! plays Red, both players deploying in private (drafts and confirmations, docs/rules.md §10),
//! then the referee's game with the clock's timeouts, draw offers, resignation, abandonment and
//! the clock draw, which it shares with 翻翻棋 through [`Lifecycle`]. Its record is a
//! [`GameRecord`] whose first event is [`Event::Standard`], so the store keeps both games alike.

use super::game::StandardGame;
use super::layout::Layout;
use super::position::StandardPosition;
use super::record::StandardRecord;
use super::view::{Viewer, public_view, removed_counts};
use crate::game::{
    Action, Checked, Colour, Destinations, Effect, Event, GameError, GameRecord, LastAction,
    Lifecycle, Outcome, Piece, Played, PublicCell, PublicView, ReplayError, RevealedView, Rules,
    SQUARES, Seat, Square, StandardOptions,
};

/// The two phases of a standard game.
#[derive(Clone)]
enum Phase {
    /// Both players deploy at once: the layout each has on screen, and who has confirmed.
    Deploying {
        drafts: [Option<Layout>; 2],
        ready: [bool; 2],
    },
    /// The referee's game, from both confirmed layouts.
    Playing(Box<StandardGame>),
}

#[derive(Clone)]
pub struct StandardRound {
    record: GameRecord,
    red: Seat,
    options: StandardOptions,
    phase: Phase,
    life: Lifecycle,
    outcome: Option<Outcome<Seat>>,
    last: Option<LastAction>,
}

/// Layouts are secret until the end: Debug output names the phase, never a piece.
impl std::fmt::Debug for StandardRound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StandardRound")
            .field("red", &self.red)
            .field("options", &self.options)
            .field("deploying", &self.deploying())
            .field("plies", &self.plies())
            .field("outcome", &self.outcome)
            .finish()
    }
}

impl StandardRound {
    /// A new game in its deployment phase; `red` plays Red and acts first.
    pub fn new(red: Seat, options: StandardOptions, rules: Rules) -> StandardRound {
        let mut record = GameRecord::new(0, rules);
        record.events.push(Event::Standard { red, options });
        StandardRound {
            record,
            red,
            options,
            phase: Phase::Deploying {
                drafts: [None; 2],
                ready: [false; 2],
            },
            life: Lifecycle::default(),
            outcome: None,
            last: None,
        }
    }

    /// Rebuilds a game from its record, checking every event (the referee's verdicts are
    /// judged again, so a forged record is refused).
    pub fn replay(record: &GameRecord) -> Result<StandardRound, ReplayError> {
        StandardRound::replay_observed(record, |_, _| {})
    }

    /// [`StandardRound::replay`], calling `after` with the game after each event.
    pub fn replay_observed(
        record: &GameRecord,
        mut after: impl FnMut(&StandardRound, &Event),
    ) -> Result<StandardRound, ReplayError> {
        let bad = |index: usize, reason: String| ReplayError::BadEvent { index, reason };
        let Some(&Event::Standard { red, options }) = record.events.first() else {
            return Err(bad(
                0,
                "a standard game's record starts with its sides".into(),
            ));
        };
        let mut round = StandardRound::new(red, options, record.rules);
        for (index, event) in record.events.iter().enumerate().skip(1) {
            round
                .apply_event(*event)
                .map_err(|error| bad(index, error.to_string()))?;
            after(&round, event);
        }
        Ok(round)
    }

    /// The frames of a finished game's replay: the board when play began and after each
    /// action, every identity shown (the game is over, so nothing is hidden any more).
    pub fn replay_views(
        record: &GameRecord,
    ) -> Result<(StandardRound, Vec<PublicView>), ReplayError> {
        let mut views = Vec::with_capacity(record.events.len());
        let round = StandardRound::replay_observed(record, |round, event| {
            let began = matches!(event, Event::Ready(_)) && !round.deploying();
            if began || matches!(event, Event::Act(_)) {
                views.push(round.referee_view());
            }
        })?;
        Ok((round, views))
    }

    /// The board as the referee knows it: [`StandardRound::view`] with every identity shown.
    /// Only for a finished game (its replay) or the referee's own tools.
    pub fn referee_view(&self) -> PublicView {
        let mut view = self.view();
        if let Phase::Playing(game) = &self.phase {
            let board = &game.position().board;
            for square in Square::all() {
                if let (PublicCell::Back(_), Some(piece)) = (view.cell(square), board.piece(square))
                {
                    view.cells[square.index()] = PublicCell::Revealed(piece);
                }
            }
            let (removed, _) = removed_counts(&game.position().board, self.options.open, None);
            view.removed = removed;
            view.removed_unknown = [0; 2];
        }
        view
    }

    /// Applies one recorded event through the same checks as a live call.
    pub fn apply_event(&mut self, event: Event) -> Result<(), GameError> {
        match event {
            Event::Draft { seat, layout } => self.set_draft(seat, layout),
            Event::Ready(seat) => self.confirm(seat).map(|_| ()),
            Event::Act(action) => self
                .check(self.to_act(), action)
                .and_then(|checked| self.play(checked))
                .map(|_| ()),
            Event::Timeout => self.timeout().map(|_| ()),
            Event::Resign(seat) => self.resign(seat),
            Event::OfferDraw(seat) => self.offer_draw(seat),
            Event::AnswerDraw { seat, accept } => self.answer_draw(seat, accept),
            Event::Abandon(seat) => self.abandon(seat),
            Event::ClockDraw => self.clock_draw(u64::MAX),
            Event::Standard { .. } => Err(GameError::WrongKind),
        }
    }

    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    pub fn rules(&self) -> &Rules {
        &self.record.rules
    }

    pub fn options(&self) -> StandardOptions {
        self.options
    }

    /// The seat that plays Red.
    pub fn red(&self) -> Seat {
        self.red
    }

    pub fn colour_of(&self, seat: Seat) -> Colour {
        if seat == self.red {
            Colour::Red
        } else {
            Colour::Black
        }
    }

    fn seat_of(&self, colour: Colour) -> Seat {
        if colour == Colour::Red {
            self.red
        } else {
            self.red.other()
        }
    }

    pub fn outcome(&self) -> Option<Outcome<Seat>> {
        self.outcome
    }

    /// True while the players are still deploying.
    pub fn deploying(&self) -> bool {
        matches!(self.phase, Phase::Deploying { .. }) && self.outcome.is_none()
    }

    /// The seat to act: Red's until the game starts.
    pub fn to_act(&self) -> Seat {
        match &self.phase {
            Phase::Deploying { .. } => self.red,
            Phase::Playing(game) => self.seat_of(game.to_act()),
        }
    }

    pub fn plies(&self) -> u16 {
        match &self.phase {
            Phase::Deploying { .. } => 0,
            Phase::Playing(game) => game.position().plies,
        }
    }

    /// The layout `seat` has on screen: for `seat` alone (its private panel).
    pub fn draft(&self, seat: Seat) -> Option<Layout> {
        match &self.phase {
            Phase::Deploying { drafts, .. } => drafts[seat.index()],
            Phase::Playing(game) => Some(match self.colour_of(seat) {
                Colour::Red => game.record().red,
                Colour::Black => game.record().black,
            }),
        }
    }

    /// Whether `seat` has confirmed its layout (always, once the game started).
    pub fn is_ready(&self, seat: Seat) -> bool {
        match &self.phase {
            Phase::Deploying { ready, .. } => ready[seat.index()],
            Phase::Playing(_) => true,
        }
    }

    fn require_live(&self) -> Result<(), GameError> {
        match self.outcome {
            Some(_) => Err(GameError::Over),
            None => Ok(()),
        }
    }

    /// Puts `layout` on `seat`'s screen while it deploys.
    pub fn set_draft(&mut self, seat: Seat, layout: Layout) -> Result<(), GameError> {
        self.require_live()?;
        let Phase::Deploying { drafts, ready } = &mut self.phase else {
            return Err(GameError::NotDeploying);
        };
        if ready[seat.index()] {
            return Err(GameError::AlreadyReady);
        }
        drafts[seat.index()] = Some(layout);
        self.record.events.push(Event::Draft { seat, layout });
        Ok(())
    }

    /// `seat` confirms the layout on its screen; true when this started the game.
    pub fn confirm(&mut self, seat: Seat) -> Result<bool, GameError> {
        self.require_live()?;
        let Phase::Deploying { drafts, ready } = &mut self.phase else {
            return Err(GameError::NotDeploying);
        };
        if ready[seat.index()] {
            return Err(GameError::AlreadyReady);
        }
        if drafts[seat.index()].is_none() {
            return Err(GameError::NoLayout);
        }
        ready[seat.index()] = true;
        self.record.events.push(Event::Ready(seat));
        let red = drafts[self.red.index()];
        let black = drafts[self.red.other().index()];
        let (true, true, Some(red), Some(black)) = (ready[0], ready[1], red, black) else {
            return Ok(false);
        };
        let game = StandardGame::new(red, black, self.options, self.record.rules);
        self.phase = Phase::Playing(Box::new(game));
        Ok(true)
    }

    /// The deployment clock ran out: each seat that has not confirmed plays the layout on its
    /// screen, or `fallback(seat)` (a random layout) if it never had one (docs/rules.md §10).
    pub fn deployment_expired(
        &mut self,
        mut fallback: impl FnMut(Seat) -> Layout,
    ) -> Result<(), GameError> {
        if !self.deploying() {
            return Err(GameError::NotDeploying);
        }
        for seat in Seat::BOTH {
            if self.is_ready(seat) {
                continue;
            }
            if self.draft(seat).is_none() {
                self.set_draft(seat, fallback(seat))?;
            }
            self.confirm(seat)?;
        }
        Ok(())
    }

    fn playing(&self) -> Result<&StandardGame, GameError> {
        self.require_live()?;
        match &self.phase {
            Phase::Deploying { .. } => Err(GameError::StillDeploying),
            Phase::Playing(game) => Ok(game),
        }
    }

    /// Every legal move of the seat to act (none while deploying or once over).
    pub fn legal_actions(&self) -> Vec<Action> {
        self.playing()
            .map(StandardGame::legal_actions)
            .unwrap_or_default()
    }

    /// Where `seat`'s piece on `from` may go; empty sets when it cannot move now.
    pub fn destinations(&self, seat: Seat, from: Square) -> Destinations {
        match self.playing() {
            Ok(game) if game.to_act() == self.colour_of(seat) => game.position().destinations(from),
            _ => Destinations::default(),
        }
    }

    /// Checks that `seat` may play `action` now; [`StandardRound::play`] plays what it returns.
    pub fn check(&self, seat: Seat, action: Action) -> Result<Checked, GameError> {
        let game = self.playing()?;
        if seat != self.to_act() {
            return Err(GameError::NotYourTurn);
        }
        game.position().check(action)?;
        Ok(Checked::new(seat, action, self.record.events.len()))
    }

    /// True when `seat` playing `action` now would lose by repetition.
    pub fn would_repeat(&self, seat: Seat, action: Action) -> bool {
        self.playing()
            .is_ok_and(|game| seat == self.to_act() && game.would_repeat(action))
    }

    /// Plays an action checked in this position (one checked earlier is checked again).
    pub fn play(&mut self, checked: Checked) -> Result<Played, GameError> {
        let (seat, action) = (checked.seat(), checked.action());
        if checked.at() != self.record.events.len() {
            let again = self.check(seat, action)?;
            return self.play(again);
        }
        let colour = self.colour_of(seat);
        let shown_before = self.playing()?.shown();
        let Phase::Playing(game) = &mut self.phase else {
            return Err(GameError::StillDeploying);
        };
        let (from, to) = action.squares();
        let attacker = game.position().board.piece(from);
        let target = game.position().board.piece(to);
        let verdict = game.act(colour, action).map_err(|error| match error {
            super::StandardGameError::Over => GameError::Over,
            super::StandardGameError::NotYourTurn => GameError::NotYourTurn,
            super::StandardGameError::Illegal(error) => GameError::Referee(error),
        })?;
        let public = |square: Square, piece: Option<Piece>| {
            piece.filter(|_| self.options.open || shown_before.contains(square))
        };
        let shown = newly_shown(game, shown_before, (from, to), verdict, self.options.open);
        let effect = Effect::Judged {
            colour,
            verdict,
            attacker: public(from, attacker),
            target: public(to, target),
            shown,
        };
        let outcome = game.outcome().map(|outcome| self.seats(outcome));
        self.record.events.push(Event::Act(action));
        self.life.acted(seat);
        self.last = Some(LastAction {
            seat,
            action,
            effect,
        });
        if let Some(outcome) = outcome {
            self.finish_with(outcome);
        }
        Ok(Played {
            effect,
            colours_decided: false,
            outcome: self.outcome,
        })
    }

    fn seats(&self, outcome: Outcome<Colour>) -> Outcome<Seat> {
        match outcome {
            Outcome::Win { winner, reason } => Outcome::Win {
                winner: self.seat_of(winner),
                reason,
            },
            Outcome::Draw(reason) => Outcome::Draw(reason),
        }
    }

    fn finish_with(&mut self, outcome: Outcome<Seat>) {
        self.outcome = Some(outcome);
        self.life.ended();
    }

    fn finish(&mut self, event: Event, outcome: Outcome<Seat>) {
        self.record.events.push(event);
        self.finish_with(outcome);
    }

    /// The seat to act ran out of time: the turn passes and its timeout count grows; the last
    /// allowed timeout loses. Refused while deploying (the deployment clock has its own end:
    /// [`StandardRound::deployment_expired`]).
    pub fn timeout(&mut self) -> Result<Seat, GameError> {
        self.playing()?;
        let seat = self.to_act();
        self.record.events.push(Event::Timeout);
        if let Some(lost) = self.life.timeout(seat, &self.record.rules) {
            self.finish_with(lost);
        } else if let Phase::Playing(game) = &mut self.phase {
            game.pass().map_err(|_| GameError::Over)?;
            self.last = None;
        }
        Ok(seat)
    }

    pub fn resign(&mut self, seat: Seat) -> Result<(), GameError> {
        self.require_live()?;
        let outcome = Lifecycle::resign(seat, self.plies(), &self.record.rules)?;
        self.finish(Event::Resign(seat), outcome);
        Ok(())
    }

    pub fn offer_draw(&mut self, seat: Seat) -> Result<(), GameError> {
        self.require_live()?;
        self.life
            .offer_draw(seat, self.plies(), &self.record.rules)?;
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

    /// `seat` leaves the game (逃跑) and loses; allowed at any time, deployment included.
    pub fn abandon(&mut self, seat: Seat) -> Result<(), GameError> {
        self.require_live()?;
        self.finish(Event::Abandon(seat), Lifecycle::abandon(seat));
        Ok(())
    }

    pub fn clock_draw(&mut self, elapsed_secs: u64) -> Result<(), GameError> {
        self.require_live()?;
        let draw = Lifecycle::clock_draw(elapsed_secs, &self.record.rules)?;
        self.finish(Event::ClockDraw, draw);
        Ok(())
    }

    /// What everyone may see (spectators, the channel's image).
    pub fn view(&self) -> PublicView {
        self.view_as(None)
    }

    /// What `seat` sees: its own pieces besides what everyone sees (its private image).
    pub fn view_for(&self, seat: Seat) -> PublicView {
        self.view_as(Some(seat))
    }

    fn view_as(&self, seat: Option<Seat>) -> PublicView {
        let viewer = match seat {
            Some(seat) => Viewer::Player(self.colour_of(seat)),
            None => Viewer::Spectator,
        };
        let rules = self.record.rules;
        let mut view = match &self.phase {
            Phase::Deploying { drafts, .. } => {
                let empty = StandardPosition {
                    board: crate::game::Board::empty(),
                    turn: Colour::Red,
                    quiet: 0,
                    plies: 0,
                    options: self.options,
                    rules,
                };
                let nothing = crate::game::SquareSet::EMPTY;
                let mut view = public_view(&empty, nothing, viewer, self.red, rules);
                view.cells = self.deployment_cells(seat, drafts);
                view.removed = [[0; 12]; 2];
                view.removed_unknown = [0; 2];
                view
            }
            Phase::Playing(game) => {
                public_view(game.position(), game.shown(), viewer, self.red, rules)
            }
        };
        view.to_act = self.to_act();
        view.plies = self.plies();
        view.timeouts = self.life.timeouts;
        view.draw_offers_made = self.life.draw_offers_made;
        view.pending_draw_offer = self.life.pending_draw_offer;
        view.last = self.last;
        view.outcome = self.outcome;
        view
    }

    /// During deployment a player sees the layout on its own screen; nobody sees another's.
    fn deployment_cells(
        &self,
        seat: Option<Seat>,
        drafts: &[Option<Layout>; 2],
    ) -> [PublicCell; SQUARES] {
        let mut cells = [PublicCell::Empty; SQUARES];
        let Some(seat) = seat else { return cells };
        let Some(layout) = drafts[seat.index()] else {
            return cells;
        };
        let mut board = crate::game::Board::empty();
        layout.place(self.colour_of(seat), &mut board);
        for square in Square::all() {
            if let Some(piece) = board.piece(square) {
                cells[square.index()] = PublicCell::Revealed(piece);
            }
        }
        cells
    }

    /// The end's reveal: the public view and every identity it did not show, or `None` while
    /// the game is on.
    pub fn reveal(&self) -> Option<RevealedView> {
        self.outcome?;
        let view = self.view();
        let hidden = match &self.phase {
            Phase::Deploying { .. } => Vec::new(),
            Phase::Playing(game) => Square::all()
                .filter(|square| matches!(view.cell(*square), PublicCell::Back(_)))
                .filter_map(|square| Some((square, game.position().board.piece(square)?)))
                .collect(),
        };
        Some(RevealedView::new(view, hidden))
    }

    /// The referee's record (both layouts and every verdict), once the game is over and was
    /// played: what the record file writes.
    pub fn standard_record(&self) -> Option<&StandardRecord> {
        self.outcome?;
        match &self.phase {
            Phase::Deploying { .. } => None,
            Phase::Playing(game) => Some(game.record()),
        }
    }

    /// The pieces of `colour` still on the board: the points count the loser's removed ones.
    pub fn removed_total(&self, colour: Colour) -> u8 {
        match &self.phase {
            Phase::Deploying { .. } => 0,
            Phase::Playing(game) => {
                let on_board = game.position().board.occupied().into_iter();
                let left = on_board
                    .filter(|square| {
                        game.position()
                            .board
                            .piece(*square)
                            .is_some_and(|piece| piece.colour == colour)
                    })
                    .count();
                (crate::game::ARMY_SIZE as usize).saturating_sub(left) as u8
            }
        }
    }

    /// The referee's game (every identity in it): for the AI's belief tracking and the rules'
    /// own analysis, never for anything a player or spectator sees.
    pub fn game(&self) -> Option<&StandardGame> {
        match &self.phase {
            Phase::Deploying { .. } => None,
            Phase::Playing(game) => Some(game),
        }
    }
}

/// The pieces an action showed to everyone that were not shown before (in 明棋 everything is
/// shown already). A shown piece that moves keeps its mark: its new post is not news.
fn newly_shown(
    game: &super::StandardGame,
    before: crate::game::SquareSet,
    (from, to): (Square, Square),
    verdict: super::Verdict,
    open: bool,
) -> [Option<(Square, Piece)>; 2] {
    let mut shown = [None; 2];
    if open {
        return shown;
    }
    let mover_kept_its_mark = before.contains(from)
        && matches!(
            verdict,
            super::Verdict::Moved | super::Verdict::Attacked(super::Removed::Target)
        );
    let board = &game.position().board;
    let news = game
        .shown()
        .into_iter()
        .filter(|square| !before.contains(*square))
        .filter(|square| !(mover_kept_its_mark && *square == to))
        .filter_map(|square| board.piece(square).map(|piece| (square, piece)));
    for (slot, item) in shown.iter_mut().zip(news) {
        *slot = Some(item);
    }
    shown
}

/// The record file of a finished standard game (docs/rules.md §14): both layouts and every
/// verdict, as `junqi-bot apply --variant standard --record FILE` checks it, with the players,
/// their colours and the result as `#` comments. Written only once the game is over: it holds
/// both layouts.
pub fn write_standard_record_file(
    record: &GameRecord,
    names: &[String; 2],
    title: &str,
) -> Result<String, crate::game::RecordFileError> {
    use std::fmt::Write as _;
    let round = StandardRound::replay(record)?;
    let outcome = round
        .outcome()
        .ok_or(crate::game::RecordFileError::NotOver)?;
    let label = |seat: Seat| format!("{} ({})", names[seat.index()], round.colour_of(seat));
    let mut out = String::new();
    let _ = writeln!(out, "# {title}");
    let _ = writeln!(
        out,
        "# {} vs {}; check with `junqi-bot apply --variant standard --record FILE`",
        label(Seat::First),
        label(Seat::Second)
    );
    match round.standard_record() {
        Some(standard) => {
            let _ = write!(out, "{standard}");
        }
        None => {
            let _ = writeln!(
                out,
                "# the game ended during the deployment: no layout was played"
            );
        }
    }
    for event in &record.events {
        match *event {
            Event::Resign(seat) => {
                let _ = writeln!(out, "# {} resigns", label(seat));
            }
            Event::Abandon(seat) => {
                let _ = writeln!(out, "# {} abandons", label(seat));
            }
            Event::ClockDraw => {
                let _ = writeln!(out, "# the game reached its time limit");
            }
            _ => {}
        }
    }
    let ending = match outcome {
        Outcome::Win { winner, reason } => format!("{} wins: {}", label(winner), reason.word()),
        Outcome::Draw(reason) => format!("draw: {}", reason.word()),
    };
    let _ = writeln!(out, "# result: {ending}");
    Ok(out)
}
