//! A 四国 position (docs/rules.md §16–22): every piece on the 129 posts with its seat, the
//! seat to act and the actions since the last attack. Which seats are out is read off the
//! board: a seat with no piece left is out.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::geometry::HEADQUARTERS;
use super::post::{POSTS, SiguoPost};
use super::post_set::PostSet;
use super::seat::{SiguoSeat, Team};
use crate::game::Kind;
use crate::standard::Layout;

/// A piece of one seat's army, written `S9`, `EX`, `NM`, `WF`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub struct SiguoPiece {
    pub seat: SiguoSeat,
    pub kind: Kind,
}

impl SiguoPiece {
    pub const fn new(seat: SiguoSeat, kind: Kind) -> SiguoPiece {
        SiguoPiece { seat, kind }
    }
}

/// The seat's letter, then the piece's code.
impl fmt::Display for SiguoPiece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.seat.code(), self.kind.code())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown code \"{0}\" (expected a seat S, E, N or W then 9…1, X, M or F)")]
pub struct SiguoPieceError(pub String);

/// Reads `S9`, `ex`: a seat's letter, then a piece code.
impl FromStr for SiguoPiece {
    type Err = SiguoPieceError;
    fn from_str(code: &str) -> Result<SiguoPiece, SiguoPieceError> {
        let mut chars = code.chars();
        let seat = chars.next().and_then(SiguoSeat::from_code);
        let kind = chars.next().and_then(Kind::from_code);
        match (seat, kind, chars.next()) {
            (Some(seat), Some(kind), None) => Ok(SiguoPiece::new(seat, kind)),
            _ => Err(SiguoPieceError(code.chars().take(8).collect())),
        }
    }
}

/// The numbers of a 四国 game that a server may set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct SiguoRules {
    /// Consecutive actions without an attack that draw the game.
    pub quiet_draw: u16,
}

impl Default for SiguoRules {
    fn default() -> SiguoRules {
        SiguoRules { quiet_draw: 40 }
    }
}

/// The referee's board of a 四国 game: every identity known. Its `Debug` shows only whose
/// piece stands where, so that a log line never carries an identity.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SiguoPosition {
    cells: [Option<SiguoPiece>; POSTS],
    /// The posts each seat's pieces stand on, kept with `cells`.
    by_seat: [PostSet; 4],
    /// The seat to act; always a seat that is still in, while the game goes on.
    pub turn: SiguoSeat,
    /// Actions since the last attack.
    pub quiet: u16,
    pub rules: SiguoRules,
}

impl SiguoPosition {
    /// A board with no piece, `turn` to act.
    pub fn empty(turn: SiguoSeat) -> SiguoPosition {
        SiguoPosition {
            cells: [None; POSTS],
            by_seat: [PostSet::EMPTY; 4],
            turn,
            quiet: 0,
            rules: SiguoRules::default(),
        }
    }

    /// The start of a game with the standard deal: each seat's layout on its own arm, read in
    /// the owner's frame, and `first` to act.
    pub fn new(layouts: [&Layout; 4], first: SiguoSeat) -> SiguoPosition {
        let mut position = SiguoPosition::empty(first);
        for (seat, layout) in SiguoSeat::ALL.into_iter().zip(layouts) {
            position.place(seat, layout);
        }
        position
    }

    /// Puts `layout`'s pieces, as `seat`'s, on `seat`'s arm.
    pub fn place(&mut self, seat: SiguoSeat, layout: &Layout) {
        for (post, kind) in layout.pieces() {
            self.set(
                SiguoPost::arm(seat, post),
                Some(SiguoPiece::new(seat, kind)),
            );
        }
    }

    pub fn piece(&self, post: SiguoPost) -> Option<SiguoPiece> {
        self.cells[post.index()]
    }

    /// Puts `piece` on `post` (or empties it), replacing what stood there.
    pub fn set(&mut self, post: SiguoPost, piece: Option<SiguoPiece>) {
        if let Some(old) = self.cells[post.index()] {
            self.by_seat[old.seat.index()].remove(post);
        }
        if let Some(new) = piece {
            self.by_seat[new.seat.index()].insert(post);
        }
        self.cells[post.index()] = piece;
    }

    /// The posts `seat`'s pieces stand on.
    pub fn posts_of(&self, seat: SiguoSeat) -> PostSet {
        self.by_seat[seat.index()]
    }

    /// The posts of a team's pieces.
    pub fn posts_of_team(&self, team: Team) -> PostSet {
        let [a, b] = team.seats();
        self.posts_of(a) | self.posts_of(b)
    }

    /// Every post that holds a piece.
    pub fn occupied(&self) -> PostSet {
        self.by_seat[0] | self.by_seat[1] | self.by_seat[2] | self.by_seat[3]
    }

    /// A seat is out when none of its pieces is left on the board.
    pub fn is_out(&self, seat: SiguoSeat) -> bool {
        self.posts_of(seat).is_empty()
    }

    /// The team whose players are both out, if any: it has lost.
    pub fn beaten_team(&self) -> Option<Team> {
        Team::BOTH
            .into_iter()
            .find(|team| self.posts_of_team(*team).is_empty())
    }

    /// Takes every piece of `seat` off the board: the seat is out.
    pub(super) fn remove_seat(&mut self, seat: SiguoSeat) {
        for post in self.posts_of(seat) {
            self.cells[post.index()] = None;
        }
        self.by_seat[seat.index()] = PostSet::EMPTY;
    }

    /// Every piece on the board with its post, from the lowest post index.
    pub fn pieces(&self) -> impl Iterator<Item = (SiguoPost, SiguoPiece)> + '_ {
        self.occupied()
            .into_iter()
            .filter_map(|post| self.piece(post).map(|piece| (post, piece)))
    }

    /// True when the piece on `post` stands in a headquarters, where it never moves again.
    pub fn is_locked(&self, post: SiguoPost) -> bool {
        HEADQUARTERS.contains(post) && self.cells[post.index()].is_some()
    }
}

/// Whose piece stands where, never what it is: `SiguoPosition(S? on SA1, …; S to act)`.
impl fmt::Debug for SiguoPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SiguoPosition(")?;
        for (index, (post, piece)) in self.pieces().enumerate() {
            if index > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}? on {post}", piece.seat)?;
        }
        write!(f, "; {} to act, quiet {})", self.turn, self.quiet)
    }
}
