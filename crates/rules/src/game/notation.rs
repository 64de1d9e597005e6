//! Position notation of docs/rules.md §8: `BOARD TURN [QUIET PLIES]`, ranks 12 down to 1 separated by
//! `/`, five cells A–E separated by `,`. Errors name the rank, the cell and what is wrong.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::board::{Board, Cell};
use super::geometry::{CAMPS, HEADQUARTERS};
use super::piece::{Colour, Kind, Piece};
use super::position::Position;
use super::square::{COLUMNS, ROWS, Square};
use super::view::PublicCell;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotationError {
    #[error("empty position: expected BOARD TURN [QUIET PLIES]")]
    Empty,
    #[error("expected BOARD TURN [QUIET PLIES], found {0} fields")]
    FieldCount(usize),
    #[error("the board has {0} ranks; it needs 12, from row 12 down to row 1, separated by '/'")]
    RankCount(usize),
    #[error("rank {rank} has {count} cells; it needs 5 (A to E) separated by ','")]
    CellCount { rank: u8, count: usize },
    #[error("rank {rank}, cell {square}: {problem}")]
    Cell {
        rank: u8,
        square: Square,
        problem: CellProblem,
    },
    #[error("turn must be R or B{}, not \"{text}\"", if *.public { " (or - before colours are decided)" } else { "" })]
    Turn { text: String, public: bool },
    #[error("{field} must be a whole number from 0 to 65535, not \"{text}\"")]
    Counter { field: &'static str, text: String },
    #[error("QUIET ({quiet}) cannot exceed PLIES ({plies})")]
    QuietAbovePlies { quiet: u16, plies: u16 },
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CellProblem {
    #[error(
        "unknown code \"{0}\" (expected ., R9…R1, RX, RM, RF, the same with B, or ? before one)"
    )]
    UnknownCode(String),
    #[error(
        "\"?\" alone (a face-down piece of unknown identity) is allowed only in what a player is shown"
    )]
    UnknownFaceDown,
    #[error("a face-down piece cannot stand in a camp (camps start empty)")]
    FaceDownInCamp,
    #[error("a {0} cannot stand in a camp: it never moves and camps start empty")]
    ImmobileInCamp(&'static str),
    #[error("there are no face-down pieces in the standard games")]
    FaceDownInStandard,
    #[error(
        "\"{0}?\" (a piece whose identity the viewer has not been shown) is allowed only in a view; moves and apply refuse it"
    )]
    UnshownOutsideView(char),
    #[error("a {0} never moves, and deployment puts it {1} (docs/rules.md §10)")]
    ImmobileOffItsPosts(&'static str, &'static str),
    #[error("a {} {name} of {colour} (each colour has {allowed})", ordinal(*.count))]
    TooMany {
        count: u8,
        name: &'static str,
        colour: Colour,
        allowed: u8,
    },
}

fn ordinal(n: u8) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A cell as written, before the rules about where it may stand are applied.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum WrittenCell {
    Empty,
    Unknown,
    FaceDown(Piece),
    Revealed(Piece),
    /// `R?` or `B?`: a standard game's piece whose identity the viewer has not been shown.
    Unshown(Colour),
}

/// Which game's cells a BOARD field may hold, and whether it is a position or what a player
/// is shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum CellRules {
    Flip,
    FlipPublic,
    Standard,
    StandardView,
}

/// A piece code such as `R9` or `BF`.
fn parse_piece(code: &[u8]) -> Option<Piece> {
    match *code {
        [colour, kind] => Some(Piece::new(
            Colour::from_code(char::from(colour))?,
            Kind::from_code(char::from(kind))?,
        )),
        _ => None,
    }
}

