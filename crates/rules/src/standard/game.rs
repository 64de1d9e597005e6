//! A standard game as the referee runs it (docs/rules.md §9–13): the position, what has been
//! shown to everyone (§12), the repetition rule, the outcome and the record it replays from.

use std::collections::VecDeque;

use thiserror::Error;

use super::layout::Layout;
use super::position::{Judgement, Removed, StandardError, StandardPosition, Verdict};
use super::record::{RecordedTurn, StandardRecord};
use super::view::{StandardView, Viewer};
use crate::game::{
    Action, Colour, Kind, Outcome, Piece, RepetitionKey, ReplayError, Rules, SquareSet,
    StandardOptions, WinReason, push_repetition,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum StandardGameError {
    #[error("the game is over")]
    Over,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("{0}")]
    Illegal(#[from] StandardError),
}

/// The last action and the referee's verdict on it: public once played.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct LastMove {
    pub colour: Colour,
    pub action: Action,
    pub verdict: Verdict,
}

#[derive(Clone)]
pub struct StandardGame {
    position: StandardPosition,
    /// Posts whose piece is shown to everyone; the mark moves with the piece.
    shown: SquareSet,
    history: [VecDeque<RepetitionKey>; 2],
    record: StandardRecord,
    last: Option<LastMove>,
    outcome: Option<Outcome<Colour>>,
}

/// The referee's board must not reach a log: Debug output names no piece.
impl std::fmt::Debug for StandardGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StandardGame")
            .field("view", &self.view(Viewer::Spectator).to_string())
            .field("last", &self.last)
            .field("outcome", &self.outcome)
            .finish()
    }
}

impl StandardGame {
    /// A game between two confirmed layouts; Red acts first.
    pub fn new(red: Layout, black: Layout, options: StandardOptions, rules: Rules) -> StandardGame {
        let mut position = StandardPosition::new(&red, &black, options);
        position.rules = rules;
        StandardGame {
            position,
            shown: SquareSet::EMPTY,
            history: [VecDeque::new(), VecDeque::new()],
            record: StandardRecord::new(red, black, options, rules),
            last: None,
            outcome: None,
        }
    }

    /// Rebuilds a game from its record, checking every action and its recorded verdict.
    pub fn replay(record: &StandardRecord) -> Result<StandardGame, ReplayError> {
        let mut game = StandardGame::new(record.red, record.black, record.options, record.rules);
        for (index, &turn) in record.moves.iter().enumerate() {
            let bad = |reason: String| ReplayError::BadEvent { index, reason };
            let RecordedTurn::Move(action, recorded) = turn else {
                game.pass()
                    .map_err(|error| bad(format!("timeout: {error}")))?;
                continue;
            };
            let verdict = game
                .act(game.position.turn, action)
                .map_err(|error| bad(format!("{action}: {error}")))?;
            if verdict != recorded {
                return Err(bad(format!(
                    "{action}: the record says {recorded}, the referee finds {verdict}"
                )));
            }
        }
        Ok(game)
    }

    pub fn to_act(&self) -> Colour {
        self.position.turn
    }

    pub fn outcome(&self) -> Option<Outcome<Colour>> {
        self.outcome
    }

    pub fn last(&self) -> Option<LastMove> {
        self.last
    }

    pub fn record(&self) -> &StandardRecord {
        &self.record
    }

    /// The referee's position, every identity in it: for the rules' own analysis, never for
    /// anything a player or spectator sees.
    pub fn position(&self) -> &StandardPosition {
        &self.position
    }

    /// The pieces shown to everyone so far.
    pub fn shown(&self) -> SquareSet {
        self.shown
    }

    /// What `viewer` sees now.
    pub fn view(&self, viewer: Viewer) -> StandardView {
        StandardView::new(&self.position, self.shown, viewer)
    }

    /// Both layouts, revealed once the game is over (docs/rules.md §12).
    pub fn revealed_layouts(&self) -> Option<(Layout, Layout)> {
        self.outcome.map(|_| (self.record.red, self.record.black))
    }

