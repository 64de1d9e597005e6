//! The endgame hunt: once nothing is face down, whether two of our pieces can run an enemy
//! piece down however it runs (two that can take it, or one with a helper that bars its way),
//! and the quickest way to do so. When it is the enemy's last piece that can move, taking it
//! wins the game (a side without a legal action loses, docs/rules.md §6.2); otherwise it wins
//! the piece. Such chases run along the railways and around the camps for 10 to 20 actions,
//! far past what the search sees, and without them the side ahead shuffles into the quiet or
//! the length draw.
//!
//! Each chase is a retrograde analysis over every placement of the prey and its team, every
//! other piece standing where it is (table.rs), solved once per such configuration and kept
//! for the next moves: a chase keeps its configuration, so the moves after the first cost a
//! lookup. Against a last mover the analysis is exact for the game: the team only ever has
//! fewer options than in the game, and every piece the prey could take counts as its escape.
//! Against a piece whose side has other movers, that side may pass at every turn instead (it
//! plays one of them), so a chase is only found against a piece in the open, which must be
//! caught before it reaches a camp; only hunters the prey cannot attack take part, and whatever
//! the other movers do is looked at again on the next move. Repetition (§6.6) is the caller's
//! filter: a move that would lose by it is never chosen.

use std::sync::{Arc, Mutex, PoisonError};

mod table;
#[cfg(test)]
mod tests;

use super::eval::attack_gain;
use crate::game::geometry::CAMPS;
use crate::game::{Action, Board, Cell, Kind, Piece, Position, Square};
use table::{Attacked, Member, Placement, Table};

/// Actions kept in hand under the quiet and length limits: the caller's repetition filter may
/// make the chase a little longer than the table says.
const MARGIN: u16 = 6;
/// Solved configurations kept (about 0.4 MB each): a game in its endgame needs a few at a time.
const CACHED: usize = 16;

/// What a configuration is: the board without the chasing pieces, and who chases whom.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    rest: Board,
    prey: Piece,
    hunters: Vec<Kind>,
    /// The prey's side has other movers to play instead of the prey.
    prey_passes: bool,
}

/// A chase found by the hunt: its first move and the plies it takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Chase {
    pub action: Action,
    pub plies: u8,
    /// Nothing is risked meanwhile: the prey is the enemy's last mover, or no enemy attack
    /// gains anything after the move. The tables see the prey alone, so an unsafe chase may
    /// leave a piece to the enemy's other movers; whether to play it is the level's choice
    /// (`level::Hunt`).
    pub safe: bool,
}

/// The hunting move for the side to act in `position`, when an enemy piece can be run down
/// before the quiet or the length draw: the quickest safe chase, or else the quickest of all.
/// `would_repeat` filters moves that would lose by repetition.
pub(crate) fn hunting_move(
    position: &Position,
    would_repeat: &dyn Fn(Action) -> bool,
) -> Option<Chase> {
    let board = &position.board;
    if !board.face_down().is_empty() || position.rules.hq_locks {
        return None;
    }
    let me = position.turn;
    let enemy_movers: Vec<(Square, Piece)> = board.movers(me.other()).collect();
    let alone = enemy_movers.len() == 1;
    let room = position
        .rules
        .quiet_limit
        .saturating_sub(position.quiet)
        .min(position.rules.ply_limit.saturating_sub(position.plies));
    let mut chases: Vec<(Action, u8)> = Vec::new();
    for &(prey_square, prey) in &enemy_movers {
        // With another mover to play instead, a piece in a camp can wait there for ever.
        if !alone && CAMPS.contains(prey_square) {
            continue;
        }
        let (takers, helpers): (Vec<_>, Vec<_>) = board
            .movers(me)
            .partition(|(_, hunter)| can_hunt(board, *hunter, prey, alone));
        for team in teams(takers, if alone { helpers } else { Vec::new() }) {
            let chased = chase(board, prey_square, prey, &team, !alone, would_repeat);
            chases.extend(chased.filter(|(_, plies)| u16::from(*plies) + MARGIN <= room));
        }
    }
    chases.sort_by_key(|(_, plies)| *plies);
    let chase = |(action, plies): (Action, u8), safe| Chase {
        action,
        plies,
        safe,
    };
    let safe = chases
        .iter()
        .find(|(action, _)| alone || leaves_nothing_hanging(position, *action));
    match safe {
        Some(found) => Some(chase(*found, true)),
        None => chases.first().map(|found| chase(*found, false)),
    }
}

