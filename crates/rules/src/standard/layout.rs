//! Layouts (布阵, docs/rules.md §10 and §14): one army's deployment on its half, written in its
//! owner's frame, and the deployment rules every [`Layout`] obeys. A layout that breaks a rule
//! cannot be built: parsing, building and swapping answer with the rule broken and the post.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::army::Army;
use super::post::{HALF_POSTS, HALF_ROWS, Post};
use crate::game::geometry::{CAMPS, HEADQUARTERS};
use crate::game::{COLUMNS, Colour, Kind};

/// One army deployed on its half: a piece on each of the 25 posts that are not camps.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout {
    cells: [Option<Kind>; HALF_POSTS],
}

/// A deployment rule of docs/rules.md §10.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DeploymentRule {
    /// The flag stands in one of the owner's two headquarters.
    FlagInHeadquarters,
    /// Mines stand only on the owner's last two rows.
    MinesOnLastTwoRows,
    /// Bombs never stand on the owner's front row.
    NoBombOnFrontRow,
    /// Camps start empty.
    CampsEmpty,
    /// Each of the 25 other posts holds one of the army's 25 pieces.
    WholeArmy,
}

/// Why a layout breaks the deployment rules: the rule and the post, in the owner's frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum DeploymentError {
    #[error("the flag must stand in a headquarters (B1 or D1), not on {0}")]
    FlagOutsideHeadquarters(Post),
    #[error("a mine may stand only on the last two rows (rows 1 and 2), not on {0}")]
    MineOutsideLastRows(Post),
    /// A player dealt more than five mines (四国's random deal) may use row 3 too.
    #[error("a mine may stand only on the last three rows (rows 1 to 3), not on {0}")]
    MineOutsideLastThreeRows(Post),
    #[error("a bomb may not stand on the front row (row 6): {0}")]
    BombOnFrontRow(Post),
    #[error("camps start empty: {post} is a camp and holds a {}", .kind.name_english().to_lowercase())]
    PieceInCamp { post: Post, kind: Kind },
    #[error("{0} is empty: each of the 25 posts that are not camps holds a piece")]
    EmptyPost(Post),
    #[error("one {} too many on {post}: an army has {allowed}", .kind.name_english().to_lowercase())]
    TooMany { post: Post, kind: Kind, allowed: u8 },
}

impl DeploymentError {
    pub fn rule(&self) -> DeploymentRule {
        match self {
            DeploymentError::FlagOutsideHeadquarters(_) => DeploymentRule::FlagInHeadquarters,
            DeploymentError::MineOutsideLastRows(_)
            | DeploymentError::MineOutsideLastThreeRows(_) => DeploymentRule::MinesOnLastTwoRows,
            DeploymentError::BombOnFrontRow(_) => DeploymentRule::NoBombOnFrontRow,
            DeploymentError::PieceInCamp { .. } => DeploymentRule::CampsEmpty,
            DeploymentError::EmptyPost(_) | DeploymentError::TooMany { .. } => {
                DeploymentRule::WholeArmy
            }
        }
    }

    pub fn post(&self) -> Post {
        match *self {
            DeploymentError::FlagOutsideHeadquarters(post)
            | DeploymentError::MineOutsideLastRows(post)
            | DeploymentError::MineOutsideLastThreeRows(post)
            | DeploymentError::BombOnFrontRow(post)
            | DeploymentError::EmptyPost(post)
            | DeploymentError::PieceInCamp { post, .. }
            | DeploymentError::TooMany { post, .. } => post,
        }
    }
}

/// Why a layout could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LayoutError {
    #[error("a layout has 6 ranks separated by '/' (front row first), not {0}")]
    RankCount(usize),
    #[error("rank {rank} (row {row}) has {count} cells; it needs 5 separated by ','")]
    CellCount { rank: u8, row: u8, count: usize },
    #[error("{post}: unknown code \"{code}\" (expected 9…1, X, M, F, or . for a camp)")]
    UnknownCode { post: Post, code: String },
    #[error(transparent)]
    Deployment(#[from] DeploymentError),
}

/// True on the five camps of a half (`B3 D3 C4 B5 D5` in the owner's frame).
pub fn is_camp(post: Post) -> bool {
    CAMPS.contains(post.square(Colour::Red))
}

/// True on the two headquarters of a half (`B1 D1`).
pub fn is_headquarters(post: Post) -> bool {
    HEADQUARTERS.contains(post.square(Colour::Red))
}

/// Where the deployment rules of docs/rules.md §10 allow `kind`; `Err` names the rule broken.
pub fn check_placement(post: Post, kind: Kind) -> Result<(), DeploymentError> {
    Army::STANDARD.check_placement(post, kind)
}