/// One cell's code. The board field holds no whitespace (fields are split on it), and cells
/// are cut at the ASCII `/` and `,`, so a code is whole characters.
fn parse_cell(code: &[u8]) -> Result<WrittenCell, CellProblem> {
    let unknown = || {
        let text = String::from_utf8_lossy(code);
        CellProblem::UnknownCode(text.chars().take(8).collect())
    };
    match code {
        b"." => Ok(WrittenCell::Empty),
        b"?" => Ok(WrittenCell::Unknown),
        [colour, b'?'] => Colour::from_code(char::from(*colour))
            .map(WrittenCell::Unshown)
            .ok_or_else(unknown),
        [b'?', rest @ ..] => parse_piece(rest)
            .map(WrittenCell::FaceDown)
            .ok_or_else(unknown),
        _ => parse_piece(code)
            .map(WrittenCell::Revealed)
            .ok_or_else(unknown),
    }
}

/// Reads the 60 cells of a BOARD field, checking what may stand where and the piece counts.
fn parse_cells(board: &str, allowed: CellRules) -> Result<[WrittenCell; 60], NotationError> {
    let standard = matches!(allowed, CellRules::Standard | CellRules::StandardView);
    let board = board.as_bytes();
    let rank_count = board.iter().filter(|&&byte| byte == b'/').count() + 1;
    if rank_count != ROWS as usize {
        return Err(NotationError::RankCount(rank_count));
    }
    let mut cells = [WrittenCell::Empty; 60];
    let mut counts = [0u8; 24];
    for (i, rank_text) in board.split(|&byte| byte == b'/').enumerate() {
        let rank = ROWS - i as u8;
        let count = rank_text.iter().filter(|&&byte| byte == b',').count() + 1;
        if count != COLUMNS as usize {
            return Err(NotationError::CellCount { rank, count });
        }
        for (column, code) in rank_text.split(|&byte| byte == b',').enumerate() {
            let square =
                Square::from_index_unchecked((rank as usize - 1) * COLUMNS as usize + column);
            let fail = |problem| NotationError::Cell {
                rank,
                square,
                problem,
            };
            let cell = parse_cell(code).map_err(fail)?;
            let in_camp = CAMPS.contains(square);
            let piece = match cell {
                WrittenCell::Empty => None,
                WrittenCell::Unknown | WrittenCell::FaceDown(_) if standard => {
                    return Err(fail(CellProblem::FaceDownInStandard));
                }
                WrittenCell::Unshown(colour) if !standard => {
                    let code = format!("{}?", colour.code());
                    return Err(fail(CellProblem::UnknownCode(code)));
                }
                WrittenCell::Unshown(colour) if allowed == CellRules::Standard => {
                    return Err(fail(CellProblem::UnshownOutsideView(colour.code())));
                }
                WrittenCell::Unshown(_) => None,
                WrittenCell::Unknown if allowed != CellRules::FlipPublic => {
                    return Err(fail(CellProblem::UnknownFaceDown));
                }
                WrittenCell::Unknown | WrittenCell::FaceDown(_) if in_camp => {
                    return Err(fail(CellProblem::FaceDownInCamp));
                }
                WrittenCell::Unknown => None,
                WrittenCell::FaceDown(piece) => Some(piece),
                WrittenCell::Revealed(piece) if in_camp && !piece.kind.is_movable() => {
                    let name = if piece.kind == Kind::Flag {
                        "flag"
                    } else {
                        "landmine"
                    };
                    return Err(fail(CellProblem::ImmobileInCamp(name)));
                }
                WrittenCell::Revealed(piece) if standard && !on_deployment_posts(piece, square) => {
                    return Err(fail(immobile_off_its_posts(piece.kind)));
                }
                WrittenCell::Revealed(piece) => Some(piece),
            };
            if let Some(piece) = piece {
                counts[piece.index()] += 1;
                let allowed = piece.kind.count();
                if counts[piece.index()] > allowed {
                    let count = counts[piece.index()];
                    let name = piece.kind.name_english();
                    return Err(fail(CellProblem::TooMany {
                        count,
                        name,
                        colour: piece.colour,
                        allowed,
                    }));
                }
            }
            cells[square.index()] = cell;
        }
    }
    Ok(cells)
}

