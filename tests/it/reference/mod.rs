//! A deliberately naive second implementation of the movement and attack rules, written
//! straight from docs/rules.md §1, §4 and §5 with square names and lists rather than bit sets. The
//! property tests check that the engine and this reference list exactly the same actions.

use std::collections::{BTreeSet, VecDeque};

use junqi::game::{Board, Cell, Colour, Kind, Piece, Square};

fn name(square: Square) -> String {
    square.to_string()
}

fn at(column: char, row: u8) -> Square {
    format!("{column}{row}").parse().expect("reference square")
}

const CAMPS: [&str; 10] = ["B3", "D3", "C4", "B5", "D5", "B8", "D8", "C9", "B10", "D10"];

fn is_camp(square: Square) -> bool {
    CAMPS.contains(&name(square).as_str())
}

fn is_rail(square: Square) -> bool {
    let row = square.row() + 1;
    let column = (b'A' + square.column()) as char;
    matches!(row, 2 | 6 | 7 | 11) || (matches!(column, 'A' | 'E') && (2..=11).contains(&row))
}

/// §1: orthogonal neighbours except across the mountain at B and D, plus camp diagonals.
fn connected(a: Square, b: Square) -> bool {
    let dc = a.column().abs_diff(b.column());
    let dr = a.row().abs_diff(b.row());
    if dc + dr == 1 {
        let pair = format!("{}-{}", name(a), name(b));
        return !["B6-B7", "B7-B6", "D6-D7", "D7-D6"].contains(&pair.as_str());
    }
    dc == 1 && dr == 1 && (is_camp(a) || is_camp(b))
}

fn railway(a: Square, b: Square) -> bool {
    connected(a, b)
        && a.column().abs_diff(b.column()) + a.row().abs_diff(b.row()) == 1
        && is_rail(a)
        && is_rail(b)
}

/// §1: the straight railway lines, as ordered lists of squares.
fn lines() -> Vec<Vec<Square>> {
    let mut lines: Vec<Vec<Square>> = [2u8, 6, 7, 11]
        .iter()
        .map(|&r| "ABCDE".chars().map(|c| at(c, r)).collect())
        .collect();
    lines.push((2..=11).map(|r| at('A', r)).collect());
    lines.push((2..=11).map(|r| at('E', r)).collect());
    lines.push(vec![at('C', 6), at('C', 7)]);
    lines
}

/// §5, written as the table reads.
fn may_attack(attacker: Piece, target: Piece, target_mines_left: usize) -> bool {
    use Kind::*;
    if target.kind == Flag {
        return target_mines_left == 0;
    }
    if target.kind == Bomb || attacker.kind == Bomb {
        return true;
    }
    if target.kind == Landmine {
        return attacker.kind == Engineer;
    }
    let rank = |k: Kind| 9 - Kind::ALL.iter().position(|x| *x == k).expect("kind") as i32;
    rank(attacker.kind) >= rank(target.kind)
}

/// Squares a revealed piece could reach before attack rules: steps, slides, engineer paths.
fn reachable(board: &Board, from: Square, kind: Kind) -> BTreeSet<Square> {
    let squares: Vec<Square> = Square::all().collect();
    let mut targets: BTreeSet<Square> = squares
        .iter()
        .copied()
        .filter(|&to| connected(from, to))
        .collect();
    for line in lines() {
        let Some(i) = line.iter().position(|s| *s == from) else {
            continue;
        };
        for step in [-1i32, 1] {
            let mut j = i as i32 + step;
            while j >= 0 && (j as usize) < line.len() {
                let to = line[j as usize];
                targets.insert(to);
                if board.cell(to) != Cell::Empty {
                    break;
                }
                j += step;
            }
        }
    }
    if kind == Kind::Engineer && is_rail(from) {
        let mut seen = BTreeSet::from([from]);
        let mut queue = VecDeque::from([from]);
        while let Some(square) = queue.pop_front() {
            for &next in &squares {
                if railway(square, next) && seen.insert(next) {
                    targets.insert(next);
                    if board.cell(next) == Cell::Empty {
                        queue.push_back(next);
                    }
                }
            }
        }
    }
    targets.remove(&from);
    targets
}

/// Every legal action of `colour`, written as strings.
pub fn legal_actions(board: &Board, colour: Colour, hq_locks: bool) -> BTreeSet<String> {
    let mines_left = |c: Colour| {
        Square::all()
            .filter(|s| board.piece(*s) == Some(Piece::new(c, Kind::Landmine)))
            .count()
    };
    let mut out = BTreeSet::new();
    for from in Square::all() {
        let piece = match board.cell(from) {
            Cell::FaceDown(_) => {
                out.insert(format!("flip {}", name(from)));
                continue;
            }
            Cell::Revealed(piece) if piece.colour == colour => piece,
            _ => continue,
        };
        let headquarters = ["B1", "D1", "B12", "D12"].contains(&name(from).as_str());
        if matches!(piece.kind, Kind::Landmine | Kind::Flag) || (hq_locks && headquarters) {
            continue;
        }
        for to in reachable(board, from, piece.kind) {
            let legal = match board.cell(to) {
                Cell::Empty => true,
                Cell::FaceDown(_) => false,
                Cell::Revealed(target) => {
                    target.colour != colour
                        && !is_camp(to)
                        && may_attack(piece, target, mines_left(target.colour))
                }
            };
            if legal {
                out.insert(format!("move {} {}", name(from), name(to)));
            }
        }
    }
    out
}
