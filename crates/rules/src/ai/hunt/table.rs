//! One chase solved: for every placement of the prey and its one or two hunters on the squares
//! the other pieces leave free, and either side to act, whether the hunters take the prey (or
//! leave its side without a move) by force, and in how many plies. Solved backwards from the
//! placements where that has happened, level by level, so each win comes with its shortest
//! forced length and the prey's longest resistance.

use crate::game::attack::{AttackResult, resolve};
use crate::game::geometry::{CAMPS, reach};
use crate::game::{Action, Board, Cell, Kind, Piece, Square, SquareSet};

/// Plies to the end of the chase, for a placement that is not a forced win.
const UNSOLVED: u8 = u8::MAX;
/// A prey to act that can escape from its placement (its count never reaches zero).
const ESCAPES: u8 = u8::MAX;

/// A placement: the prey's square and the hunters' (one or two), and whose turn it is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Placement {
    pub prey: Square,
    pub hunters: [Square; 2],
    pub prey_to_act: bool,
}

/// A solved chase: for each placement, the plies to the end of the chase when the hunters win
/// it by force, else `UNSOLVED`.
pub(super) struct Table {
    prey_engineer: bool,
    members: Vec<Member>,
    rest: SquareSet,
    prey_passes: bool,
    plies: Vec<u8>,
}

/// One piece of the hunting team, and what it and the prey can do to each other.
#[derive(Clone, Copy, Debug)]
pub(super) struct Member {
    /// It turns along the railways.
    pub engineer: bool,
    /// It removes the prey by attacking it (a helper only blocks the way).
    pub takes: bool,
    /// What the prey's attack on it does.
    pub attacked: Attacked,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Attacked {
    Refused,
    /// Both removed: the prey's side is out of movers, unless it `passes`.
    Traded,
    /// The prey takes it and gets away.
    Escape,
}

impl Member {
    /// `kind` on the side against `prey`, the mines read off `board`.
    pub fn new(board: &Board, prey: Piece, kind: Kind, prey_passes: bool) -> Member {
        let member = Piece::new(prey.colour.other(), kind);
        let attacked = match resolve(prey, member, board.mines_left(member.colour)) {
            Err(_) => Attacked::Refused,
            Ok(AttackResult::BothRemoved) if !prey_passes => Attacked::Traded,
            Ok(_) => Attacked::Escape,
        };
        Member {
            engineer: kind == Kind::Engineer,
            takes: resolve(member, prey, board.mines_left(prey.colour)).is_ok(),
            attacked,
        }
    }
}

impl Table {
    fn len(hunters: usize) -> usize {
        60 * 60 * if hunters == 2 { 60 } else { 1 } * 2
    }

    fn index(&self, at: Placement) -> usize {
        let mut index = at.prey.index() * 60 + at.hunters[0].index();
        if self.members.len() == 2 {
            index = index * 60 + at.hunters[1].index();
        }
        index * 2 + usize::from(at.prey_to_act)
    }

    fn occupied(&self, at: Placement) -> SquareSet {
        let mut occupied = self.rest;
        occupied.insert(at.prey);
        for square in &at.hunters[..self.members.len()] {
            occupied.insert(*square);
        }
        occupied
    }

    fn plies(&self, at: Placement) -> u8 {
        self.plies[self.index(at)]
    }

    /// Every placement of the chasing pieces on the squares the rest leaves free, hunter to act.
    fn placements(&self) -> Vec<Placement> {
        let free: Vec<Square> = (SquareSet::ALL - self.rest).into_iter().collect();
        let mut all = Vec::new();
        for &prey in &free {
            for &first in &free {
                if first == prey {
                    continue;
                }
                if self.members.len() == 1 {
                    all.push(Placement {
                        prey,
                        hunters: [first; 2],
                        prey_to_act: false,
                    });
                    continue;
                }
                for &second in &free {
                    if second != prey && second != first {
                        all.push(Placement {
                            prey,
                            hunters: [first, second],
                            prey_to_act: false,
                        });
                    }
                }
            }
        }
        all
    }

    /// Solves the chase of `prey` by `hunters` (one or two kinds) around the pieces of `rest`:
    /// forced wins found backwards from the placements where the prey is taken or stuck, each
    /// with the plies to the end when the hunters hurry and the prey holds out. With
    /// `prey_passes` the prey's side may play another piece instead at every turn.
    pub fn solve(rest: &Board, prey: Piece, hunters: &[Kind], prey_passes: bool) -> Table {
        let mut table = Table {
            prey_engineer: prey.kind == Kind::Engineer,
            members: hunters
                .iter()
                .map(|kind| Member::new(rest, prey, *kind, prey_passes))
                .collect(),
            rest: rest.occupied(),
            prey_passes,
            plies: vec![UNSOLVED; Table::len(hunters.len())],
        };
        let escapes = escapes(rest, prey);
        let mut counts = vec![0u8; table.plies.len()];
        let mut levels: Vec<Vec<Placement>> = vec![Vec::new(); 3];
        for at in table.placements() {
            let occupied = table.occupied(at);
            if table.taker(at, occupied).is_some() {
                table.mark(at, 1, &mut levels);
            }
            let prey_at = Placement {
                prey_to_act: true,
                ..at
            };
            let reach = reach(occupied, at.prey, table.prey_engineer);
            let exposed = |wanted: Attacked| {
                (table.members.iter().zip(at.hunters)).any(|(member, square)| {
                    member.attacked == wanted && reach.contains(square) && !CAMPS.contains(square)
                })
            };
            if reach.intersects(escapes) || exposed(Attacked::Escape) {
                counts[table.index(prey_at)] = ESCAPES;
                continue;
            }
            let moves = (reach - occupied).len() as u8 + u8::from(table.prey_passes);
            if moves > 0 {
                counts[table.index(prey_at)] = moves;
                continue;
            }
            // Stuck, or left only with trading itself off: either way its side runs out of moves.
            let plies = if exposed(Attacked::Traded) { 2 } else { 0 };
            table.mark(prey_at, plies, &mut levels);
        }
        table.retrograde(levels, counts);
        table
    }

