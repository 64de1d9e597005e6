//! The pieces one player deploys (docs/rules.md §10, §17–18): the standard army of 25, or a
//! share of 四国's random deal with another composition (three flags, seven mines…). The
//! deployment rules are checked against "this player's pieces", so one [`Layout`] type and one
//! set of checks serve the two-player games and every arm of 四国.

use std::fmt;

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::layout::{
    DeploymentError, Layout, LayoutError, SwapError, is_camp, is_headquarters, read_cells,
};
use super::post::{HALF_POSTS, HALF_ROWS, Post};
use crate::game::Kind;
use crate::game::deal::below;

/// How many pieces of each kind a player deploys (by [`Kind::index`]); 25 in all.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Army {
    counts: [u8; 12],
}

/// Mines stand on the last two rows, or the last three for a player with more than this many.
const MINES_FOR_ROW_THREE: u8 = 5;

impl Army {
    /// The 25 pieces of docs/rules.md §2.
    pub const STANDARD: Army = Army {
        counts: [1, 1, 2, 2, 2, 2, 3, 3, 3, 2, 3, 1],
    };

    /// The army made of `kinds`.
    pub fn of(kinds: impl IntoIterator<Item = Kind>) -> Army {
        let mut counts = [0u8; 12];
        for kind in kinds {
            counts[kind.index()] = counts[kind.index()].saturating_add(1);
        }
        Army { counts }
    }

    pub fn count(&self, kind: Kind) -> u8 {
        self.counts[kind.index()]
    }

