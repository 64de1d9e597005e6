//! How good a 四国 board with every piece known (a dealt one) is for a team: both allies'
//! material against both enemies', a seat out counted as a heavy loss, each enemy flag's
//! nearest attacker (and so each of our flags' nearest threat), and a lead that counts for less
//! as the quiet draw nears, so that the team ahead attacks rather than shuffles.

use std::sync::OnceLock;

use crate::ai::piece_value;
use crate::game::Kind;
use crate::siguo::geometry::{HEADQUARTERS, reach};
use crate::siguo::{POSTS, PostSet, SiguoPosition, SiguoPost, SiguoSeat, Team};

/// A seat out loses its turns as well as its pieces.
const SEAT_OUT: i32 = 1500;
/// Per move of distance our nearest mover is closer than `APPROACH_RANGE` to an enemy flag.
const APPROACH: i32 = 12;
const APPROACH_RANGE: u8 = 8;
/// A flag no mine of its owner guards any more.
const FLAG_UNGUARDED: i32 = 150;

/// Move counts ignoring other pieces: `[engineer][from][to]`, steps and straight slides for
/// every mover (0) and railway paths for the engineer (1).
fn distances() -> &'static [[[u8; POSTS]; POSTS]; 2] {
    static TABLE: OnceLock<Box<[[[u8; POSTS]; POSTS]; 2]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        crate::ai::eval::distance_table(|at, engineer| {
            reach(
                PostSet::EMPTY,
                SiguoPost::from_index_unchecked(at),
                engineer,
            )
            .into_iter()
            .map(SiguoPost::index)
        })
    })
}

/// Moves a `kind` on `from` needs to reach `to` on an empty board.
pub(crate) fn distance(kind: Kind, from: SiguoPost, to: SiguoPost) -> u8 {
    distances()[usize::from(kind == Kind::Engineer)][from.index()][to.index()]
}

/// The post of `seat`'s flag on `position`, if it stands.
fn flag_of(position: &SiguoPosition, seat: SiguoSeat) -> Option<SiguoPost> {
    (position.posts_of(seat) & HEADQUARTERS)
        .into_iter()
        .find(|post| position.piece(*post).is_some_and(|p| p.kind == Kind::Flag))
}

fn team_index(team: Team) -> usize {
    match team {
        Team::NorthSouth => 0,
        Team::EastWest => 1,
    }
}

/// How good `position` is for `team`, in units where a lieutenant is worth 150.
pub(crate) fn evaluate(position: &SiguoPosition, team: Team) -> i32 {
    let mut mines = [0u8; 4];
    for (_, piece) in position.pieces() {
        if piece.kind == Kind::Landmine {
            mines[piece.seat.index()] += 1;
        }
    }
    let team_mines = |team: Team| {
        let [a, b] = team.seats();
        mines[a.index()] + mines[b.index()]
    };
    let mut material = [0i32; 2];
    for (_, piece) in position.pieces() {
        let side = piece.seat.team();
        material[team_index(side)] += piece_value(piece.kind, team_mines(side.other()));
    }
    let mut lead = material[team_index(team)] - material[team_index(team.other())];
    let mut threat = 0;
    for seat in SiguoSeat::ALL {
        let sign = if seat.team() == team { 1 } else { -1 };
        if position.is_out(seat) {
            lead -= sign * SEAT_OUT;
            continue;
        }
        if mines[seat.index()] == 0 {
            threat -= sign * FLAG_UNGUARDED;
        }
        let Some(flag) = flag_of(position, seat) else {
            continue;
        };
        let nearest = position
            .posts_of_team(seat.team().other())
            .into_iter()
            .filter_map(|post| {
                let piece = position.piece(post)?;
                (piece.kind.is_movable() && !HEADQUARTERS.contains(post))
                    .then(|| distance(piece.kind, post, flag))
            })
            .min()
            .unwrap_or(APPROACH_RANGE);
        threat -= sign * APPROACH * i32::from(APPROACH_RANGE.saturating_sub(nearest));
    }
    // The lead counts from whole down to half as the quiet draw nears.
    let limit = i32::from(position.rules.quiet_draw.max(1));
    let quiet = i32::from(position.quiet).min(limit);
    lead * (2 * limit - quiet) / (2 * limit) + threat
}
