//! The search: iterative deepening over the root actions. A root flip is a chance node over
//! the face-down pool (each distinct piece weighted by how many of it are face down); a root
//! move is followed by an alpha-beta search of the replies in which a flip is modelled as a
//! pass (nobody can know what a deeper flip would show), ending in a capture-only quiescence
//! search and the static evaluation. Every level but easy plays with the drive to win (draws
//! scored as the loss of most of a lead, and the evaluation's press on the quiet and length
//! draws) and plays the repetition rule out for both sides from the lists the view shows, so
//! that it sees a side short of moves run into it; the master level also refines the search
//! (history move ordering, root flips narrowed after the first iteration, partial iterations
//! kept).

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use super::determinise::{below, determinise, place_face_down, pool};
use super::eval::{Clock, Drive, Paths, evaluate, lead, piece_value};
use super::history::History;
use super::hunt;
use super::level::{Hunt, Limit, SearchSettings};
use super::repetition::{Recent, repeats, repetition_lists, unless_repeating};
use crate::game::draw_by_counters;
use crate::game::geometry::NEIGHBOURS;
use crate::game::{
    Action, Board, Cell, Colour, Kind, Outcome, Piece, Position, PublicView, Square,
};

/// A won game, less the plies it takes (faster wins score higher).
const WIN: i32 = 1_000_000;
const INFINITY: i32 = WIN + 1;
/// How much the AI dislikes a draw: it plays to win.
const CONTEMPT: i32 = 100;
/// Quarters of a material lead a pressing level loses in a drawn game.
const DRAW_LEAD_SHARE: i32 = 3;
/// Captures the quiescence search follows after the full-width plies.
const QUIESCENCE_PLIES: u8 = 4;

/// What the search decided and how much it looked at.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SearchReport {
    pub action: Action,
    /// Deepest fully searched depth (0: chosen without searching).
    pub depth: u8,
    pub nodes: u64,
    /// The chosen action's score for the AI, in evaluation units.
    pub score: i32,
}

pub(crate) fn choose(
    view: &PublicView,
    settings: &SearchSettings,
    seed: u64,
    limit: Limit,
    would_repeat: &dyn Fn(Action) -> bool,
) -> Option<SearchReport> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let board = determinise(view, &mut rng);
    let Some(me) = view.turn_colour() else {
        return choose_flip_before_colours(&board, &mut rng, would_repeat);
    };
    let position = Position {
        board,
        turn: me,
        quiet: view.quiet,
        plies: view.plies,
        rules: view.rules,
    };
    let mut legal = Vec::new();
    position.legal_actions_into(&mut legal);
    let candidates = unless_repeating(legal, would_repeat);
    let instant = |action| SearchReport {
        action,
        depth: 0,
        nodes: 0,
        score: 0,
    };
    match candidates.as_slice() {
        [] => return None,
        [only] => return Some(instant(*only)),
        _ => {}
    }
    if let Some(win) = candidates
        .iter()
        .find(|action| takes_flag(&position.board, **action))
    {
        return Some(instant(*win));
    }
    if settings.hunt != Hunt::Never
        && let Some(chase) = hunt::hunting_move(&position, would_repeat)
        && settings.hunt.plays(chase.safe)
    {
        return Some(instant(chase.action));
    }
    let noise: Vec<i32> = candidates
        .iter()
        .map(|_| {
            let spread = settings.noise;
            below(&mut rng, (2 * spread + 1) as usize) as i32 - spread
        })
        .collect();
    let mut search = Searcher::new(me, limit, settings);
    if settings.repetition {
        search.recent = repetition_lists(view);
    }
    search.root(&position, view, &candidates, &noise, settings.max_depth)
}

/// True when `action` attacks a revealed flag (legal only once its mines are gone).
fn takes_flag(board: &Board, action: Action) -> bool {
    let Action::Move { to, .. } = action else {
        return false;
    };
    matches!(board.cell(to), Cell::Revealed(piece) if piece.kind == Kind::Flag)
}