/// Whether, after `action`, no enemy attack gains anything: a chase looks at the prey alone,
/// and must not leave a piece, a mine or the flag to the enemy's other movers meanwhile.
fn leaves_nothing_hanging(position: &Position, action: Action) -> bool {
    let mut after = position.clone();
    if after.play_unchecked(action).1.is_some() {
        return true;
    }
    let board = &after.board;
    board.movers(after.turn).all(|(from, attacker)| {
        let attacks = board.destinations(after.turn, from, after.rules).attacks;
        attacks.into_iter().all(|to| {
            board.piece(to).is_none_or(|target| {
                let mines = board.mines_left(target.colour);
                attack_gain(attacker.kind, target.kind, mines).is_none_or(|gain| gain <= 0)
            })
        })
    })
}

/// Whether `hunter` removes `prey` by attacking it, and survives or trades if the prey attacks.
/// When the prey is not `alone`, a trade is no win, so only a hunter the prey cannot attack.
fn can_hunt(board: &Board, hunter: Piece, prey: Piece, alone: bool) -> bool {
    let member = Member::new(board, prey, hunter.kind, !alone);
    member.takes && member.attacked != Attacked::Escape
}

/// The teams tried: every pair of the three strongest takers, and each of the two strongest
/// with each of two helpers (engineers first: they block a railway from afar), or the one
/// taker alone. A helper cannot take the prey, only bar its way, and must stay out of its
/// reach; a lone taker with a helper often corners what it could never catch alone.
fn teams(mut takers: Vec<(Square, Piece)>, mut helpers: Vec<(Square, Piece)>) -> Vec<Team> {
    // Kinds are indexed from the marshal down, the bomb after the engineer.
    takers.sort_by_key(|(square, piece)| (piece.kind.index(), *square));
    takers.truncate(3);
    helpers.sort_by_key(|(square, piece)| (piece.kind != Kind::Engineer, piece.kind, *square));
    helpers.truncate(2);
    let mut teams = Vec::new();
    for (index, first) in takers.iter().enumerate() {
        for second in &takers[index + 1..] {
            teams.push(vec![*first, *second]);
        }
    }
    for taker in takers.iter().take(2) {
        for helper in &helpers {
            teams.push(vec![*taker, *helper]);
        }
    }
    if teams.is_empty() {
        teams.extend(takers.first().map(|taker| vec![*taker]));
    }
    teams
}

/// One or two pieces hunting together, with their squares.
type Team = Vec<(Square, Piece)>;

/// The fastest winning move of `team` against the prey, if its placement is a forced win.
fn chase(
    board: &Board,
    prey_square: Square,
    prey: Piece,
    team: &[(Square, Piece)],
    prey_passes: bool,
    would_repeat: &dyn Fn(Action) -> bool,
) -> Option<(Action, u8)> {
    let mut rest = board.clone();
    rest.set(prey_square, Cell::Empty);
    for (square, _) in team {
        rest.set(*square, Cell::Empty);
    }
    let key = Key {
        rest,
        prey,
        hunters: team.iter().map(|(_, piece)| piece.kind).collect(),
        prey_passes,
    };
    let table = solved(key);
    let mut hunters = [team[0].0; 2];
    for (slot, (square, _)) in hunters.iter_mut().zip(team) {
        *slot = *square;
    }
    let here = Placement {
        prey: prey_square,
        hunters,
        prey_to_act: false,
    };
    table.best_move(here, would_repeat)
}

/// Recently solved chases, most recent first, shared by every thread the AI runs on: the
/// service asks for a game's moves from whichever blocking thread is free.
static SOLVED: Mutex<Vec<(Key, Arc<Table>)>> = Mutex::new(Vec::new());

/// The table of `key`, solved now or taken from the recent ones.
fn solved(key: Key) -> Arc<Table> {
    // A panic elsewhere cannot leave the list half-written: every change is one call.
    let recent = || SOLVED.lock().unwrap_or_else(PoisonError::into_inner);
    {
        let mut cache = recent();
        if let Some(at) = cache.iter().position(|(known, _)| *known == key) {
            let entry = cache.remove(at);
            let table = Arc::clone(&entry.1);
            cache.insert(0, entry);
            return table;
        }
    }
    // Solved outside the lock, so that other games' moves do not wait for this one.
    let table = Arc::new(Table::solve(
        &key.rest,
        key.prey,
        &key.hunters,
        key.prey_passes,
    ));
    let mut cache = recent();
    cache.truncate(CACHED - 1);
    cache.insert(0, (key, Arc::clone(&table)));
    table
}
