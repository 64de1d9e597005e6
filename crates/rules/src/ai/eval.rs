//! The static evaluation: how good a position is for one colour, in units where a lieutenant
//! is worth 150. It reads only what is public: revealed pieces, and how many pieces of each
//! kind are still on the board (face down or not), never which face-down square holds what.

use std::sync::OnceLock;

use crate::game::attack::{AttackResult, resolve};
use crate::game::geometry::{CAMPS, reach};
use crate::game::{Board, Cell, Colour, Kind, Piece, Square, SquareSet};

/// Material value of one piece of each kind, by `Kind::index`. Engineers get more while the
/// enemy still has mines (they are the only pieces that dig them); the flag is priceless, and
/// its loss is scored by the search as a lost game.
const VALUE: [i32; 12] = [1000, 800, 600, 450, 350, 270, 200, 150, 150, 450, 150, 0];
const ENGINEER_MINE_BONUS: i32 = 100;
/// The last engineer is the key to the enemy flag while enemy mines remain.
const LAST_ENGINEER_BONUS: i32 = 120;
/// Penalties for a flag whose mines are all gone, and more when it is also revealed.
const FLAG_UNGUARDED: i32 = 200;
const FLAG_EXPOSED: i32 = 400;

/// The value of a piece of `kind` whose enemy still has `enemy_mines` landmines.
pub fn piece_value(kind: Kind, enemy_mines: u8) -> i32 {
    match kind {
        Kind::Engineer if enemy_mines > 0 => VALUE[kind.index()] + ENGINEER_MINE_BONUS,
        _ => VALUE[kind.index()],
    }
}

/// What `attacker` gains by attacking a revealed `target` (the target's value, less the
/// attacker's when both are removed; taking an open flag is worth the game), or `None` when the
/// rules' attack table (docs/rules.md §5) refuses the attack.
pub fn attack_gain(attacker: Kind, target: Kind, target_mines: u8) -> Option<i32> {
    // The table reads only the kinds; the colours just make the two pieces enemies.
    let attacker_piece = Piece::new(Colour::Red, attacker);
    let result = resolve(
        attacker_piece,
        Piece::new(Colour::Black, target),
        target_mines,
    )
    .ok()?;
    let target_value = piece_value(target, 3);
    Some(match (target, result) {
        (Kind::Flag, _) => 10_000,
        (_, AttackResult::AttackerWins) => target_value,
        (_, AttackResult::BothRemoved) => target_value - piece_value(attacker, target_mines),
        // The flip table refuses what would lose the attacker; the standard one costs it.
        (_, AttackResult::TargetHolds) => -piece_value(attacker, target_mines),
    })
}

/// Move distances ignoring occupancy: `[piece][from][to]`, piece 0 for every mover but the
/// engineer (steps and straight slides), 1 for the engineer (any railway path is one move).
fn distances() -> &'static [[[u8; 60]; 60]; 2] {
    static TABLE: OnceLock<Box<[[[u8; 60]; 60]; 2]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        distance_table(|at, engineer| {
            reach(SquareSet::EMPTY, Square::from_index_unchecked(at), engineer)
                .into_iter()
                .map(Square::index)
        })
    })
}

/// Move counts between the `N` places of an empty board, `[engineer][from][to]`, found
/// breadth-first from each place over `reach(place, engineer)` (the places one move away):
/// both boards' (this one's and 四国's) distance tables.
pub(crate) fn distance_table<const N: usize, I: IntoIterator<Item = usize>>(
    reach: impl Fn(usize, bool) -> I,
) -> Box<[[[u8; N]; N]; 2]> {
    let mut table = Box::new([[[u8::MAX; N]; N]; 2]);
    for (engineer, rows) in table.iter_mut().enumerate() {
        for (from, row) in rows.iter_mut().enumerate() {
            row[from] = 0;
            let mut frontier = vec![from];
            let mut distance = 0;
            while !frontier.is_empty() {
                distance += 1;
                let mut next = Vec::new();
                for at in frontier {
                    for to in reach(at, engineer == 1) {
                        if row[to] == u8::MAX {
                            row[to] = distance;
                            next.push(to);
                        }
                    }
                }
                frontier = next;
            }
        }
    }
    table
}

pub fn distance(kind: Kind, from: Square, to: Square) -> u8 {
    distances()[usize::from(kind == Kind::Engineer)][from.index()][to.index()]
}

