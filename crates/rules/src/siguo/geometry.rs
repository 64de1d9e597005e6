//! The fixed geometry of the four-country board (docs/rules.md §15): camps, headquarters,
//! railway posts, the 288 connections (arcs and the centre included) and the 18 straight lines
//! a piece other than an engineer slides along. The sets are constants; the connections and
//! lines are built once, on first use, from each arm's owner frame and the posts' places on
//! the grid.

use std::sync::LazyLock;

use super::post::{GRID, POSTS, SiguoPost, rotate};
use super::post_set::PostSet;
use super::seat::SiguoSeat;
use crate::game::geometry::Connection;
use crate::standard::Post;

const fn is_camp_at(column: u8, row: u8) -> bool {
    matches!((column, row), (1, 2) | (3, 2) | (2, 3) | (1, 4) | (3, 4))
}

const fn is_headquarters_at(column: u8, row: u8) -> bool {
    matches!((column, row), (1, 0) | (3, 0))
}

const fn is_railway_at(column: u8, row: u8) -> bool {
    row == 1 || row == 5 || ((column == 0 || column == 4) && row >= 1)
}

/// The three kinds of post the rules name on every arm.
#[derive(Clone, Copy)]
enum Named {
    Camp,
    Headquarters,
    Railway,
}

/// The posts of every arm of kind `named` (and the centre, which is all railway).
const fn arm_posts(named: Named) -> PostSet {
    let mut set = PostSet::EMPTY;
    let mut index = 0;
    while index < POSTS {
        let post = SiguoPost::from_index_unchecked(index);
        let wanted = match post.on_arm() {
            Some((_, on_arm)) => {
                let (column, row) = (on_arm.column(), on_arm.row());
                match named {
                    Named::Camp => is_camp_at(column, row),
                    Named::Headquarters => is_headquarters_at(column, row),
                    Named::Railway => is_railway_at(column, row),
                }
            }
            None => matches!(named, Named::Railway),
        };
        if wanted {
            set = set.with_post(post);
        }
        index += 1;
    }
    set
}

/// Camps (行营): `B3 D3 C4 B5 D5` of every arm, 20 in all.
pub const CAMPS: PostSet = arm_posts(Named::Camp);
/// Headquarters (大本营): `B1 D1` of every arm, 8 in all.
pub const HEADQUARTERS: PostSet = arm_posts(Named::Headquarters);
/// Railway posts: rows 2 and 6 and columns A and E from row 2 of every arm, and the nine
/// centre posts; 73 in all.
pub const RAILWAY: PostSet = arm_posts(Named::Railway);

/// The connections and lines, built once.
struct Tables {
    neighbours: [PostSet; POSTS],
    rail_neighbours: [PostSet; POSTS],
    lines: Vec<Vec<SiguoPost>>,
    /// For each post, the runs of posts a slide from it follows: each line through it, in
    /// each direction, with the post itself left out.
    rays: Vec<Vec<Vec<SiguoPost>>>,
    at_grid: [[Option<SiguoPost>; GRID as usize]; GRID as usize],
}

static TABLES: LazyLock<Tables> = LazyLock::new(build);

fn arm_post(seat: SiguoSeat, column: u8, row: u8) -> SiguoPost {
    let post = Post::new(column, row).expect("an arm has 5 columns and 6 rows");
    SiguoPost::arm(seat, post)
}

type GridTable = [[Option<SiguoPost>; GRID as usize]; GRID as usize];

/// The post at the point of South's frame `south`, turned to `seat`'s side of the board.
fn turned(at_grid: &GridTable, seat: SiguoSeat, south: (u8, u8)) -> SiguoPost {
    let (column, row) = rotate(south, seat.index());
    at_grid[row as usize][column as usize].expect("a post stands there")
}

/// The 18 straight lines of docs/rules.md §15, each as its posts in order.
fn straight_lines(at_grid: &GridTable) -> Vec<Vec<SiguoPost>> {
    let mut lines = Vec::with_capacity(18);
    for seat in SiguoSeat::ALL {
        // Rows 2 and 6.
        for row in [1, 5] {
            lines.push((0..5).map(|column| arm_post(seat, column, row)).collect());
        }
        // Column A up through the centre and down the opposite arm's column E.
        let mut through: Vec<SiguoPost> = (1..6).map(|row| arm_post(seat, 0, row)).collect();
        through.extend([10, 8, 6].map(|row| turned(at_grid, seat, (6, row))));
        through.extend((1..6).rev().map(|row| arm_post(seat.ally(), 4, row)));
        lines.push(through);
        // Column E up, round the arc, and down the next arm's column A.
        let mut arc: Vec<SiguoPost> = (1..6).map(|row| arm_post(seat, 4, row)).collect();
        arc.extend((1..6).rev().map(|row| arm_post(seat.next(), 0, row)));
        lines.push(arc);
    }
    // The two lines from a front row's middle through the centre's middle.
    for seat in [SiguoSeat::South, SiguoSeat::East] {
        let mut middle = vec![arm_post(seat, 2, 5)];
        middle.extend([10, 8, 6].map(|row| turned(at_grid, seat, (8, row))));
        middle.push(arm_post(seat.ally(), 2, 5));
        lines.push(middle);
    }
    lines
}

