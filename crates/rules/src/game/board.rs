//! The contents of the 60 squares and the movement rules of docs/rules.md §4–5: which moves each
//! revealed piece has, and what a flip, a move or an attack does to the board.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::action::Action;
use super::attack::{self, AttackRefusal, AttackResult, AttackRules};
use super::geometry::{self, CAMPS, HEADQUARTERS};
use super::notation::{CellText, write_board};
use super::piece::{Colour, Kind, Piece};
use super::rules::Rules;
use super::square::{SQUARES, Square};
use super::square_set::SquareSet;
use super::variant::MoveRules;
use crate::standard::Verdict;

/// What stands on a square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Cell {
    Empty,
    FaceDown(Piece),
    Revealed(Piece),
}

const EMPTY: u8 = 0;
const REVEALED: u8 = 1;
const FACE_DOWN: u8 = 33;

/// The board: one byte per square plus square sets kept in step for fast move generation.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u8; SQUARES],
    occupied: SquareSet,
    face_down: SquareSet,
    revealed: [SquareSet; 2],
    /// Pieces of each kind still on the board, face down or not, by [`Piece::index`].
    on_board: [u8; 24],
}

/// Why an action is refused. Every reason is computed from public information only.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
pub enum ActionError {
    #[error("there is no face-down piece on {0} to flip")]
    NothingToFlip(Square),
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    #[error("the piece on {0} is face down: flip it first")]
    MoverFaceDown(Square),
    #[error("the piece on {0} is not yours")]
    NotYourPiece(Square),
    #[error("a {} never moves", .0.name_english().to_lowercase())]
    Immobile(Kind),
    #[error("pieces in a headquarters cannot move under these rules")]
    HeadquartersLocked,
    #[error("a piece cannot move to its own square")]
    SameSquare,
    #[error("the piece on {from} cannot reach {to}")]
    Unreachable { from: Square, to: Square },
    #[error("{0}")]
    Attack(AttackRefusal),
    #[error("until colours are decided the only action is to flip")]
    ColoursUndecided,
    #[error("the game is over")]
    GameOver,
}

/// Where one piece can go: the empty squares it reaches and the squares it may attack.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Destinations {
    pub empty: SquareSet,
    pub attacks: SquareSet,
}

impl Destinations {
    /// Every destination, empty or attacked.
    pub fn all(self) -> SquareSet {
        self.empty | self.attacks
    }
}

/// What an applied action did, for messages and the last-action marks of the board image.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Effect {
    Flipped(Piece),
    Moved(Piece),
    Attacked {
        attacker: Piece,
        target: Piece,
        attacker_survives: bool,
    },
    /// A standard game's action as the referee announces it (docs/rules.md §12): the mover's
    /// colour and what was removed. A piece is named only when everyone had been shown it
    /// before the action (in 明棋, always), so the effect is public as it stands.
    Judged {
        colour: Colour,
        verdict: Verdict,
        attacker: Option<Piece>,
        target: Option<Piece>,
        /// Pieces this action showed to everyone, with where they stand: a flag when a field
        /// marshal fell (both flags when both marshals did), or the piece that removed an
        /// attacking engineer under reconnaissance (docs/rules.md §12).
        shown: [Option<(Square, Piece)>; 2],
    },
}

impl Effect {
    pub fn is_attack(self) -> bool {
        match self {
            Effect::Attacked { .. } => true,
            Effect::Judged { verdict, .. } => verdict.is_attack(),
            Effect::Flipped(_) | Effect::Moved(_) => false,
        }
    }

    /// True when a flag left the board.
    pub fn took_flag(self) -> bool {
        matches!(
            self,
            Effect::Attacked {
                target: Piece {
                    kind: Kind::Flag,
                    ..
                },
                ..
            }
        )
    }
}

const fn encode(cell: Cell) -> u8 {
    match cell {
        Cell::Empty => EMPTY,
        Cell::Revealed(piece) => REVEALED + piece.index() as u8,
        Cell::FaceDown(piece) => FACE_DOWN + piece.index() as u8,
    }
}