    fn mark(&mut self, at: Placement, plies: u8, levels: &mut Vec<Vec<Placement>>) {
        let index = self.index(at);
        if self.plies[index] != UNSOLVED {
            return;
        }
        self.plies[index] = plies;
        let level = usize::from(plies);
        if levels.len() <= level {
            levels.resize(level + 1, Vec::new());
        }
        levels[level].push(at);
    }

    /// The square of a hunter that, to act, can take the prey where it stands (never in a
    /// camp).
    fn taker(&self, at: Placement, occupied: SquareSet) -> Option<Square> {
        if CAMPS.contains(at.prey) {
            return None;
        }
        (self.members.iter().zip(at.hunters))
            .find(|(member, square)| {
                member.takes && reach(occupied, *square, member.engineer).contains(at.prey)
            })
            .map(|(_, square)| square)
    }

    /// Widens the wins level by level: a hunter to act wins if one move reaches a won
    /// placement; a prey to act is lost once every one of its moves is.
    fn retrograde(&mut self, mut levels: Vec<Vec<Placement>>, mut counts: Vec<u8>) {
        let mut ply = 0;
        while ply < levels.len() && ply + 1 < usize::from(UNSOLVED) {
            let current = std::mem::take(&mut levels[ply]);
            let earlier_plies = (ply + 1) as u8;
            for at in current {
                let occupied = self.occupied(at);
                if at.prey_to_act {
                    for slot in 0..self.members.len() {
                        let engineer = self.members[slot].engineer;
                        for before in reach(occupied, at.hunters[slot], engineer) - occupied {
                            let mut earlier = Placement {
                                prey_to_act: false,
                                ..at
                            };
                            earlier.hunters[slot] = before;
                            self.mark(earlier, earlier_plies, &mut levels);
                        }
                    }
                    continue;
                }
                let moved_in = reach(occupied, at.prey, self.prey_engineer) - occupied;
                let passed = Placement {
                    prey_to_act: true,
                    ..at
                };
                let stayed = Some(passed).filter(|_| self.prey_passes);
                for earlier in moved_in
                    .into_iter()
                    .map(|before| Placement {
                        prey: before,
                        ..passed
                    })
                    .chain(stayed)
                {
                    let index = self.index(earlier);
                    if self.plies[index] != UNSOLVED || counts[index] == ESCAPES {
                        continue;
                    }
                    counts[index] -= 1;
                    if counts[index] == 0 {
                        self.mark(earlier, earlier_plies, &mut levels);
                    }
                }
            }
            ply += 1;
        }
    }

    /// The quickest winning move from `here` (hunters to act) that does not lose by repetition,
    /// with the plies the game then lasts.
    pub fn best_move(
        &self,
        here: Placement,
        would_repeat: &dyn Fn(Action) -> bool,
    ) -> Option<(Action, u8)> {
        if self.plies(here) == UNSOLVED {
            return None;
        }
        let occupied = self.occupied(here);
        if let Some(from) = self.taker(here, occupied) {
            let to = here.prey;
            return Some((Action::Move { from, to }, 1));
        }
        let mut best: Option<(Action, u8)> = None;
        for (slot, member) in self.members.iter().enumerate() {
            let from = here.hunters[slot];
            for to in reach(occupied, from, member.engineer) - occupied {
                let mut next = Placement {
                    prey_to_act: true,
                    ..here
                };
                next.hunters[slot] = to;
                let plies = self.plies(next);
                let action = Action::Move { from, to };
                if plies != UNSOLVED
                    && best.is_none_or(|(_, fewest)| plies + 1 < fewest)
                    && !would_repeat(action)
                {
                    best = Some((action, plies + 1));
                }
            }
        }
        best
    }
}

/// The squares of `rest` the prey could attack and survive, or at least take a piece with:
/// each such attack leaves the chase, so the model counts it as an escape.
fn escapes(rest: &Board, prey: Piece) -> SquareSet {
    let mut escapes = SquareSet::EMPTY;
    for square in rest.occupied() - CAMPS {
        if let Cell::Revealed(target) = rest.cell(square)
            && target.colour != prey.colour
            && resolve(prey, target, rest.mines_left(target.colour)).is_ok()
        {
            escapes.insert(square);
        }
    }
    escapes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Colour;

    /// What each kind of team member and a black general do to each other (docs/rules.md §5).
    #[test]
    fn members_take_trade_or_feed_the_prey() {
        use Attacked::*;
        let prey = Piece::new(Colour::Black, Kind::General);
        let rest = Board::empty();
        let cases = [
            (Kind::Marshal, false, true, Refused),
            (Kind::General, false, true, Traded),
            (Kind::General, true, true, Escape),
            (Kind::Bomb, false, true, Traded),
            (Kind::Brigadier, false, false, Escape),
            (Kind::Engineer, false, false, Escape),
        ];
        for (kind, passes, takes, attacked) in cases {
            let member = Member::new(&rest, prey, kind, passes);
            assert_eq!(
                (member.takes, member.attacked),
                (takes, attacked),
                "{kind:?}"
            );
            assert_eq!(member.engineer, kind == Kind::Engineer);
        }
    }
}