impl Layout {
    /// The layout with `cells` (by [`Post::index`]), if it obeys every deployment rule. Posts
    /// are checked from the owner's `A1` to `E6`; the first rule broken is reported.
    pub fn new(cells: [Option<Kind>; HALF_POSTS]) -> Result<Layout, DeploymentError> {
        Army::STANDARD.layout(cells)
    }

    /// A layout whose cells an [`Army`] has checked.
    pub(super) const fn from_cells_unchecked(cells: [Option<Kind>; HALF_POSTS]) -> Layout {
        Layout { cells }
    }

    /// Every post's piece, by [`Post::index`].
    pub fn cells(&self) -> &[Option<Kind>; HALF_POSTS] {
        &self.cells
    }

    /// The piece on `post` (`None` on a camp).
    pub fn piece(&self, post: Post) -> Option<Kind> {
        self.cells[post.index()]
    }

    /// Every post that holds a piece, with its piece.
    pub fn pieces(&self) -> impl Iterator<Item = (Post, Kind)> + '_ {
        Post::all().filter_map(|post| self.piece(post).map(|kind| (post, kind)))
    }

    /// This layout with the pieces on `a` and `b` exchanged, if the result obeys every rule.
    pub fn swap(&self, a: Post, b: Post) -> Result<Layout, SwapError> {
        for post in [a, b] {
            if is_camp(post) {
                return Err(SwapError::Camp(post));
            }
        }
        let mut cells = self.cells;
        cells.swap(a.index(), b.index());
        for post in [a, b] {
            if let Some(kind) = cells[post.index()] {
                check_placement(post, kind).map_err(SwapError::Breaks)?;
            }
        }
        Ok(Layout { cells })
    }
}

/// Why two posts cannot be swapped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum SwapError {
    #[error("{0} is a camp: camps stay empty until the game starts")]
    Camp(Post),
    #[error("{0} is not on your half: you deploy only on your own half")]
    OtherHalf(crate::game::Square),
    #[error("that swap is refused: {0}")]
    Breaks(DeploymentError),
}

/// Writes the 6 ranks, front row first, cells from the owner's left: `6,1,7,2,2/4,.,3,.,5/…`.
impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..HALF_ROWS).rev() {
            for column in 0..COLUMNS {
                if column > 0 {
                    f.write_str(",")?;
                }
                let post = Post::from_index_unchecked((row * COLUMNS + column) as usize);
                let code = self.piece(post).map_or('.', Kind::code);
                write!(f, "{code}")?;
            }
            if row > 0 {
                f.write_str("/")?;
            }
        }
        Ok(())
    }
}

/// A layout is secret until its game ends, so Debug output (logs, panics) shows none of it.
impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Layout(<hidden>)")
    }
}

/// Reads the layout notation of docs/rules.md §14 and checks every deployment rule.
impl FromStr for Layout {
    type Err = LayoutError;
    fn from_str(text: &str) -> Result<Layout, LayoutError> {
        Ok(Layout::new(read_cells(text)?)?)
    }
}

/// Stored as its notation, so that a damaged layout is refused when it is read back.
impl serde::Serialize for Layout {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Layout {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Layout, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The cells of a layout's notation (docs/rules.md §14), before any deployment rule.
pub(super) fn read_cells(text: &str) -> Result<[Option<Kind>; HALF_POSTS], LayoutError> {
    let ranks: Vec<&str> = text.trim().split('/').collect();
    if ranks.len() != HALF_ROWS as usize {
        return Err(LayoutError::RankCount(ranks.len()));
    }
    let mut cells = [None; HALF_POSTS];
    for (rank, written) in ranks.iter().enumerate() {
        let row = HALF_ROWS - 1 - rank as u8;
        let codes: Vec<&str> = written.split(',').collect();
        if codes.len() != COLUMNS as usize {
            return Err(LayoutError::CellCount {
                rank: rank as u8 + 1,
                row: row + 1,
                count: codes.len(),
            });
        }
        for (column, code) in codes.iter().enumerate() {
            let post = Post::from_index_unchecked(row as usize * COLUMNS as usize + column);
            let code = code.trim();
            let mut chars = code.chars();
            cells[post.index()] = match (chars.next(), chars.next()) {
                (Some('.'), None) => None,
                (Some(c), None) if Kind::from_code(c).is_some() => Kind::from_code(c),
                _ => {
                    return Err(LayoutError::UnknownCode {
                        post,
                        code: code.chars().take(8).collect(),
                    });
                }
            };
        }
    }
    Ok(cells)
}
