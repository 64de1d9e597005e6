//! The fixed geometry of the board (docs/rules.md §1): camps, headquarters, railway nodes, the 133
//! connections and the straight railway lines, precomputed as 60-bit square sets at compile time.

use super::square::{SQUARES, Square};
use super::square_set::SquareSet;

const fn bit(column: u8, row: u8) -> u64 {
    1u64 << (row * 5 + column)
}

const CAMP_BITS: u64 = bit(1, 2)
    | bit(3, 2)
    | bit(2, 3)
    | bit(1, 4)
    | bit(3, 4)
    | bit(1, 7)
    | bit(3, 7)
    | bit(2, 8)
    | bit(1, 9)
    | bit(3, 9);

/// Camps (行营): `B3 D3 C4 B5 D5 B8 D8 C9 B10 D10`. Pieces there cannot be attacked.
pub const CAMPS: SquareSet = SquareSet::from_bits(CAMP_BITS);

/// Headquarters (大本营): `B1 D1 B12 D12`.
pub const HEADQUARTERS: SquareSet =
    SquareSet::from_bits(bit(1, 0) | bit(3, 0) | bit(1, 11) | bit(3, 11));

const fn is_rail_node(column: u8, row: u8) -> bool {
    matches!(row, 1 | 5 | 6 | 10) || ((column == 0 || column == 4) && row >= 1 && row <= 10)
}

const fn rail_nodes() -> u64 {
    let mut set = 0;
    let mut index = 0;
    while index < SQUARES as u8 {
        if is_rail_node(index % 5, index / 5) {
            set |= 1u64 << index;
        }
        index += 1;
    }
    set
}

const RAIL_NODE_BITS: u64 = rail_nodes();

/// Railway nodes (铁路): rows 2, 6, 7, 11 and columns A and E from row 2 to row 11.
pub const RAIL_NODES: SquareSet = SquareSet::from_bits(RAIL_NODE_BITS);

/// The four directions a slide can take, as (column, row) offsets.
pub const DIRECTIONS: [(i8, i8); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];

const fn on_board(column: i8, row: i8) -> bool {
    column >= 0 && column < 5 && row >= 0 && row < 12
}

/// The mountain between the halves: only columns A, C and E cross from row 6 to row 7.
const fn crosses_mountain(column: u8, row: u8, dr: i8) -> bool {
    (column == 1 || column == 3) && ((row == 5 && dr == 1) || (row == 6 && dr == -1))
}

const fn orthogonal_neighbour(index: u8, dc: i8, dr: i8) -> Option<u8> {
    let column = (index % 5) as i8 + dc;
    let row = (index / 5) as i8 + dr;
    if !on_board(column, row) || crosses_mountain(index % 5, index / 5, dr) {
        return None;
    }
    Some(row as u8 * 5 + column as u8)
}

const fn neighbour_tables() -> ([SquareSet; SQUARES], [SquareSet; SQUARES]) {
    let mut all = [0u64; SQUARES];
    let mut rail = [0u64; SQUARES];
    let mut index = 0u8;
    while index < SQUARES as u8 {
        let mut d = 0;
        while d < 4 {
            let (dc, dr) = DIRECTIONS[d];
            if let Some(next) = orthogonal_neighbour(index, dc, dr) {
                all[index as usize] |= 1u64 << next;
                if RAIL_NODE_BITS & (1u64 << index) != 0 && RAIL_NODE_BITS & (1u64 << next) != 0 {
                    rail[index as usize] |= 1u64 << next;
                }
            }
            d += 1;
        }
        index += 1;
    }
    // Camps connect to their four diagonal neighbours, in both directions.
    let mut index = 0u8;
    while index < SQUARES as u8 {
        if CAMP_BITS & (1u64 << index) != 0 {
            let diagonals: [(i8, i8); 4] = [(-1, -1), (1, -1), (-1, 1), (1, 1)];
            let mut d = 0;
            while d < 4 {
                let column = (index % 5) as i8 + diagonals[d].0;
                let row = (index / 5) as i8 + diagonals[d].1;
                if on_board(column, row) {
                    let other = row as u8 * 5 + column as u8;
                    all[index as usize] |= 1u64 << other;
                    all[other as usize] |= 1u64 << index;
                }
                d += 1;
            }
        }
        index += 1;
    }
    (as_sets(all), as_sets(rail))
}

const fn as_sets(bits: [u64; SQUARES]) -> [SquareSet; SQUARES] {
    let mut sets = [SquareSet::EMPTY; SQUARES];
    let mut index = 0;
    while index < SQUARES {
        sets[index] = SquareSet::from_bits(bits[index]);
        index += 1;
    }
    sets
}

const TABLES: ([SquareSet; SQUARES], [SquareSet; SQUARES]) = neighbour_tables();

/// For each square, the squares one connection (road or railway) away.
pub const NEIGHBOURS: [SquareSet; SQUARES] = TABLES.0;

/// For each square, the squares one railway connection away.
pub const RAIL_NEIGHBOURS: [SquareSet; SQUARES] = TABLES.1;

const fn rail_steps() -> [[u8; 4]; SQUARES] {
    let mut steps = [[u8::MAX; 4]; SQUARES];
    let mut index = 0u8;
    while index < SQUARES as u8 {
        let mut d = 0;
        while d < 4 {
            let (dc, dr) = DIRECTIONS[d];
            if let Some(next) = orthogonal_neighbour(index, dc, dr)
                && RAIL_NEIGHBOURS[index as usize].bits() & (1u64 << next) != 0
            {
                steps[index as usize][d] = next;
            }
            d += 1;
        }
        index += 1;
    }
    steps
}