/// The side's material: every piece of it still on the board, face down or not.
fn material(board: &Board, side: Colour) -> i32 {
    let enemy_mines = board.mines_left(side.other());
    let mut total = 0;
    for kind in Kind::ALL {
        let count = board.count_on_board(Piece::new(side, kind)) as i32;
        total += count * piece_value(kind, enemy_mines);
    }
    let engineers = board.count_on_board(Piece::new(side, Kind::Engineer));
    if engineers == 1 && enemy_mines > 0 {
        total += LAST_ENGINEER_BONUS;
    }
    if board.mines_left(side) == 0 {
        total -= FLAG_UNGUARDED;
        let flag = Piece::new(side, Kind::Flag);
        if board
            .revealed(side)
            .into_iter()
            .any(|s| board.cell(s) == Cell::Revealed(flag))
        {
            total -= FLAG_EXPOSED;
        }
    }
    total
}

/// How far `side` is ahead in material (negative: behind).
pub fn lead(board: &Board, side: Colour) -> i32 {
    material(board, side) - material(board, side.other())
}

/// What taking the enemy `target` is worth for pressure purposes: a mine is worth much more
/// when it is the last one guarding the flag.
fn target_bonus(target: Kind, enemy_mines: u8) -> i32 {
    match target {
        Kind::Landmine if enemy_mines == 1 => FLAG_UNGUARDED + FLAG_EXPOSED,
        Kind::Landmine => FLAG_UNGUARDED / 2,
        _ => 0,
    }
}

/// Pressure: for each revealed piece of `side` that can move, the best enemy revealed target
/// it could profitably attack, weighted by how close it is. Draws the pieces towards fights
/// the search is too shallow to see and keeps the game from dying of the quiet rule. A side
/// that is ahead also counts even trades: they bring a won game closer. When `hunt` (the
/// levels that press), a piece sheltering in a camp is a target too, one move further away:
/// it must come out to move, and a hunter waiting beside the camp catches it then.
fn pressure(board: &Board, side: Colour, ahead: bool, hunt: bool, paths: &Paths) -> i32 {
    let enemy = side.other();
    let enemy_mines = board.mines_left(enemy);
    let in_reach = if hunt {
        board.revealed(enemy)
    } else {
        board.revealed(enemy) - CAMPS
    };
    let targets: Vec<(Square, Kind)> = in_reach
        .into_iter()
        .filter_map(|square| match board.cell(square) {
            Cell::Revealed(piece) => Some((square, piece.kind)),
            _ => None,
        })
        .collect();
    if targets.is_empty() {
        return 0;
    }
    let mut total = 0;
    for (from, piece) in board.movers(side) {
        let mut best = 0;
        for &(to, target) in &targets {
            let Some(mut gain) = attack_gain(piece.kind, target, enemy_mines) else {
                continue;
            };
            if gain == 0 && ahead {
                gain = piece_value(target, 3) / 2;
            }
            // The pressing levels count what opening the flag is worth before deciding
            // whether an attack pays: it sends a bomb at the last mine, which costs more than
            // the mine but not than the flag it opens.
            let opening = target_bonus(target, enemy_mines);
            let pays = if hunt { gain + opening } else { gain };
            if pays <= 0 {
                continue;
            }
            gain += opening;
            let camped = i32::from(CAMPS.contains(to));
            let steps = (paths.distance(piece.kind, from, to) as i32 + camped).min(8);
            best = best.max(gain.min(1500) * (9 - steps) / 72);
        }
        total += best;
    }
    total
}

/// Cornering, for a `side` that is ahead once nothing is face down (so nobody can pass by
/// flipping): each enemy piece that can move gains it a little for every safe exit it lacks, an
/// exit being an empty square next in the piece's reach that no piece of `side` able to take
/// it reaches too, or a camp. A chase too long for the search ends in a corner this way, and
/// a side left without moves loses.
fn cornering(board: &Board, side: Colour) -> i32 {
    let hunters: Vec<(Kind, SquareSet)> = board
        .movers(side)
        .map(|(from, piece)| (piece.kind, board.reach(from, piece.kind)))
        .collect();
    let mut total = 0;
    for (from, prey) in board.movers(side.other()) {
        let mut danger = SquareSet::EMPTY;
        for (kind, reach) in &hunters {
            if attack_gain(*kind, prey.kind, 3).is_some() {
                danger |= *reach;
            }
        }
        let exits = board.reach(from, prey.kind) - board.occupied();
        let safe = (exits - danger) | (exits & CAMPS);
        let lacking = CORNER_EXITS - (safe.len() as i32).min(CORNER_EXITS);
        total += lacking * piece_value(prey.kind, 3).min(600) / CORNER_DIVISOR;
    }
    total
}

/// Safe exits beyond which a piece counts as free, and the share of its value each missing
/// exit is worth to its hunter.
const CORNER_EXITS: i32 = 4;
const CORNER_DIVISOR: i32 = 24;

/// The position's counters the evaluation reads besides the board: actions since the last
/// attack, actions so far, and the limits at which they draw (docs/rules.md §6, 3–4).
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    pub quiet: u16,
    pub plies: u16,
    pub quiet_limit: u16,
    pub ply_limit: u16,
}