fn build() -> Tables {
    let mut at_grid: GridTable = [[None; GRID as usize]; GRID as usize];
    for post in SiguoPost::all() {
        let (column, row) = post.grid();
        at_grid[row as usize][column as usize] = Some(post);
    }
    let mut neighbours = [PostSet::EMPTY; POSTS];
    let mut rail_neighbours = [PostSet::EMPTY; POSTS];
    let mut connect = |a: SiguoPost, b: SiguoPost| {
        neighbours[a.index()].insert(b);
        neighbours[b.index()].insert(a);
        if RAILWAY.contains(a) && RAILWAY.contains(b) {
            rail_neighbours[a.index()].insert(b);
            rail_neighbours[b.index()].insert(a);
        }
    };
    for seat in SiguoSeat::ALL {
        for post in Post::all() {
            let (column, row) = (post.column(), post.row());
            let here = SiguoPost::arm(seat, post);
            // Orthogonal neighbours within the arm (each pair once: right and forward).
            if column < 4 {
                connect(here, arm_post(seat, column + 1, row));
            }
            if row < 5 {
                connect(here, arm_post(seat, column, row + 1));
            }
            if is_camp_at(column, row) {
                for (dc, dr) in [(-1i8, -1i8), (1, -1), (-1, 1), (1, 1)] {
                    let other = arm_post(seat, (column as i8 + dc) as u8, (row as i8 + dr) as u8);
                    connect(here, other);
                }
            }
        }
        // A6, C6 and E6 join the centre post straight ahead of them.
        for column in [0, 2, 4] {
            let ahead = turned(&at_grid, seat, (6 + column, 10));
            connect(arm_post(seat, column, 5), ahead);
        }
        // The arc from this arm's E6 to the next arm's A6.
        connect(arm_post(seat, 4, 5), arm_post(seat.next(), 0, 5));
    }
    // The centre square: neighbours two grid steps apart.
    let centre: Vec<SiguoPost> = SiguoPost::all().filter(|post| post.is_centre()).collect();
    for &a in &centre {
        for &b in &centre {
            let ((ac, ar), (bc, br)) = (a.grid(), b.grid());
            if a < b && ac.abs_diff(bc) + ar.abs_diff(br) == 2 && (ac == bc || ar == br) {
                connect(a, b);
            }
        }
    }
    let lines = straight_lines(&at_grid);
    let mut rays: Vec<Vec<Vec<SiguoPost>>> = vec![Vec::new(); POSTS];
    for line in &lines {
        for (at, post) in line.iter().enumerate() {
            let forward: Vec<SiguoPost> = line[at + 1..].to_vec();
            let backward: Vec<SiguoPost> = line[..at].iter().rev().copied().collect();
            for ray in [forward, backward] {
                if !ray.is_empty() && !rays[post.index()].contains(&ray) {
                    rays[post.index()].push(ray);
                }
            }
        }
    }
    Tables {
        neighbours,
        rail_neighbours,
        lines,
        rays,
        at_grid,
    }
}

/// The posts one connection (road or railway) away from `post`.
pub fn neighbours(post: SiguoPost) -> PostSet {
    TABLES.neighbours[post.index()]
}

/// The posts one railway connection away from `post`.
pub fn rail_neighbours(post: SiguoPost) -> PostSet {
    TABLES.rail_neighbours[post.index()]
}

/// The 18 straight lines, each as its posts in order.
pub fn lines() -> &'static [Vec<SiguoPost>] {
    &TABLES.lines
}

/// The post at (column, row) of the grid with South at the bottom ([`SiguoPost::grid`]).
pub fn post_at_grid((column, row): (u8, u8)) -> Option<SiguoPost> {
    let row = TABLES.at_grid.get(row as usize)?;
    *row.get(column as usize)?
}

/// Every post a movable piece on `from` could move to while the posts in `occupied` hold
/// pieces: a step along any connection, a slide along one straight line over empty posts, and,
/// for an `engineer`, any railway path over empty posts. A slide or path stops at the first
/// occupied post, which is in the set as an attack candidate; whether an attack is allowed is
/// checked apart.
pub fn reach(occupied: PostSet, from: SiguoPost, engineer: bool) -> PostSet {
    let tables = &*TABLES;
    let mut reach = tables.neighbours[from.index()];
    if !RAILWAY.contains(from) {
        return reach;
    }
    if engineer {
        let mut visited = PostSet::from(from);
        let mut frontier = visited;
        while !frontier.is_empty() {
            let mut next = PostSet::EMPTY;
            for post in frontier {
                next |= tables.rail_neighbours[post.index()];
            }
            let new = next - visited;
            visited |= new;
            reach |= new;
            frontier = new - occupied;
        }
        return reach;
    }
    for ray in &tables.rays[from.index()] {
        for &post in ray {
            reach.insert(post);
            if occupied.contains(post) {
                break;
            }
        }
    }
    reach
}

/// The connection between `a` and `b`, if they are connected.
pub fn connection(a: SiguoPost, b: SiguoPost) -> Option<Connection> {
    if rail_neighbours(a).contains(b) {
        Some(Connection::Railway)
    } else if neighbours(a).contains(b) {
        Some(Connection::Road)
    } else {
        None
    }
}

/// Every connection once, as (lower post, higher post, kind): for drawing the board.
pub fn connections() -> Vec<(SiguoPost, SiguoPost, Connection)> {
    let mut list = Vec::with_capacity(288);
    for a in SiguoPost::all() {
        for b in neighbours(a) {
            if a < b
                && let Some(kind) = connection(a, b)
            {
                list.push((a, b, kind));
            }
        }
    }
    list
}