/// For each square and direction, the next square along a straight railway line (`u8::MAX`
/// where the line ends). Every railway connection lies on one of the straight lines of §1, so
/// following one direction over railway connections is exactly a straight slide.
pub const RAIL_STEP: [[u8; 4]; SQUARES] = rail_steps();

/// Every square a movable piece on `from` could move to while the squares in `occupied` hold
/// pieces: steps along any connection, straight railway slides and, when `engineer`, any
/// railway path (docs/rules.md §4). A slide or path stops at the first occupied square, which
/// is in the set as an attack candidate; whether an attack is allowed is checked apart. Moves
/// are symmetric: `to` is in the reach of `from` exactly when `from` is in the reach of `to`
/// with the same squares occupied (besides the two).
pub fn reach(occupied: SquareSet, from: Square, engineer: bool) -> SquareSet {
    let mut reach = NEIGHBOURS[from.index()];
    if !RAIL_NODES.contains(from) {
        return reach;
    }
    if engineer {
        let mut visited = SquareSet::from(from);
        let mut frontier = visited;
        while !frontier.is_empty() {
            let mut next = SquareSet::EMPTY;
            for square in frontier {
                next |= RAIL_NEIGHBOURS[square.index()];
            }
            let new = next - visited;
            visited |= new;
            reach |= new;
            frontier = new - occupied;
        }
        return reach;
    }
    for direction in [0usize, 1, 2, 3] {
        let mut at = from.index();
        loop {
            let next = RAIL_STEP[at][direction];
            if next == u8::MAX {
                break;
            }
            let next_square = Square::from_index_unchecked(next as usize);
            reach.insert(next_square);
            if occupied.contains(next_square) {
                break;
            }
            at = next as usize;
        }
    }
    reach
}

pub fn is_camp(square: Square) -> bool {
    CAMPS.contains(square)
}

pub fn is_headquarters(square: Square) -> bool {
    HEADQUARTERS.contains(square)
}

pub fn is_rail_node_square(square: Square) -> bool {
    RAIL_NODES.contains(square)
}

/// The kind of a connection between two neighbouring squares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Connection {
    Road,
    Railway,
}

/// The connection between `a` and `b`, if they are connected.
pub fn connection(a: Square, b: Square) -> Option<Connection> {
    if RAIL_NEIGHBOURS[a.index()].contains(b) {
        Some(Connection::Railway)
    } else if NEIGHBOURS[a.index()].contains(b) {
        Some(Connection::Road)
    } else {
        None
    }
}

/// Every connection once, as (lower square, higher square, kind): for drawing the board.
pub fn connections() -> Vec<(Square, Square, Connection)> {
    let mut list = Vec::with_capacity(133);
    for a in Square::all() {
        for b in NEIGHBOURS[a.index()] {
            if a < b
                && let Some(kind) = connection(a, b)
            {
                list.push((a, b, kind));
            }
        }
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        text.parse().expect("test square")
    }

    #[test]
    fn counts_match_the_rules() {
        let all = connections();
        assert_eq!(all.len(), 133);
        assert_eq!(
            all.iter().filter(|c| c.2 == Connection::Railway).count(),
            35
        );
        assert_eq!(all.iter().filter(|c| c.2 == Connection::Road).count(), 98);
        let diagonal = all
            .iter()
            .filter(|(a, b, _)| a.column() != b.column() && a.row() != b.row())
            .count();
        assert_eq!(diagonal, 32);
        assert_eq!(CAMPS.len(), 10);
        assert_eq!(HEADQUARTERS.len(), 4);
        assert_eq!(RAIL_NODES.len(), 32);
    }

    #[test]
    fn connections_are_symmetric() {
        for a in Square::all() {
            for b in NEIGHBOURS[a.index()] {
                assert!(NEIGHBOURS[b.index()].contains(a), "{a}-{b}");
            }
            for b in RAIL_NEIGHBOURS[a.index()] {
                assert!(RAIL_NEIGHBOURS[b.index()].contains(a), "{a}={b}");
            }
        }
    }

    #[test]
    fn mountain_blocks_b_and_d_only() {
        assert_eq!(connection(sq("B6"), sq("B7")), None);
        assert_eq!(connection(sq("D6"), sq("D7")), None);
        assert_eq!(connection(sq("A6"), sq("A7")), Some(Connection::Railway));
        assert_eq!(connection(sq("C6"), sq("C7")), Some(Connection::Railway));
        assert_eq!(connection(sq("E6"), sq("E7")), Some(Connection::Railway));
    }

    #[test]
    fn camps_have_diagonal_roads() {
        assert_eq!(connection(sq("B3"), sq("A2")), Some(Connection::Road));
        assert_eq!(connection(sq("C4"), sq("D5")), Some(Connection::Road));
        assert_eq!(connection(sq("A2"), sq("B1")), None);
        assert_eq!(connection(sq("C2"), sq("D3")), Some(Connection::Road));
        assert_eq!(connection(sq("C3"), sq("D4")), None);
        assert_eq!(connection(sq("B2"), sq("B3")), Some(Connection::Road));
        assert_eq!(connection(sq("A1"), sq("A2")), Some(Connection::Road));
    }
}
