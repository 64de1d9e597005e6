//! A standard game's position (docs/rules.md §9–13): both armies on the board with every
//! identity known to the referee, the colour to act and the two counters. Its legal moves, the
//! referee's judgement of an action and the end of the game.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::layout::Layout;
use crate::game::board::Move;
use crate::game::{
    Action, ActionError, AttackResult, Board, Colour, Kind, MoveRules, Outcome, Piece, Rules,
    Square, StandardOptions, Variant, WinReason, count_action, draw_by_counters,
};

/// Both armies, the colour to act and the counters of a standard game. Every piece is known
/// here: this is the referee's board, never shown to a player as it is (see
/// [`super::StandardView`]).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct StandardPosition {
    pub board: Board,
    pub turn: Colour,
    /// Actions since the last attack.
    pub quiet: u16,
    /// Actions so far.
    pub plies: u16,
    pub options: StandardOptions,
    /// The server's numbers (the quiet and length draws); its `hq_locks` is ignored, since
    /// headquarters always lock in the standard games.
    pub rules: Rules,
}

/// The referee's board must not reach a log: Debug output shows what a spectator sees.
/// Tests that need the identities print the position with `Display`.
impl fmt::Debug for StandardPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let view = super::view::StandardView::new(
            self,
            crate::game::SquareSet::EMPTY,
            super::view::Viewer::Spectator,
        );
        write!(f, "StandardPosition({view})")
    }
}

/// Why an action is refused in a standard game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum StandardError {
    #[error("there are no flips in the standard games: move one of your pieces")]
    NoFlips,
    #[error("{0}")]
    Action(#[from] ActionError),
}

/// Which pieces an attack removed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Removed {
    /// The target; the attacker moved in.
    Target,
    /// The attacker; the target stays.
    Attacker,
    Both,
}

/// What the referee announces after an action: whether it was an attack and which pieces it
/// removed. The survivor of an attack, if any, stands on the action's destination. It names no
/// piece: everyone may be told it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Verdict {
    Moved,
    Attacked(Removed),
}

/// The referee's full account of an action: the verdict and the pieces involved (which only
/// the referee and the record know).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Judgement {
    pub from: Square,
    pub to: Square,
    pub verdict: Verdict,
    pub attacker: Piece,
    /// The attacked piece; `None` for a plain move.
    pub target: Option<Piece>,
}

impl Judgement {
    /// True when a flag left the board (taken, or blown up with a bomb).
    pub fn took_flag(&self) -> bool {
        self.target.is_some_and(|target| target.kind == Kind::Flag)
    }
}

impl Verdict {
    pub const ALL: [Verdict; 4] = [
        Verdict::Moved,
        Verdict::Attacked(Removed::Target),
        Verdict::Attacked(Removed::Attacker),
        Verdict::Attacked(Removed::Both),
    ];

    pub const fn word(self) -> &'static str {
        match self {
            Verdict::Moved => "moved",
            Verdict::Attacked(Removed::Target) => "target removed",
            Verdict::Attacked(Removed::Attacker) => "attacker removed",
            Verdict::Attacked(Removed::Both) => "both removed",
        }
    }

    pub const fn is_attack(self) -> bool {
        matches!(self, Verdict::Attacked(_))
    }
}

/// `moved`, `target removed`, `attacker removed` or `both removed`.
impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "\"{0}\" is not a verdict: expected moved, target removed, attacker removed or both removed"
)]
pub struct VerdictError(String);

impl FromStr for Verdict {
    type Err = VerdictError;
    fn from_str(text: &str) -> Result<Verdict, VerdictError> {
        Verdict::ALL
            .into_iter()
            .find(|verdict| verdict.word() == text.trim())
            .ok_or_else(|| VerdictError(text.chars().take(40).collect()))
    }
}

impl StandardPosition {
    /// The start of a game: `red` on the south half, `black` on the north, Red to act.
    pub fn new(red: &Layout, black: &Layout, options: StandardOptions) -> StandardPosition {
        let mut board = Board::empty();
        red.place(Colour::Red, &mut board);
        black.place(Colour::Black, &mut board);
        StandardPosition {
            board,
            turn: Colour::Red,
            quiet: 0,
            plies: 0,
            options,
            rules: Rules::default(),
        }
    }

    pub fn variant(&self) -> Variant {
        Variant::Standard(self.options)
    }

    fn move_rules(&self) -> MoveRules {
        self.variant().move_rules(&self.rules)
    }

    /// Every legal move of the colour to act.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(64);
        self.board
            .legal_actions_under(self.turn, self.move_rules(), &mut out);
        out
    }

    /// Where the piece on `from` may go, for the colour to act.
    pub fn destinations(&self, from: Square) -> crate::game::Destinations {
        self.board
            .destinations_under(self.turn, from, self.move_rules())
    }

    pub fn check(&self, action: Action) -> Result<(), StandardError> {
        if let Action::Flip(_) = action {
            return Err(StandardError::NoFlips);
        }
        Ok(self
            .board
            .check_under(self.turn, action, self.move_rules())?)
    }

    /// Checks and plays `action`: the referee's judgement and the outcome if the game ended.
    pub fn apply(
        &mut self,
        action: Action,
    ) -> Result<(Judgement, Option<Outcome<Colour>>), StandardError> {
        self.check(action)?;
        Ok(self.play_unchecked(action))
    }

    /// Plays a move known to be legal (from [`StandardPosition::legal_actions`]).
    pub fn play_unchecked(&mut self, action: Action) -> (Judgement, Option<Outcome<Colour>>) {
        let (from, to) = action.squares();
        let judgement = match self.board.play_move(from, to, self.options.attack_rules()) {
            Move::Quiet(attacker) => Judgement {
                from,
                to,
                verdict: Verdict::Moved,
                attacker,
                target: None,
            },
            Move::Attack {
                attacker,
                target,
                result,
            } => Judgement {
                from,
                to,
                verdict: Verdict::Attacked(match result {
                    AttackResult::AttackerWins => Removed::Target,
                    AttackResult::TargetHolds => Removed::Attacker,
                    AttackResult::BothRemoved => Removed::Both,
                }),
                attacker,
                target: Some(target),
            },
        };
        count_action(
            &mut self.turn,
            &mut self.plies,
            &mut self.quiet,
            judgement.verdict.is_attack(),
        );
        (judgement, self.end_after(&judgement))
    }

    /// The end-of-game checks of docs/rules.md §13 after the colour not to act played.
    pub fn end_after(&self, judgement: &Judgement) -> Option<Outcome<Colour>> {
        let mover = self.turn.other();
        if judgement.took_flag() {
            return Some(Outcome::Win {
                winner: mover,
                reason: WinReason::Flag,
            });
        }
        if !self
            .board
            .has_legal_move_under(self.turn, self.move_rules())
        {
            return Some(Outcome::Win {
                winner: mover,
                reason: WinReason::NoMoves,
            });
        }
        draw_by_counters(self.quiet, self.plies, &self.rules)
    }
}