/// Where a mine or a flag of a standard game can stand: where deployment put it, since it
/// never moves (docs/rules.md §10). Other pieces stand anywhere.
fn on_deployment_posts(piece: Piece, square: Square) -> bool {
    let back_rows = match piece.colour {
        Colour::Red => square.row() < 2,
        Colour::Black => square.row() >= ROWS - 2,
    };
    match piece.kind {
        Kind::Landmine => back_rows,
        Kind::Flag => back_rows && HEADQUARTERS.contains(square),
        _ => true,
    }
}

fn immobile_off_its_posts(kind: Kind) -> CellProblem {
    match kind {
        Kind::Flag => {
            CellProblem::ImmobileOffItsPosts("flag", "in one of its owner's headquarters")
        }
        _ => CellProblem::ImmobileOffItsPosts("landmine", "on its owner's last two rows"),
    }
}

fn parse_counter(field: &'static str, text: Option<&str>) -> Result<u16, NotationError> {
    match text {
        None => Ok(0),
        Some(text) => text.parse().map_err(|_| NotationError::Counter {
            field,
            text: text.chars().take(12).collect(),
        }),
    }
}

/// The fields of a position line: board text, turn text, quiet, plies.
fn split_fields(text: &str) -> Result<(&str, &str, u16, u16), NotationError> {
    let mut fields = [""; 4];
    let mut count = 0;
    for field in text.split_whitespace() {
        if count < fields.len() {
            fields[count] = field;
        }
        count += 1;
    }
    match count {
        0 => Err(NotationError::Empty),
        2..=4 => {
            let quiet = parse_counter("QUIET", (count > 2).then_some(fields[2]))?;
            let plies = parse_counter("PLIES", (count > 3).then_some(fields[3]))?;
            if count == 4 && quiet > plies {
                return Err(NotationError::QuietAbovePlies { quiet, plies });
            }
            Ok((fields[0], fields[1], quiet, plies))
        }
        n => Err(NotationError::FieldCount(n)),
    }
}

/// A position line whose turn is a colour, read under `rules`: its cells, the colour to act
/// and the two counters.
pub(crate) fn parse_position_line(
    text: &str,
    rules: CellRules,
) -> Result<([WrittenCell; 60], Colour, u16, u16), NotationError> {
    let (board_text, turn_text, quiet, plies) = split_fields(text)?;
    let cells = parse_cells(board_text, rules)?;
    let turn = parse_turn(turn_text, false)?.ok_or(NotationError::Turn {
        text: turn_text.into(),
        public: false,
    })?;
    Ok((cells, turn, quiet, plies))
}

/// Reads a full position (every face-down identity known), as `moves` and `apply` take it.
impl FromStr for Position {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Position, NotationError> {
        let (cells, turn, quiet, plies) = parse_position_line(text, CellRules::Flip)?;
        let mut board = Board::empty();
        for square in Square::all() {
            let cell = match cells[square.index()] {
                WrittenCell::FaceDown(piece) => Cell::FaceDown(piece),
                WrittenCell::Revealed(piece) => Cell::Revealed(piece),
                WrittenCell::Empty | WrittenCell::Unknown | WrittenCell::Unshown(_) => Cell::Empty,
            };
            if cell != Cell::Empty {
                board.set(square, cell);
            }
        }
        let mut position = Position::new(board, turn);
        position.quiet = quiet;
        position.plies = plies;
        Ok(position)
    }
}

/// Writes `BOARD TURN QUIET PLIES` with every identity, the form `FromStr` reads back.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(f, |square| match self.board.cell(square) {
            Cell::Empty => CellText::Empty,
            Cell::Revealed(piece) => CellText::Revealed(piece),
            Cell::FaceDown(piece) => CellText::FaceDown(Some(piece)),
        })?;
        write_counters(f, Some(self.turn), self.quiet, self.plies)
    }
}

/// A position as a player is shown it: cells, the colour to act (`None` for `-`) and counters.
///
/// ```
/// use junqi_rules::PublicPosition;
///
/// let rows = vec![".,.,.,.,."; 11].join("/");
/// let text = format!("?,R9,.,.,./{rows} - 3 7");
/// let shown: PublicPosition = text.parse().unwrap();
/// assert_eq!(shown.turn, None);
/// assert_eq!(shown.to_string(), text);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PublicPosition {
    pub cells: [PublicCell; 60],
    pub turn: Option<Colour>,
    pub quiet: u16,
    pub plies: u16,
}