impl Clock {
    /// How close the nearer of the two draws is, in actions of the last 80 (0: far, 80: now).
    fn closeness(self) -> i32 {
        let quiet = i32::from(self.quiet) * 80 / i32::from(self.quiet_limit.max(1));
        let window = i32::from(self.ply_limit.min(LENGTH_WINDOW));
        let plies_left = i32::from(self.ply_limit.saturating_sub(self.plies));
        let length = (window - plies_left).max(0) * 80 / window.max(1);
        quiet.max(length).clamp(0, 80)
    }
}

/// The last actions before the length limit over which the length draw counts as close.
const LENGTH_WINDOW: u16 = 120;

/// Share (in 1/160ths of the lead at 80 actions of closeness) of a material lead that a draw
/// coming closer takes away when the evaluation presses: at the quiet limit a lead is worth
/// a quarter, so the side ahead gains by resetting the counter with an attack, and the side behind
/// gains nothing by it. Progress beats shuffling.
const PRESS_SHARE: i32 = 120;

/// How many times faster the pull towards fights grows as a draw nears, for the levels that
/// press (3 left a third of the hard level's games against itself drawn; 6 about a quarter).
const PRESS_URGENCY: i32 = 6;

/// How many times stronger the pull towards fights is once nothing is face down.
const ENDGAME_PULL: i32 = 3;

/// Which parts of the drive to win an evaluation uses (none: the plain evaluation).
#[derive(Clone, Copy, Debug, Default)]
pub struct Drive {
    /// A lead shrinks as a draw nears (by the nearer of the quiet and the length draw).
    pub shrink: bool,
    /// The pull towards fights grows `PRESS_URGENCY` times faster as a draw nears.
    pub urgent: bool,
    /// Pieces resting in camps are targets too.
    pub hunt: bool,
    /// Once nothing is face down the side ahead corners the enemy's pieces.
    pub corner: bool,
    /// A drawn game scores as the loss of most of a material lead (search.rs).
    pub draw_costs_lead: bool,
}

impl Drive {
    pub const NONE: Drive = Drive {
        shrink: false,
        urgent: false,
        hunt: false,
        corner: false,
        draw_costs_lead: false,
    };
    pub const ALL: Drive = Drive {
        shrink: true,
        urgent: true,
        hunt: true,
        corner: true,
        draw_costs_lead: true,
    };
}

/// The position's value for `side`, who is to act. With the drive (every level but easy) a
/// lead is worth less the closer a draw by the quiet or the length rule is, and the pull
/// towards fights grows as either limit nears.
pub fn evaluate(board: &Board, side: Colour, clock: Clock, drive: Drive, paths: &Paths) -> i32 {
    let own = material(board, side);
    let enemy = material(board, side.other());
    let difference = own - enemy;
    // A lead counts for more as the board empties, so the side ahead welcomes even trades.
    let left = (own + enemy).max(0);
    let mut material = difference + difference * 4000 / (left + 2000);
    // The closer the quiet-draw limit, the harder both sides are pushed towards fights.
    let closeness = if drive.shrink || drive.urgent {
        clock.closeness()
    } else {
        i32::from(clock.quiet.min(80))
    };
    if drive.shrink {
        material -= material * PRESS_SHARE * closeness / (160 * 80);
    }
    // A pressing level's pull grows faster: near a draw a distant fight is its only way to win.
    let urgency = 40 + closeness * if drive.urgent { PRESS_URGENCY } else { 1 };
    let mut pull = pressure(board, side, difference > 0, drive.hunt, paths)
        - pressure(board, side.other(), difference < 0, drive.hunt, paths);
    if drive.corner && board.face_down().is_empty() {
        // With nothing left to flip, every action is a move: the fights pressure points to are
        // the only way to a result, and the shallow levels otherwise shuffle into a draw.
        pull *= ENDGAME_PULL;
        if difference > 0 {
            pull += cornering(board, side);
        } else if difference < 0 {
            pull -= cornering(board, side.other());
        }
    }
    material + pull * urgency / 40
}

/// Move distances to each revealed piece over the board as it stood at the root of the
/// search, around the pieces in the way; pieces that moved during the search fall back to
/// the empty-board distance.
pub struct Paths {
    /// For each square, the index of its distance fields, or `u8::MAX`.
    index: [u8; 60],
    /// `[non-engineer, engineer][from]`: moves from `from` to reach (attack) the square.
    fields: Vec<[[u8; 60]; 2]>,
}

impl Paths {
    pub fn empty() -> Paths {
        Paths {
            index: [u8::MAX; 60],
            fields: Vec::new(),
        }
    }

