//! What puts a 四国 player out by their headquarters (docs/rules.md §18, §20): a flag, two
//! flags, a field marshal standing for a missing flag, a raised flag (升军旗), or neither.
//! A [`Banner`] is read off a player's layout when play starts and follows the game.

use std::fmt;

use super::position::{SiguoPiece, SiguoPosition};
use super::post::SiguoPost;
use super::seat::SiguoSeat;
use crate::game::Kind;
use crate::standard::{Army, Layout, Post, is_headquarters};

/// A post of a half, checked when the crate compiles.
const fn half_post(column: u8, row: u8) -> Post {
    match Post::new(column, row) {
        Some(post) => post,
        None => panic!("not a post of a half"),
    }
}

/// The two headquarters of an arm, in the owner's frame: `B1`, then `D1`.
pub const HEADQUARTERS_POSTS: [Post; 2] = [half_post(1, 0), half_post(3, 0)];

/// The index (0 for `B1`, 1 for `D1`) of a headquarters post.
fn hq_index(post: Post) -> usize {
    usize::from(post.column() > 2)
}

/// How a player's headquarters count.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Banner {
    /// The flag stands in this headquarters: out when it is taken.
    Flag(Post),
    /// A flag in each headquarters: out when both are taken.
    TwoFlags,
    /// No flag but a field marshal: out when either headquarters is taken.
    Marshal,
    /// The last field marshal died: either headquarters still counts until the player chooses
    /// one to raise as their flag, and they act only once they have.
    Choosing,
    /// The flag raised on this headquarters (升军旗), shown to everyone.
    Raised(Post),
    /// Neither flag nor field marshal: out only when both headquarters are taken.
    Neither,
}

/// The post of a flag is secret until the end (or a field marshal's death), so Debug output
/// leaves it out.
impl fmt::Debug for Banner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Banner::Flag(_) => f.write_str("Flag(<hidden>)"),
            Banner::TwoFlags => f.write_str("TwoFlags"),
            Banner::Marshal => f.write_str("Marshal"),
            Banner::Choosing => f.write_str("Choosing"),
            Banner::Raised(post) => write!(f, "Raised({post})"),
            Banner::Neither => f.write_str("Neither"),
        }
    }
}

impl Banner {
    /// The banner of `army` deployed as `layout`.
    pub fn of(army: &Army, layout: &Layout) -> Banner {
        let flags: Vec<Post> = HEADQUARTERS_POSTS
            .into_iter()
            .filter(|hq| layout.piece(*hq) == Some(Kind::Flag))
            .collect();
        match flags.as_slice() {
            [_, _] => Banner::TwoFlags,
            [hq] => Banner::Flag(*hq),
            _ if army.count(Kind::Marshal) > 0 => Banner::Marshal,
            _ => Banner::Neither,
        }
    }

    /// Whether a player with this banner is out once the headquarters marked in `taken` (by
    /// [`HEADQUARTERS_POSTS`] order) have been taken.
    pub fn is_out(self, taken: [bool; 2]) -> bool {
        match self {
            Banner::Flag(hq) | Banner::Raised(hq) => taken[hq_index(hq)],
            Banner::Marshal | Banner::Choosing => taken[0] || taken[1],
            Banner::TwoFlags | Banner::Neither => taken[0] && taken[1],
        }
    }
}

/// The pieces `layout` puts on the board for `seat`: a flag outside the headquarters becomes
/// a general (军长) for the game (§18).
pub fn placed_pieces(
    seat: SiguoSeat,
    layout: &Layout,
) -> impl Iterator<Item = (SiguoPost, SiguoPiece)> + '_ {
    layout.pieces().map(move |(post, kind)| {
        let kind = match kind {
            Kind::Flag if !is_headquarters(post) => Kind::General,
            kind => kind,
        };
        (SiguoPost::arm(seat, post), SiguoPiece::new(seat, kind))
    })
}

/// Every seat's banner and which of its headquarters an enemy has taken.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Banners {
    pub banner: [Banner; 4],
    pub taken: [[bool; 2]; 4],
}

impl Banners {
    pub fn new(banner: [Banner; 4]) -> Banners {
        Banners {
            banner,
            taken: [[false; 2]; 4],
        }
    }

    /// Marks the headquarters an attack on `target` at `to` took; the seat when that puts it
    /// out.
    pub fn attacked(&mut self, target: SiguoPiece, to: SiguoPost) -> Option<SiguoSeat> {
        let (arm, post) = to.on_arm()?;
        if arm != target.seat || !is_headquarters(post) {
            return None;
        }
        let seat = target.seat;
        self.taken[seat.index()][hq_index(post)] = true;
        self.banner[seat.index()]
            .is_out(self.taken[seat.index()])
            .then_some(seat)
    }

    /// A seat still in whose banner is `Marshal` and has no field marshal left on `position`
    /// must now choose its flag; the seats that do, in turn order.
    pub fn marshals_lost(&mut self, position: &SiguoPosition) -> Vec<SiguoSeat> {
        let mut choosing = Vec::new();
        for seat in SiguoSeat::ALL {
            let has_marshal = position.posts_of(seat).into_iter().any(|post| {
                position
                    .piece(post)
                    .is_some_and(|p| p.kind == Kind::Marshal)
            });
            let in_game = !position.is_out(seat);
            if self.banner[seat.index()] == Banner::Marshal && in_game && !has_marshal {
                self.banner[seat.index()] = Banner::Choosing;
                choosing.push(seat);
            }
        }
        choosing
    }

    /// The headquarters `seat` raised as its flag, on the board.
    pub fn raised(&self, seat: SiguoSeat) -> Option<SiguoPost> {
        match self.banner[seat.index()] {
            Banner::Raised(hq) => Some(SiguoPost::arm(seat, hq)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row per banner and set of headquarters taken (B1, D1): out or not (§20).
    #[test]
    fn each_banner_counts_its_headquarters() {
        let [b1, d1] = HEADQUARTERS_POSTS;
        let none = [false, false];
        let left = [true, false];
        let right = [false, true];
        let both = [true, true];
        let rows = [
            (Banner::Flag(b1), none, false),
            (Banner::Flag(b1), left, true),
            (Banner::Flag(b1), right, false),
            (Banner::Flag(d1), right, true),
            (Banner::TwoFlags, left, false),
            (Banner::TwoFlags, both, true),
            (Banner::Marshal, none, false),
            (Banner::Marshal, right, true),
            (Banner::Choosing, left, true),
            (Banner::Raised(d1), left, false),
            (Banner::Raised(d1), right, true),
            (Banner::Neither, right, false),
            (Banner::Neither, both, true),
        ];
        for (banner, taken, out) in rows {
            assert_eq!(banner.is_out(taken), out, "{banner:?} {taken:?}");
        }
        assert_eq!(format!("{:?}", Banner::Flag(d1)), "Flag(<hidden>)");
    }
}