    /// Every legal move of the colour to act (none once the game is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.outcome {
            Some(_) => Vec::new(),
            None => self.position.legal_actions(),
        }
    }

    /// Checks and plays `colour`'s `action`; returns the referee's public verdict.
    pub fn act(&mut self, colour: Colour, action: Action) -> Result<Verdict, StandardGameError> {
        if self.outcome.is_some() {
            return Err(StandardGameError::Over);
        }
        if colour != self.position.turn {
            return Err(StandardGameError::NotYourTurn);
        }
        let (judgement, outcome) = self.position.apply(action)?;
        self.disclose(&judgement);
        let repeated = self.remember(colour, &judgement);
        self.record
            .moves
            .push(RecordedTurn::Move(action, judgement.verdict));
        self.last = Some(LastMove {
            colour,
            action,
            verdict: judgement.verdict,
        });
        self.outcome = outcome.or(repeated.then_some(Outcome::Win {
            winner: colour.other(),
            reason: WinReason::Repetition,
        }));
        Ok(judgement.verdict)
    }

    /// The colour to act ran out of time: the turn passes to the other colour (the timeout
    /// count and its loss are the round's: `standard::round`).
    pub fn pass(&mut self) -> Result<(), StandardGameError> {
        if self.outcome.is_some() {
            return Err(StandardGameError::Over);
        }
        self.position.turn = self.position.turn.other();
        self.record.moves.push(RecordedTurn::Timeout);
        self.last = None;
        Ok(())
    }

    /// True when `action` (legal, by the colour to act) would lose by repetition: front ends
    /// warn before playing it.
    pub fn would_repeat(&self, action: Action) -> bool {
        let (from, to) = action.squares();
        let board = &self.position.board;
        if board.occupied().contains(to) {
            return false; // an attack clears the list
        }
        let Some(piece) = board.piece(from) else {
            return false;
        };
        let key = (piece, from, to);
        let history = &self.history[self.position.turn.index()];
        crate::game::repeats_too_often(history.iter().chain(std::iter::once(&key)), &key)
    }

    /// Adds the move to `colour`'s repetition list (docs/rules.md §6.6; an attack empties it);
    /// true when it now repeats too often.
    fn remember(&mut self, colour: Colour, judgement: &Judgement) -> bool {
        let history = &mut self.history[colour.index()];
        if judgement.verdict.is_attack() {
            history.clear();
            return false;
        }
        push_repetition(history, (judgement.attacker, judgement.from, judgement.to))
    }

    /// Moves the marks of what everyone has been shown with the pieces, and adds what this
    /// judgement shows (docs/rules.md §12): a field marshal's death shows its side's flag, and
    /// under `engineer_scouts` a rank piece that removed an attacking engineer is shown.
    fn disclose(&mut self, judgement: &Judgement) {
        let Judgement { from, to, .. } = *judgement;
        let attacker_shown = self.shown.contains(from);
        self.shown.remove(from);
        match judgement.verdict {
            Verdict::Moved | Verdict::Attacked(Removed::Target) => {
                self.shown.remove(to);
                if attacker_shown {
                    self.shown.insert(to);
                }
            }
            Verdict::Attacked(Removed::Both) => self.shown.remove(to),
            Verdict::Attacked(Removed::Attacker) => {}
        }
        let removed = removed_pieces(judgement);
        for piece in removed.iter().flatten() {
            if piece.kind == Kind::Marshal {
                self.show_flag(piece.colour);
            }
        }
        let scouted = self.position.options.engineer_scouts
            && judgement.attacker.kind == Kind::Engineer
            && judgement.verdict == Verdict::Attacked(Removed::Attacker)
            && judgement
                .target
                .is_some_and(|target| target.kind.rank().is_some());
        if scouted {
            self.shown.insert(to);
        }
    }

    fn show_flag(&mut self, colour: Colour) {
        let flag = Piece::new(colour, Kind::Flag);
        let post = self
            .position
            .board
            .occupied()
            .into_iter()
            .find(|square| self.position.board.piece(*square) == Some(flag));
        if let Some(post) = post {
            self.shown.insert(post);
        }
    }
}

/// The pieces a judgement removed: the attacker, the target, both or none.
fn removed_pieces(judgement: &Judgement) -> [Option<Piece>; 2] {
    let attacker = Some(judgement.attacker);
    match judgement.verdict {
        Verdict::Moved => [None, None],
        Verdict::Attacked(Removed::Target) => [None, judgement.target],
        Verdict::Attacked(Removed::Attacker) => [attacker, None],
        Verdict::Attacked(Removed::Both) => [attacker, judgement.target],
    }
}
