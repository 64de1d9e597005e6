//! What each viewer of a 四国 game sees (docs/rules.md §19): their own pieces, their ally's
//! with `view = allies`, every piece with `view = open`, and what reconnaissance and a field
//! marshal's death have shown. A [`SiguoView`] holds, for every piece the viewer has not been
//! shown, its seat alone: the type has no place for a hidden identity, so none can leak from
//! it into a message, an image or a log.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::notation::write_board;
use super::play::SiguoJudgement;
use super::position::{SiguoPiece, SiguoPosition};
use super::post::{POSTS, SiguoPost};
use super::post_set::PostSet;
use super::seat::{SiguoSeat, Team};
use crate::game::Kind;
use crate::standard::{Removed, Verdict};

/// The table's `view` option.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum SiguoViewMode {
    /// 四暗: each player sees their own pieces only.
    #[default]
    Dark,
    /// 双明: each player also sees their ally's pieces.
    Allies,
    /// 全明: every piece is shown to everyone.
    Open,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown view \"{0}\": expected dark, allies or open")]
pub struct SiguoViewModeError(pub String);

impl SiguoViewMode {
    pub const ALL: [SiguoViewMode; 3] = [
        SiguoViewMode::Dark,
        SiguoViewMode::Allies,
        SiguoViewMode::Open,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            SiguoViewMode::Dark => "dark",
            SiguoViewMode::Allies => "allies",
            SiguoViewMode::Open => "open",
        }
    }
}

impl fmt::Display for SiguoViewMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SiguoViewMode {
    type Err = SiguoViewModeError;
    fn from_str(text: &str) -> Result<SiguoViewMode, SiguoViewModeError> {
        SiguoViewMode::ALL
            .into_iter()
            .find(|mode| mode.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| SiguoViewModeError(text.chars().take(16).collect()))
    }
}

/// Who looks at the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SiguoViewer {
    /// A player sees their own pieces, what their team was shown, and what everyone was shown.
    Seat(SiguoSeat),
    /// A spectator (and a public image) sees only what everyone was shown.
    Spectator,
}

/// The identities shown so far, by the post each shown piece stands on now: a shown piece
/// stays shown wherever it moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct SiguoReveals {
    /// Shown to everyone: the flags of seats whose field marshal died.
    pub everyone: PostSet,
    /// Shown to one team (by [`Team`] order): pieces its engineers scouted.
    pub team: [PostSet; 2],
}

impl SiguoReveals {
    /// The posts whose identity `team` has been shown, its own pieces aside.
    pub fn shown_to_team(&self, team: Team) -> PostSet {
        self.everyone | self.team[team_index(team)]
    }

    /// Follows the pieces after `judgement` was played, leaving `after`: marks move with a
    /// surviving piece and leave with a removed one; an engineer removed by a piece that is
    /// neither a bomb nor a mine shows that piece to its team; a field marshal's death shows
    /// its owner's flag to everyone.
    pub fn record(&mut self, judgement: &SiguoJudgement, after: &SiguoPosition) {
        let (from, to) = (judgement.action.from, judgement.action.to);
        for marks in self.marks_mut() {
            let moved = marks.contains(from);
            marks.remove(from);
            if let Verdict::Moved | Verdict::Attacked(Removed::Target) = judgement.verdict {
                marks.remove(to);
                if moved {
                    marks.insert(to);
                }
            }
        }
        if let Some(target) = judgement.target {
            let attacker = judgement.attacker;
            let scouted = attacker.kind == Kind::Engineer
                && judgement.verdict == Verdict::Attacked(Removed::Attacker)
                && !matches!(target.kind, Kind::Bomb | Kind::Landmine);
            if scouted {
                self.team[team_index(attacker.seat.team())].insert(to);
            }
            let removed = match judgement.verdict {
                Verdict::Attacked(Removed::Target) => vec![target],
                Verdict::Attacked(Removed::Attacker) => vec![attacker],
                Verdict::Attacked(Removed::Both) => vec![attacker, target],
                Verdict::Moved => vec![],
            };
            for piece in removed.into_iter().filter(|p| p.kind == Kind::Marshal) {
                for post in after.posts_of(piece.seat) {
                    if after.piece(post).is_some_and(|p| p.kind == Kind::Flag) {
                        self.everyone.insert(post);
                    }
                }
            }
        }
        let occupied = after.occupied();
        for marks in self.marks_mut() {
            *marks = *marks & occupied;
        }
    }

    fn marks_mut(&mut self) -> [&mut PostSet; 3] {
        let [first, second] = &mut self.team;
        [&mut self.everyone, first, second]
    }
}

const fn team_index(team: Team) -> usize {
    match team {
        Team::NorthSouth => 0,
        Team::EastWest => 1,
    }
}

/// A post as a viewer sees it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SiguoViewCell {
    Empty,
    /// A piece whose identity the viewer knows.
    Shown(SiguoPiece),
    /// A piece of this seat whose identity the viewer has not been shown (`S?`).
    Unshown(SiguoSeat),
}

/// The board as one viewer sees it, with the seat to act and the quiet counter (public).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SiguoView {
    pub cells: [SiguoViewCell; POSTS],
    pub turn: SiguoSeat,
    pub quiet: u16,
}

impl SiguoView {
    /// What `viewer` sees of `position` under `mode` with the identities `reveals` has
    /// recorded. This is the only place where a 四国 identity is chosen to be shown or not.
    pub fn new(
        position: &SiguoPosition,
        reveals: &SiguoReveals,
        mode: SiguoViewMode,
        viewer: SiguoViewer,
    ) -> SiguoView {
        let shown = match viewer {
            SiguoViewer::Seat(seat) => {
                let mut own = position.posts_of(seat) | reveals.shown_to_team(seat.team());
                if mode == SiguoViewMode::Allies {
                    own |= position.posts_of(seat.ally());
                }
                own
            }
            SiguoViewer::Spectator => reveals.everyone,
        };
        let cells = std::array::from_fn(|index| {
            let post = SiguoPost::from_index_unchecked(index);
            match position.piece(post) {
                None => SiguoViewCell::Empty,
                Some(piece) if mode == SiguoViewMode::Open || shown.contains(post) => {
                    SiguoViewCell::Shown(piece)
                }
                Some(piece) => SiguoViewCell::Unshown(piece.seat),
            }
        });
        SiguoView {
            cells,
            turn: position.turn,
            quiet: position.quiet,
        }
    }

    pub fn cell(&self, post: SiguoPost) -> SiguoViewCell {
        self.cells[post.index()]
    }
}

/// The position notation with `S?` for a piece the viewer has not been shown.
impl fmt::Display for SiguoView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(f, |post| match self.cell(post) {
            SiguoViewCell::Empty => None,
            SiguoViewCell::Shown(piece) => Some((piece.seat, piece.kind.code())),
            SiguoViewCell::Unshown(seat) => Some((seat, '?')),
        })?;
        write!(f, " {} {}", self.turn.code(), self.quiet)
    }
}