    /// Every piece, strongest kind first.
    pub fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        Kind::ALL
            .into_iter()
            .flat_map(|kind| std::iter::repeat_n(kind, self.count(kind) as usize))
    }

    pub fn len(&self) -> usize {
        self.counts.iter().map(|count| *count as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The strongest ranked piece (`None` for an army of bombs, mines and flags).
    pub fn strongest(&self) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|kind| kind.rank().is_some() && self.count(*kind) > 0)
    }

    /// The rows (counted from the back) where this army's mines may stand: 2, or 3 for more
    /// than five mines (docs/rules.md §18 rule 3).
    pub fn mine_rows(&self) -> u8 {
        if self.count(Kind::Landmine) > MINES_FOR_ROW_THREE {
            3
        } else {
            2
        }
    }

    /// Whether some layout of this army obeys every rule: 25 pieces, the mines fit their rows
    /// beside a flag in a headquarters, and the mines, bombs and that flag fit behind the
    /// front row. Only a random share with every mine and every bomb fails the last.
    pub fn can_deploy(&self) -> bool {
        let posts_behind_front = Post::all()
            .filter(|post| !is_camp(*post) && post.row() < HALF_ROWS - 1)
            .count();
        let mine_posts = Post::all()
            .filter(|post| !is_camp(*post) && post.row() < self.mine_rows())
            .count();
        let flag = usize::from(self.count(Kind::Flag) > 0);
        let mines = self.count(Kind::Landmine) as usize;
        let bombs = self.count(Kind::Bomb) as usize;
        self.len() == 25 && mines + flag <= mine_posts && mines + bombs + flag <= posts_behind_front
    }

    /// Where this army's rules allow `kind` on `post`, one post at a time: `Err` names the rule
    /// broken. Several flags may stand anywhere but a camp (one of them must take a
    /// headquarters: the whole layout's check).
    pub fn check_placement(&self, post: Post, kind: Kind) -> Result<(), DeploymentError> {
        if is_camp(post) {
            return Err(DeploymentError::PieceInCamp { post, kind });
        }
        match kind {
            Kind::Flag if self.count(Kind::Flag) <= 1 && !is_headquarters(post) => {
                Err(DeploymentError::FlagOutsideHeadquarters(post))
            }
            Kind::Landmine if post.row() >= self.mine_rows() => Err(if self.mine_rows() == 2 {
                DeploymentError::MineOutsideLastRows(post)
            } else {
                DeploymentError::MineOutsideLastThreeRows(post)
            }),
            Kind::Bomb if post.row() == HALF_ROWS - 1 => Err(DeploymentError::BombOnFrontRow(post)),
            _ => Ok(()),
        }
    }

    /// The layout with `cells` if it deploys exactly this army by every rule. Posts are
    /// checked from `A1` to `E6`; the first rule broken is reported.
    pub fn layout(&self, cells: [Option<Kind>; HALF_POSTS]) -> Result<Layout, DeploymentError> {
        let mut counts = [0u8; 12];
        for post in Post::all() {
            match cells[post.index()] {
                None if is_camp(post) => {}
                None => return Err(DeploymentError::EmptyPost(post)),
                Some(kind) => {
                    self.check_placement(post, kind)?;
                    counts[kind.index()] += 1;
                    let allowed = self.count(kind);
                    if counts[kind.index()] > allowed {
                        return Err(DeploymentError::TooMany {
                            post,
                            kind,
                            allowed,
                        });
                    }
                }
            }
        }
        let flags = || Post::all().filter(|post| cells[post.index()] == Some(Kind::Flag));
        if self.count(Kind::Flag) > 1 && !flags().any(is_headquarters) {
            let first = flags().next().unwrap_or(Post::from_index_unchecked(0));
            return Err(DeploymentError::FlagOutsideHeadquarters(first));
        }
        Ok(Layout::from_cells_unchecked(cells))
    }

    /// Reads the layout notation (docs/rules.md §14) and checks it against this army.
    pub fn parse(&self, text: &str) -> Result<Layout, LayoutError> {
        Ok(self.layout(read_cells(text)?)?)
    }

    /// `layout` with the pieces on `a` and `b` exchanged, if the result obeys this army's rules.
    pub fn swap(&self, layout: &Layout, a: Post, b: Post) -> Result<Layout, SwapError> {
        for post in [a, b] {
            if is_camp(post) {
                return Err(SwapError::Camp(post));
            }
        }
        let mut cells = *layout.cells();
        cells.swap(a.index(), b.index());
        self.layout(cells).map_err(SwapError::Breaks)
    }

    /// A random layout of this army that obeys every rule (`None` when none does:
    /// [`Army::can_deploy`]). A flag takes a headquarters, the mines their rows, the bombs the
    /// posts behind the front row, and every other piece (extra flags too) what is left.
    pub fn random_layout(&self, rng: &mut impl Rng) -> Option<Layout> {
        if *self == Army::STANDARD {
            return Some(Layout::random(rng));
        }
        if !self.can_deploy() {
            return None;
        }
        let mut free: Vec<Post> = Post::all().filter(|post| !is_camp(*post)).collect();
        let mut cells = [None; HALF_POSTS];
        let mut place = |rng: &mut _, kind: Kind, allowed: &dyn Fn(Post) -> bool| {
            let candidates: Vec<Post> = free.iter().copied().filter(|p| allowed(*p)).collect();
            if candidates.is_empty() {
                return None;
            }
            let post = candidates[below(rng, candidates.len() as u32) as usize];
            free.retain(|p| *p != post);
            cells[post.index()] = Some(kind);
            Some(())
        };
        let mine_rows = self.mine_rows();
        let mut rest: Vec<Kind> = self.kinds().collect();
        if let Some(at) = rest.iter().position(|kind| *kind == Kind::Flag) {
            rest.remove(at);
            place(rng, Kind::Flag, &is_headquarters)?;
        }
        for _ in 0..self.count(Kind::Landmine) {
            place(rng, Kind::Landmine, &|post| post.row() < mine_rows)?;
        }
        for _ in 0..self.count(Kind::Bomb) {
            place(rng, Kind::Bomb, &|post| post.row() < HALF_ROWS - 1)?;
        }
        rest.retain(|kind| !matches!(kind, Kind::Landmine | Kind::Bomb));
        for kind in rest {
            place(rng, kind, &|_| true)?;
        }
        self.layout(cells).ok()
    }
}

impl Default for Army {
    fn default() -> Army {
        Army::STANDARD
    }
}

/// A random deal's share is private to its player: Debug output tells only its size.
impl fmt::Debug for Army {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Army({} pieces)", self.len())
    }
}

impl Layout {
    /// The army this layout deploys.
    pub fn army(&self) -> Army {
        Army::of(self.pieces().map(|(_, kind)| kind))
    }

    /// Reads a layout of any army, checking every rule against the pieces it holds: for
    /// records, whose replay then checks the pieces against the player's own.
    pub fn parse_any_army(text: &str) -> Result<Layout, LayoutError> {
        let cells = read_cells(text)?;
        let army = Army::of(cells.iter().flatten().copied());
        Ok(army.layout(cells)?)
    }
}
