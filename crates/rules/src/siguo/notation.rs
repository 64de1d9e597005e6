//! The 四国 position notation (docs/rules.md §22): `S|E|N|W|X TURN [QUIET]`. Each arm is
//! written as a layout is, in its owner's frame (front row first, cells from the owner's
//! left), each cell `.` or a seat letter and a piece code; `X` is the centre's nine cells
//! `XNW,XN,XNE/XW,XC,XE/XSW,XS,XSE`. Errors name the part, the post and what is wrong.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::geometry::{CAMPS, HEADQUARTERS};
use super::position::{SiguoPiece, SiguoPieceError, SiguoPosition};
use super::post::SiguoPost;
use super::seat::SiguoSeat;
use crate::game::Kind;
use crate::standard::{HALF_ROWS, Post};

/// The board's five parts in the order they are written: the four arms, then the centre.
const PART_NAMES: [char; 5] = ['S', 'E', 'N', 'W', 'X'];

/// The centre's cells as written: three ranks, north first, each from west to east.
const CENTRE_RANKS: [[SiguoPost; 3]; 3] = [
    [SiguoPost::XNW, SiguoPost::XN, SiguoPost::XNE],
    [SiguoPost::XW, SiguoPost::XC, SiguoPost::XE],
    [SiguoPost::XSW, SiguoPost::XS, SiguoPost::XSE],
];

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SiguoNotationError {
    #[error("empty position: expected S|E|N|W|X TURN [QUIET]")]
    Empty,
    #[error("expected S|E|N|W|X TURN [QUIET], found {0} fields")]
    FieldCount(usize),
    #[error(
        "the board has {0} parts; it needs 5 separated by '|': the arms S, E, N, W, then the centre X"
    )]
    PartCount(usize),
    #[error("part {part} has {count} ranks; it needs {expected} separated by '/'")]
    RankCount {
        part: char,
        count: usize,
        expected: usize,
    },
    #[error("part {part}, rank {rank} has {count} cells; it needs {expected} separated by ','")]
    CellCount {
        part: char,
        rank: usize,
        count: usize,
        expected: usize,
    },
    #[error("{post}: {problem}")]
    Cell {
        post: SiguoPost,
        problem: SiguoCellProblem,
    },
    #[error("turn must be S, E, N or W, not \"{0}\"")]
    Turn(String),
    #[error("turn {0}: that seat has no pieces on the board, so it is out and never acts")]
    TurnOut(SiguoSeat),
    #[error("QUIET must be a whole number from 0 to 65535, not \"{0}\"")]
    Quiet(String),
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SiguoCellProblem {
    #[error("unknown code \"{0}\" (expected ., or a seat S, E, N or W then 9…1, X, M or F)")]
    UnknownCode(String),
    #[error("a {0} cannot stand in a camp: it never moves and camps start empty")]
    ImmobileInCamp(&'static str),
    #[error("a flag never moves, and deployment puts it in one of its owner's headquarters")]
    FlagOffHeadquarters,
    #[error("a landmine never moves, and deployment puts it on its owner's rows 1 and 2")]
    MineOffBackRows,
    #[error(
        "one {what} too many of {who}: each seat has {allowed}",
        what = .kind.name_english().to_lowercase(),
        who = .seat.name()
    )]
    TooMany {
        kind: Kind,
        seat: SiguoSeat,
        allowed: u8,
    },
}

/// The number of ranks and of cells per rank of part `part` (0–3 the arms, 4 the centre).
const fn part_shape(part: usize) -> (usize, usize) {
    if part < 4 {
        (HALF_ROWS as usize, 5)
    } else {
        (3, 3)
    }
}

/// The post of cell `column` of rank `rank` (0 = the first written) of part `part`.
fn part_post(part: usize, rank: usize, column: usize) -> SiguoPost {
    if part < 4 {
        let row = HALF_ROWS - 1 - rank as u8;
        let post = Post::new(column as u8, row).expect("an arm has 6 rows of 5");
        SiguoPost::arm(SiguoSeat::from_index(part), post)
    } else {
        CENTRE_RANKS[rank][column]
    }
}

fn parse_cell(code: &str) -> Result<Option<SiguoPiece>, SiguoCellProblem> {
    match code {
        "." => Ok(None),
        _ => code
            .parse()
            .map(Some)
            .map_err(|SiguoPieceError(code)| SiguoCellProblem::UnknownCode(code)),
    }
}