/// Before colours are decided only flips are legal and nobody knows which side they will play:
/// flip where the fewest revealed pieces stand next to the square, so that whatever appears is
/// least likely to be caught at once.
fn choose_flip_before_colours(
    board: &Board,
    rng: &mut ChaCha8Rng,
    would_repeat: &dyn Fn(Action) -> bool,
) -> Option<SearchReport> {
    let revealed = board.occupied() & !board.face_down();
    let exposure = |square: Square| (NEIGHBOURS[square.index()] & revealed).len() as u32;
    let all: Vec<Square> = board.face_down().into_iter().collect();
    let safe: Vec<Square> = all
        .iter()
        .copied()
        .filter(|square| !would_repeat(Action::Flip(*square)))
        .collect();
    let squares = if safe.is_empty() { all } else { safe };
    let least = squares.iter().copied().map(exposure).min()?;
    let best: Vec<Square> = squares
        .into_iter()
        .filter(|square| exposure(*square) == least)
        .collect();
    let square = best[below(rng, best.len())];
    Some(SearchReport {
        action: Action::Flip(square),
        depth: 0,
        nodes: 0,
        score: 0,
    })
}

struct Searcher {
    me: Colour,
    limit: Limit,
    nodes: u64,
    aborted: bool,
    /// Move lists, one per ply, reused to avoid allocating in the search.
    buffers: Vec<Vec<Action>>,
    paths: Paths,
    /// The drive to win (every level's but easy's): a pressing evaluation, and a draw scored as
    /// the loss of most of a lead.
    drive: Drive,
    /// Quiet moves ordered by the history of cut-offs.
    ordered: bool,
    /// The master's refinements: root flips narrowed to the most promising after the first
    /// iteration, and a deeper iteration's partial result kept when it already searched the
    /// previous best.
    master: bool,
    history: History,
    /// The repetition rule (docs/rules.md §6.6) in the search: both colours' lists, by colour
    /// index, as the path from the root leaves them (`None`: a flip, which never repeats).
    repetition: bool,
    recent: [Recent; 2],
}

/// How many root flips the master keeps searching after the first iteration (the rest scored
/// worst there); every root move is always searched.
const MASTER_ROOT_FLIPS: usize = 6;