const fn decode(byte: u8) -> Cell {
    match byte {
        EMPTY => Cell::Empty,
        b if b >= FACE_DOWN => Cell::FaceDown(Piece::from_index((b - FACE_DOWN) as usize)),
        b => Cell::Revealed(Piece::from_index((b - REVEALED) as usize)),
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    pub const fn empty() -> Board {
        Board {
            cells: [EMPTY; SQUARES],
            occupied: SquareSet::EMPTY,
            face_down: SquareSet::EMPTY,
            revealed: [SquareSet::EMPTY; 2],
            on_board: [0; 24],
        }
    }

    pub fn cell(&self, square: Square) -> Cell {
        decode(self.cells[square.index()])
    }

    /// The piece on `square`, face down or not.
    pub fn piece(&self, square: Square) -> Option<Piece> {
        match self.cell(square) {
            Cell::Empty => None,
            Cell::FaceDown(piece) | Cell::Revealed(piece) => Some(piece),
        }
    }

    /// Puts `cell` on `square`, replacing what was there.
    pub fn set(&mut self, square: Square, cell: Cell) {
        self.clear(square);
        let bit = SquareSet::from(square);
        self.cells[square.index()] = encode(cell);
        match cell {
            Cell::Empty => {}
            Cell::FaceDown(piece) => {
                self.occupied |= bit;
                self.face_down |= bit;
                self.on_board[piece.index()] += 1;
            }
            Cell::Revealed(piece) => {
                self.occupied |= bit;
                self.revealed[piece.colour.index()] |= bit;
                self.on_board[piece.index()] += 1;
            }
        }
    }

    fn clear(&mut self, square: Square) {
        if let Some(piece) = self.piece(square) {
            self.on_board[piece.index()] -= 1;
        }
        let gone = SquareSet::from(square);
        self.cells[square.index()] = EMPTY;
        self.occupied -= gone;
        self.face_down -= gone;
        self.revealed[0] -= gone;
        self.revealed[1] -= gone;
    }

    pub fn occupied(&self) -> SquareSet {
        self.occupied
    }

    /// The set of squares holding face-down pieces.
    pub fn face_down(&self) -> SquareSet {
        self.face_down
    }

    /// The set of squares holding revealed pieces of `colour`.
    pub fn revealed(&self, colour: Colour) -> SquareSet {
        self.revealed[colour.index()]
    }

    /// The revealed pieces of `colour` that can move (landmines and flags never do), with
    /// their squares.
    pub fn movers(&self, colour: Colour) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.revealed(colour)
            .into_iter()
            .filter_map(|square| match self.cell(square) {
                Cell::Revealed(piece) if piece.kind.is_movable() => Some((square, piece)),
                _ => None,
            })
    }

    /// How many pieces of this colour and kind are on the board, face down or not.
    pub fn count_on_board(&self, piece: Piece) -> u8 {
        self.on_board[piece.index()]
    }

    /// How many pieces of `colour` have left the board.
    pub fn removed_count(&self, colour: Colour) -> u8 {
        let on: u8 = self.on_board[colour.index() * 12..colour.index() * 12 + 12]
            .iter()
            .sum();
        super::piece::ARMY_SIZE - on
    }

    /// How many landmines of `colour` are still on the board (the flag is safe while any are).
    pub fn mines_left(&self, colour: Colour) -> u8 {
        self.on_board[Piece::new(colour, Kind::Landmine).index()]
    }

    /// Every square `from` could move to if it held a movable piece of `kind`: steps along any
    /// connection, straight railway slides and, for engineers, any railway path. Occupied
    /// squares in the set are attack candidates; whether an attack is allowed is checked apart.
    pub fn reach(&self, from: Square, kind: Kind) -> SquareSet {
        geometry::reach(self.occupied, from, kind == Kind::Engineer)
    }

    /// Whether `attacker` may attack the piece on `target` (which must be occupied) under the
    /// attack table `attacks`.
    fn attack_check(
        &self,
        attacker: Piece,
        target: Square,
        attacks: AttackRules,
    ) -> Result<AttackResult, AttackRefusal> {
        let defender = match self.cell(target) {
            Cell::Revealed(piece) => piece,
            Cell::FaceDown(_) => return Err(AttackRefusal::FaceDown),
            Cell::Empty => unreachable!("attack_check on an empty square"),
        };
        if defender.colour == attacker.colour {
            return Err(AttackRefusal::OwnPiece);
        }
        if CAMPS.contains(target) {
            return Err(AttackRefusal::InCamp);
        }
        attack::resolve_under(
            attacks,
            attacker,
            defender,
            self.mines_left(defender.colour),
        )
    }

    /// The movable revealed piece of `colour` on `from`, or why there is none.
    fn mover(&self, colour: Colour, from: Square, hq_locks: bool) -> Result<Piece, ActionError> {
        let piece = match self.cell(from) {
            Cell::Empty => return Err(ActionError::NoPiece(from)),
            Cell::FaceDown(_) => return Err(ActionError::MoverFaceDown(from)),
            Cell::Revealed(piece) => piece,
        };
        if piece.colour != colour {
            return Err(ActionError::NotYourPiece(from));
        }
        if !piece.kind.is_movable() {
            return Err(ActionError::Immobile(piece.kind));
        }
        if hq_locks && HEADQUARTERS.contains(from) {
            return Err(ActionError::HeadquartersLocked);
        }
        Ok(piece)
    }

    /// Checks that `colour` may play `action` now in the flip game. `Ok` means
    /// [`Board::apply`] will accept it.
    pub fn check(&self, colour: Colour, action: Action, rules: Rules) -> Result<(), ActionError> {
        self.check_under(colour, action, rules.into())
    }

    /// [`Board::check`] under any game's movement rules.
    pub fn check_under(
        &self,
        colour: Colour,
        action: Action,
        moves: MoveRules,
    ) -> Result<(), ActionError> {
        match action {
            Action::Flip(square) if self.face_down.contains(square) => Ok(()),
            Action::Flip(square) => Err(ActionError::NothingToFlip(square)),
            Action::Move { from, to } => {
                let piece = self.mover(colour, from, moves.hq_locks)?;
                if from == to {
                    return Err(ActionError::SameSquare);
                }
                if !self.reach(from, piece.kind).contains(to) {
                    return Err(ActionError::Unreachable { from, to });
                }
                if self.occupied.contains(to) {
                    self.attack_check(piece, to, moves.attacks)
                        .map_err(ActionError::Attack)?;
                }
                Ok(())
            }
        }
    }

    /// The legal destinations of the piece on `from` for `colour` in the flip game: (empty
    /// squares, attackable squares). Both empty when it has none or is not a movable piece of
    /// `colour`.
    pub fn destinations(&self, colour: Colour, from: Square, rules: Rules) -> Destinations {
        self.destinations_under(colour, from, rules.into())
    }

    /// [`Board::destinations`] under any game's movement rules.
    pub fn destinations_under(
        &self,
        colour: Colour,
        from: Square,
        moves: MoveRules,
    ) -> Destinations {
        let Ok(piece) = self.mover(colour, from, moves.hq_locks) else {
            return Destinations::default();
        };
        let reach = self.reach(from, piece.kind);
        let mut attacks = SquareSet::EMPTY;
        for target in reach & (self.occupied - self.face_down - self.revealed[colour.index()]) {
            if self.attack_check(piece, target, moves.attacks).is_ok() {
                attacks.insert(target);
            }
        }
        Destinations {
            empty: reach - self.occupied,
            attacks,
        }
    }

    /// Appends every legal action of `colour` to `out`: all flips, then all moves.
    pub fn legal_actions_into(&self, colour: Colour, rules: Rules, out: &mut Vec<Action>) {
        self.legal_actions_under(colour, rules.into(), out);
    }

    /// [`Board::legal_actions_into`] under any game's movement rules.
    pub fn legal_actions_under(&self, colour: Colour, moves: MoveRules, out: &mut Vec<Action>) {
        out.extend(self.face_down.into_iter().map(Action::Flip));
        for from in self.revealed[colour.index()] {
            let destinations = self.destinations_under(colour, from, moves);
            out.extend(
                destinations
                    .all()
                    .into_iter()
                    .map(|to| Action::Move { from, to }),
            );
        }
    }

    /// True when `colour` has any legal move of a revealed piece (flips not counted).
    pub fn has_legal_move(&self, colour: Colour, rules: Rules) -> bool {
        self.has_legal_move_under(colour, rules.into())
    }

    /// [`Board::has_legal_move`] under any game's movement rules.
    pub fn has_legal_move_under(&self, colour: Colour, moves: MoveRules) -> bool {
        self.revealed[colour.index()].into_iter().any(|from| {
            !self
                .destinations_under(colour, from, moves)
                .all()
                .is_empty()
        })
    }

    /// Plays an action of the flip game that [`Board::check`] accepted.
    pub fn apply(&mut self, action: Action) -> Effect {
        match action {
            Action::Flip(square) => {
                let piece = self.piece(square).expect("flip of a checked square");
                self.set(square, Cell::Revealed(piece));
                Effect::Flipped(piece)
            }
            Action::Move { from, to } => match self.play_move(from, to, AttackRules::Flip) {
                Move::Quiet(piece) => Effect::Moved(piece),
                Move::Attack {
                    attacker,
                    target,
                    result,
                } => Effect::Attacked {
                    attacker,
                    target,
                    attacker_survives: result == AttackResult::AttackerWins,
                },
            },
        }
    }

    /// Moves the piece on `from` (checked under `attacks`) to `to`, settling an attack there
    /// by the attack table: the part of a move every game shares.
    pub(crate) fn play_move(&mut self, from: Square, to: Square, attacks: AttackRules) -> Move {
        let attacker = self.piece(from).expect("move of a checked piece");
        self.clear(from);
        let Some(target) = self.piece(to) else {
            self.set(to, Cell::Revealed(attacker));
            return Move::Quiet(attacker);
        };
        let result =
            attack::resolve_under(attacks, attacker, target, self.mines_left(target.colour))
                .unwrap_or(AttackResult::BothRemoved);
        match result {
            AttackResult::AttackerWins => self.set(to, Cell::Revealed(attacker)),
            AttackResult::BothRemoved => self.clear(to),
            AttackResult::TargetHolds => {}
        }
        Move::Attack {
            attacker,
            target,
            result,
        }
    }
}

/// What a move did on the board, before any game reads it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Move {
    Quiet(Piece),
    Attack {
        attacker: Piece,
        target: Piece,
        result: AttackResult,
    },
}

/// Debug output shows face-down pieces as `?`: boards end up in logs and panic messages, and
/// those must not reveal identities. Tests that need them print the [`Position`](super::Position).
impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Board(")?;
        write_board(f, |square| match self.cell(square) {
            Cell::Empty => CellText::Empty,
            Cell::Revealed(piece) => CellText::Revealed(piece),
            Cell::FaceDown(_) => CellText::FaceDown(None),
        })?;
        f.write_str(")")
    }
}