/// Where a piece may stand in a standard-deal position: mines and flags only where
/// deployment put them, since they never move; nothing immobile in a camp.
fn check_place(post: SiguoPost, piece: SiguoPiece) -> Result<(), SiguoCellProblem> {
    let own_arm = post.on_arm().filter(|(seat, _)| *seat == piece.seat);
    match piece.kind {
        Kind::Flag | Kind::Landmine if CAMPS.contains(post) => Err(
            SiguoCellProblem::ImmobileInCamp(if piece.kind == Kind::Flag {
                "flag"
            } else {
                "landmine"
            }),
        ),
        Kind::Flag if own_arm.is_none() || !HEADQUARTERS.contains(post) => {
            Err(SiguoCellProblem::FlagOffHeadquarters)
        }
        Kind::Landmine if own_arm.is_none_or(|(_, on_arm)| on_arm.row() >= 2) => {
            Err(SiguoCellProblem::MineOffBackRows)
        }
        _ => Ok(()),
    }
}

fn parse_board(board: &str, position: &mut SiguoPosition) -> Result<(), SiguoNotationError> {
    let parts: Vec<&str> = board.split('|').collect();
    if parts.len() != PART_NAMES.len() {
        return Err(SiguoNotationError::PartCount(parts.len()));
    }
    let mut counts = [[0u8; 12]; 4];
    for (part, text) in parts.iter().enumerate() {
        let name = PART_NAMES[part];
        let (rank_count, cell_count) = part_shape(part);
        let ranks: Vec<&str> = text.split('/').collect();
        if ranks.len() != rank_count {
            return Err(SiguoNotationError::RankCount {
                part: name,
                count: ranks.len(),
                expected: rank_count,
            });
        }
        for (rank, rank_text) in ranks.iter().enumerate() {
            let cells: Vec<&str> = rank_text.split(',').collect();
            if cells.len() != cell_count {
                return Err(SiguoNotationError::CellCount {
                    part: name,
                    rank: rank + 1,
                    count: cells.len(),
                    expected: cell_count,
                });
            }
            for (column, code) in cells.iter().enumerate() {
                let post = part_post(part, rank, column);
                let fail = |problem| SiguoNotationError::Cell { post, problem };
                let Some(piece) = parse_cell(code).map_err(fail)? else {
                    continue;
                };
                check_place(post, piece).map_err(fail)?;
                let count = &mut counts[piece.seat.index()][piece.kind.index()];
                *count += 1;
                if *count > piece.kind.count() {
                    return Err(fail(SiguoCellProblem::TooMany {
                        kind: piece.kind,
                        seat: piece.seat,
                        allowed: piece.kind.count(),
                    }));
                }
                position.set(post, Some(piece));
            }
        }
    }
    Ok(())
}

/// Reads a position of the standard deal with the default rules. The seat to act must still
/// be in.
impl FromStr for SiguoPosition {
    type Err = SiguoNotationError;

    fn from_str(text: &str) -> Result<SiguoPosition, SiguoNotationError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (board, turn, quiet) = match fields.as_slice() {
            [] => return Err(SiguoNotationError::Empty),
            [board, turn] => (*board, *turn, None),
            [board, turn, quiet] => (*board, *turn, Some(*quiet)),
            _ => return Err(SiguoNotationError::FieldCount(fields.len())),
        };
        let mut chars = turn.chars();
        let turn_seat = match (chars.next().and_then(SiguoSeat::from_code), chars.next()) {
            (Some(seat), None) => seat,
            _ => return Err(SiguoNotationError::Turn(turn.chars().take(12).collect())),
        };
        let mut position = SiguoPosition::empty(turn_seat);
        if let Some(quiet) = quiet {
            position.quiet = quiet
                .parse()
                .map_err(|_| SiguoNotationError::Quiet(quiet.chars().take(12).collect()))?;
        }
        parse_board(board, &mut position)?;
        if position.is_out(turn_seat) {
            return Err(SiguoNotationError::TurnOut(turn_seat));
        }
        Ok(position)
    }
}

/// Writes the board field, the arms then the centre, with each piece as `cell` writes it: its
/// seat's letter and a second character (a piece code, or `?` in a view).
pub(super) fn write_board(
    f: &mut impl fmt::Write,
    cell: impl Fn(SiguoPost) -> Option<(SiguoSeat, char)>,
) -> fmt::Result {
    for part in 0..PART_NAMES.len() {
        if part > 0 {
            f.write_char('|')?;
        }
        let (ranks, cells) = part_shape(part);
        for rank in 0..ranks {
            if rank > 0 {
                f.write_char('/')?;
            }
            for column in 0..cells {
                if column > 0 {
                    f.write_char(',')?;
                }
                match cell(part_post(part, rank, column)) {
                    None => f.write_char('.')?,
                    Some((seat, code)) => {
                        f.write_char(seat.code())?;
                        f.write_char(code)?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// Writes `S|E|N|W|X TURN QUIET` with every identity: the referee's position.
impl fmt::Display for SiguoPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(f, |post| {
            self.piece(post)
                .map(|piece| (piece.seat, piece.kind.code()))
        })?;
        write!(f, " {} {}", self.turn.code(), self.quiet)
    }
}