impl Searcher {
    fn new(me: Colour, limit: Limit, settings: &SearchSettings) -> Searcher {
        Searcher {
            me,
            limit,
            nodes: 0,
            aborted: false,
            buffers: Vec::new(),
            paths: Paths::empty(),
            drive: settings.drive,
            ordered: settings.history,
            master: settings.refines,
            history: History::new(),
            repetition: settings.repetition,
            recent: [Vec::new(), Vec::new()],
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        if self.nodes >= self.limit.max_nodes {
            self.aborted = true;
        } else if let Some(deadline) = self.limit.deadline.filter(|_| self.nodes & 31 == 0) {
            self.aborted = Instant::now() >= deadline;
        }
        self.aborted
    }

    /// Iterative deepening over the candidates; the last fully searched depth decides.
    fn root(
        &mut self,
        position: &Position,
        view: &PublicView,
        candidates: &[Action],
        noise: &[i32],
        max_depth: u8,
    ) -> Option<SearchReport> {
        let outcomes = chance_outcomes(view);
        self.paths = Paths::new(&position.board);
        let mut decided: Option<(usize, i32, u8)> = None;
        let mut order: Vec<usize> = (0..candidates.len()).collect();
        for depth in 1..=max_depth {
            let mut scores = vec![-INFINITY; candidates.len()];
            let mut best_total = -INFINITY;
            let mut best: Option<usize> = None;
            for &index in &order {
                let action = candidates[index];
                let floor = match best {
                    Some(_) => best_total - noise_span(noise) - 1,
                    None => -INFINITY,
                };
                let score = self.root_action(position, action, &outcomes, depth, floor);
                if self.aborted {
                    break;
                }
                scores[index] = score;
                if score + noise[index] > best_total {
                    best_total = score + noise[index];
                    best = Some(index);
                }
            }
            if self.aborted {
                // A partial first iteration still beats choosing blind. The master also trusts
                // a partial deeper one that searched the previous best (it goes first): any
                // action that then scored higher is better at this depth too.
                let previous_done = order
                    .first()
                    .is_some_and(|first| scores[*first] > -INFINITY);
                if decided.is_none() || (self.master && previous_done) {
                    decided = best.map(|index| (index, scores[index], depth - 1));
                }
                break;
            }
            if let Some(index) = best {
                decided = Some((index, scores[index], depth));
            }
            order.sort_by_key(|index| std::cmp::Reverse(scores[*index]));
            if self.master && depth == 1 {
                let mut flips = 0;
                order.retain(|index| match candidates[*index] {
                    Action::Flip(_) => {
                        flips += 1;
                        flips <= MASTER_ROOT_FLIPS
                    }
                    Action::Move { .. } => true,
                });
            }
            if best_total.abs() >= WIN - 100 {
                break; // a forced result: looking deeper changes nothing
            }
        }
        let (index, score, depth) = decided.unwrap_or((0, 0, 0));
        Some(SearchReport {
            action: candidates[index],
            depth,
            nodes: self.nodes,
            score,
        })
    }

    /// The value for the AI of playing `action` at the root, searched `depth` plies deep.
    fn root_action(
        &mut self,
        position: &Position,
        action: Action,
        outcomes: &[(Piece, u32)],
        depth: u8,
        floor: i32,
    ) -> i32 {
        match action {
            Action::Flip(square) => {
                let total: u32 = outcomes.iter().map(|(_, count)| count).sum();
                let mut sum: i64 = 0;
                for &(piece, count) in outcomes {
                    let mut child = position.clone();
                    if !place_face_down(&mut child.board, square, piece) {
                        continue;
                    }
                    let value = self.after(&mut child, action, depth, -INFINITY, INFINITY, 1);
                    if self.aborted {
                        return 0;
                    }
                    sum += i64::from(value) * i64::from(count);
                }
                (sum / i64::from(total.max(1))) as i32
            }
            Action::Move { .. } => {
                let mut child = position.clone();
                self.after(&mut child, action, depth, floor, INFINITY, 1)
            }
        }
    }

    /// Plays `action` on `child` (whose side to act is the mover) and returns its value for
    /// the mover, searched `depth - 1` further plies.
    fn after(
        &mut self,
        child: &mut Position,
        action: Action,
        depth: u8,
        alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        let mover = child.turn;
        let key = match action {
            Action::Move { from, to } if self.repetition => {
                Some(child.board.piece(from).map(|piece| (piece, from, to)))
            }
            Action::Flip(_) if self.repetition => Some(None),
            _ => None,
        };
        let (effect, end) = child.play_unchecked(action);
        if let Some(outcome) = end {
            return self.terminal(outcome, mover, ply, &child.board);
        }
        let Some(key) = key else {
            return -self.negamax(child, depth - 1, -beta, -alpha, ply);
        };
        let list = mover.index();
        if effect.is_attack() {
            // An attack empties the attacker's list.
            let saved = std::mem::take(&mut self.recent[list]);
            let value = -self.negamax(child, depth - 1, -beta, -alpha, ply);
            self.recent[list] = saved;
            return value;
        }
        self.recent[list].push(key);
        let value = if repeats(&self.recent[list]) {
            -(WIN - ply)
        } else {
            -self.negamax(child, depth - 1, -beta, -alpha, ply)
        };
        self.recent[list].pop();
        value
    }

    /// The value of a finished game for `perspective`. A pressing level also counts a draw as
    /// the loss of most of a material lead (and as a gift to the side behind), so that it spends
    /// material to keep a won game from running into the quiet or the length rule.
    fn terminal(
        &self,
        outcome: Outcome<Colour>,
        perspective: Colour,
        ply: i32,
        board: &Board,
    ) -> i32 {
        let contempt = if perspective == self.me {
            -CONTEMPT
        } else {
            CONTEMPT
        };
        match outcome.winner() {
            Some(winner) if winner == perspective => WIN - ply,
            Some(_) => -(WIN - ply),
            None if self.drive.draw_costs_lead => {
                contempt - lead(board, perspective) * DRAW_LEAD_SHARE / 4
            }
            None => contempt,
        }
    }

    fn take_buffer(&mut self) -> Vec<Action> {
        let mut buffer = self.buffers.pop().unwrap_or_default();
        buffer.clear();
        buffer
    }

    fn negamax(
        &mut self,
        position: &Position,
        depth: u8,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        if depth == 0 {
            return self.quiescence(position, alpha, beta, ply, QUIESCENCE_PLIES);
        }
        let side = position.turn;
        let mut best = -INFINITY;
        if !position.board.face_down().is_empty() {
            // Flipping is always possible here; its outcome is unknown to both sides, so it
            // counts as a pass.
            let mut passed = position.clone();
            passed.turn = side.other();
            passed.plies = passed.plies.saturating_add(1);
            passed.quiet = passed.quiet.saturating_add(1);
            if self.repetition {
                self.recent[side.index()].push(None);
            }
            best = match draw_by_counters::<Colour>(passed.quiet, passed.plies, &position.rules) {
                Some(outcome) => self.terminal(outcome, side, ply + 1, &position.board),
                None => -self.negamax(&passed, depth - 1, -beta, -alpha, ply + 1),
            };
            if self.repetition {
                self.recent[side.index()].pop();
            }
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        let mut moves = self.take_buffer();
        position.legal_actions_into(&mut moves);
        let flips = position.board.face_down().len();
        let moves_only = &mut moves[flips..];
        if self.ordered {
            self.history.order(&position.board, moves_only);
        } else {
            order_moves(&position.board, moves_only);
        }
        for &action in &moves[flips..] {
            let mut child = position.clone();
            let value = self.after(&mut child, action, depth, alpha, beta, ply + 1);
            if self.aborted {
                break;
            }
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        if self.ordered {
                            self.history.cut(&position.board, action, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.buffers.push(moves);
        if best == -INFINITY {
            // No flip and no move: the side to act has lost (docs/rules.md §6.2).
            return -(WIN - ply);
        }
        best
    }

    fn quiescence(
        &mut self,
        position: &Position,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        left: u8,
    ) -> i32 {
        let side = position.turn;
        let clock = Clock {
            quiet: position.quiet,
            plies: position.plies,
            quiet_limit: position.rules.quiet_limit,
            ply_limit: position.rules.ply_limit,
        };
        let stand = evaluate(&position.board, side, clock, self.drive, &self.paths);
        if stand >= beta || left == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut captures = self.take_buffer();
        for from in position.board.revealed(side) {
            let attacks = position
                .board
                .destinations(side, from, position.rules)
                .attacks;
            captures.extend(attacks.into_iter().map(|to| Action::Move { from, to }));
        }
        order_moves(&position.board, &mut captures);
        for &action in captures.iter() {
            if self.out_of_budget() {
                break;
            }
            let mut child = position.clone();
            let (_, end) = child.play_unchecked(action);
            let value = match end {
                Some(outcome) => self.terminal(outcome, side, ply + 1, &child.board),
                None => -self.quiescence(&child, -beta, -alpha, ply + 1, left - 1),
            };
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers.push(captures);
        best
    }
}

/// The widest gap the root noise can open between two actions.
fn noise_span(noise: &[i32]) -> i32 {
    let high = noise.iter().copied().max().unwrap_or(0);
    let low = noise.iter().copied().min().unwrap_or(0);
    high - low
}

/// Each distinct face-down piece with how many of it are face down.
fn chance_outcomes(view: &PublicView) -> Vec<(Piece, u32)> {
    let mut outcomes: Vec<(Piece, u32)> = Vec::new();
    for piece in pool(view) {
        match outcomes.last_mut() {
            Some((last, count)) if *last == piece => *count += 1,
            _ => outcomes.push((piece, 1)),
        }
    }
    outcomes
}

/// Attacks first, the most valuable victim first and the cheapest attacker among equals.
pub(super) fn order_moves(board: &Board, moves: &mut [Action]) {
    moves.sort_by_cached_key(|action| {
        let Action::Move { from, to } = *action else {
            return 0;
        };
        match (board.piece(to), board.piece(from)) {
            (Some(victim), Some(attacker)) => {
                -(piece_value(victim.kind, 3) * 16 - piece_value(attacker.kind, 3) / 16)
            }
            _ => 1,
        }
    });
}