    pub fn new(board: &Board) -> Paths {
        let mut paths = Paths::empty();
        for target in board.occupied() - board.face_down() {
            let field = [Kind::Lieutenant, Kind::Engineer].map(|kind| field(board, target, kind));
            paths.index[target.index()] = paths.fields.len() as u8;
            paths.fields.push(field);
        }
        paths
    }

    pub fn distance(&self, kind: Kind, from: Square, to: Square) -> u8 {
        let fallback = distance(kind, from, to);
        match self.index[to.index()] {
            u8::MAX => fallback,
            index => {
                let field = &self.fields[index as usize][usize::from(kind == Kind::Engineer)];
                field[from.index()].min(fallback.saturating_add(3))
            }
        }
    }
}

/// Shortest paths outwards from `target` (moves are symmetric, so this gives the moves a piece
/// of `kind` on each square needs to reach `target`). Paths may run through the hunters' own
/// pieces that can get out of the way, at one extra move for a revealed piece and two for a
/// face-down one, so a piece boxed in by its friends still knows where it should go.
fn field(board: &Board, target: Square, kind: Kind) -> [u8; 60] {
    let Some(target_colour) = board.piece(target).map(|piece| piece.colour) else {
        return [u8::MAX; 60];
    };
    let extra = |square: Square| -> Option<u8> {
        match board.cell(square) {
            Cell::Empty => Some(0),
            Cell::FaceDown(_) => Some(2),
            Cell::Revealed(piece) if piece.colour != target_colour && piece.kind.is_movable() => {
                Some(1)
            }
            Cell::Revealed(_) => None,
        }
    };
    let mut field = [u8::MAX; 60];
    let mut done = SquareSet::EMPTY;
    field[target.index()] = 0;
    // Dijkstra over 60 squares: always expand the nearest square not yet expanded.
    while let Some(at) = Square::all()
        .filter(|square| !done.contains(*square) && field[square.index()] != u8::MAX)
        .min_by_key(|square| field[square.index()])
    {
        done.insert(at);
        let leave = if at == target {
            0
        } else {
            match extra(at) {
                Some(extra) => extra,
                None => continue,
            }
        };
        let base = field[at.index()].saturating_add(leave);
        for next in board.reach(at, kind) - done {
            let steps = base.saturating_add(1);
            if steps < field[next.index()] {
                field[next.index()] = steps;
            }
        }
    }
    field
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(quiet: u16, plies: u16) -> Clock {
        Clock {
            quiet,
            plies,
            quiet_limit: 80,
            ply_limit: 300,
        }
    }

    /// One row per row of docs/rules.md §5: what each allowed attack gains, `None` if refused.
    #[test]
    fn attack_gains_follow_the_attack_table() {
        use Kind::*;
        let value = |kind| piece_value(kind, 3);
        let cases = [
            (Marshal, Bomb, 3, Some(value(Bomb) - value(Marshal))),
            (Bomb, Captain, 3, Some(value(Captain) - value(Bomb))),
            (Engineer, Landmine, 2, Some(value(Landmine))),
            (Colonel, Landmine, 1, None),
            (Lieutenant, Flag, 1, None),
            (Lieutenant, Flag, 0, Some(10_000)),
            (Bomb, Flag, 0, Some(10_000)),
            (General, Major, 3, Some(value(Major))),
            (Major, Major, 3, Some(0)),
            (Major, General, 3, None),
        ];
        for (attacker, target, mines, gain) in cases {
            assert_eq!(
                attack_gain(attacker, target, mines),
                gain,
                "{attacker:?} → {target:?}"
            );
        }
    }

    #[test]
    fn pressing_makes_a_lead_shrink_as_a_draw_nears() {
        let mut board = Board::empty();
        let at = |name: &str| name.parse::<Square>().expect("a square");
        board.set(
            at("A1"),
            Cell::Revealed(Piece::new(Colour::Red, Kind::Marshal)),
        );
        board.set(
            at("E9"),
            Cell::Revealed(Piece::new(Colour::Black, Kind::Captain)),
        );
        let paths = Paths::new(&board);
        let red = |clock| evaluate(&board, Colour::Red, clock, Drive::ALL, &paths);
        let black = |clock| evaluate(&board, Colour::Black, clock, Drive::ALL, &paths);
        assert!(red(clock(0, 100)) > red(clock(70, 100)));
        assert!(red(clock(0, 100)) > red(clock(0, 290)));
        assert!(black(clock(0, 100)) < black(clock(70, 100)));
        // Without pressing the counters only weigh the pull towards fights.
        let plain = |quiet| evaluate(&board, Colour::Red, clock(quiet, 100), Drive::NONE, &paths);
        assert!(plain(70) > red(clock(70, 100)));
    }
}