/// Reads a position that may hide identities (`?`) and may write `-` for the turn. Identities
/// written after a `?` are dropped: a public position never carries them.
impl FromStr for PublicPosition {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<PublicPosition, NotationError> {
        let (board_text, turn_text, quiet, plies) = split_fields(text)?;
        let written = parse_cells(board_text, CellRules::FlipPublic)?;
        let turn = parse_turn(turn_text, true)?;
        let cells = written.map(|cell| match cell {
            WrittenCell::Empty | WrittenCell::Unshown(_) => PublicCell::Empty,
            WrittenCell::Unknown | WrittenCell::FaceDown(_) => PublicCell::FaceDown,
            WrittenCell::Revealed(piece) => PublicCell::Revealed(piece),
        });
        Ok(PublicPosition {
            cells,
            turn,
            quiet,
            plies,
        })
    }
}

/// Writes `?` for face-down pieces and `-` for the turn before colours are decided.
impl fmt::Display for PublicPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(f, |square| match self.cells[square.index()] {
            PublicCell::Empty => CellText::Empty,
            PublicCell::FaceDown => CellText::FaceDown(None),
            PublicCell::Revealed(piece) => CellText::Revealed(piece),
            PublicCell::Back(colour) => CellText::Unshown(colour),
        })?;
        write_counters(f, self.turn, self.quiet, self.plies)
    }
}

fn parse_turn(text: &str, public: bool) -> Result<Option<Colour>, NotationError> {
    match text {
        "-" if public => Ok(None),
        _ => {
            let mut chars = text.chars();
            match (chars.next().and_then(Colour::from_code), chars.next()) {
                (Some(colour), None) => Ok(Some(colour)),
                _ => Err(NotationError::Turn {
                    text: text.chars().take(12).collect(),
                    public,
                }),
            }
        }
    }
}

/// What one cell of the BOARD field shows; `FaceDown(None)` is written `?` alone.
pub(crate) enum CellText {
    Empty,
    Revealed(Piece),
    FaceDown(Option<Piece>),
    /// `R?` or `B?`: a piece of a standard game whose identity the viewer was not shown.
    Unshown(Colour),
}

fn write_piece(out: &mut impl fmt::Write, piece: Piece) -> fmt::Result {
    out.write_char(piece.colour.code())?;
    out.write_char(piece.kind.code())
}

/// Writes the BOARD field, row 12 first, from a cell lookup. Written character by character:
/// batch analysis formats hundreds of thousands of positions.
pub(crate) fn write_board(
    out: &mut impl fmt::Write,
    cell: impl Fn(Square) -> CellText,
) -> fmt::Result {
    for row in (0..ROWS).rev() {
        for column in 0..COLUMNS {
            if column > 0 {
                out.write_char(',')?;
            }
            let square = Square::from_index_unchecked((row * COLUMNS + column) as usize);
            match cell(square) {
                CellText::Empty => out.write_char('.')?,
                CellText::Revealed(piece) => write_piece(out, piece)?,
                CellText::FaceDown(None) => out.write_char('?')?,
                CellText::Unshown(colour) => {
                    out.write_char(colour.code())?;
                    out.write_char('?')?;
                }
                CellText::FaceDown(Some(piece)) => {
                    out.write_char('?')?;
                    write_piece(out, piece)?;
                }
            }
        }
        if row > 0 {
            out.write_char('/')?;
        }
    }
    Ok(())
}

pub(crate) fn write_counters(
    out: &mut impl fmt::Write,
    turn: Option<Colour>,
    quiet: u16,
    plies: u16,
) -> fmt::Result {
    out.write_char(' ')?;
    out.write_char(turn.map_or('-', Colour::code))?;
    write!(out, " {quiet} {plies}")
}
