//! The standard games' search: perfect-information alpha-beta over a board where every piece
//! is known, run on several boards dealt from the seat's [`Belief`] (one in 明棋, where the
//! view is the board), each root move's scores summed over the boards. Iterative deepening
//! per board, a quiescence over the exchanges that do not lose material and a static evaluation of material, flag safety and
//! how near our movers stand to the enemy flag.

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use super::super::eval::{distance, piece_value};
use super::super::killers::{BoardScores, Killers, order_moves};
use super::super::level::Limit;
use super::super::repetition::unless_repeating;
use super::StandardSettings;
use super::belief::Belief;
use crate::game::attack::resolve_under;
use crate::game::deal::below;
use crate::game::{Action, AttackResult, Board, Colour, Kind, Outcome, Rules, Square};
use crate::standard::StandardPosition;

/// A won game, less the plies it takes (faster wins score higher).
const WIN: i32 = 1_000_000;
const INFINITY: i32 = WIN + 1;
/// Each board's scores are capped before they are summed. What each ply until a win (or a
/// loss) takes off its capped score: a dealt board knows where the flag is, so a threat kept
/// looks as sure as a flag taken; in the real game the enemy may not be where the board put
/// it, and may defend meanwhile.
const SCORES: BoardScores = BoardScores {
    win: WIN,
    cap: 3_000,
    decay: 150,
};
/// A root move scoring this far below the best so far is only bounded, not scored exactly.
const ROOT_MARGIN: i32 = 400;
/// A flag with no mine left, and a bonus per move our nearest mover is from the enemy flag,
/// half of it for the second nearest (counted within `APPROACH_RANGE` moves).
const FLAG_UNGUARDED: i32 = 200;
const APPROACH: i32 = 40;
const APPROACH_RANGE: u8 = 10;

/// What the search decided and how much it looked at.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct StandardReport {
    pub action: Action,
    /// Deepest depth completed on every board (0: chosen without searching).
    pub depth: u8,
    pub nodes: u64,
    /// Boards searched (determinisations of the enemy's unknown pieces).
    pub boards: u32,
    /// The chosen move's summed score over the boards.
    pub score: i32,
}

pub(crate) fn choose(
    belief: &Belief,
    rules: Rules,
    settings: &StandardSettings,
    seed: u64,
    limit: Limit,
    would_repeat: &dyn Fn(Action) -> bool,
) -> Option<StandardReport> {
    let view = belief.view();
    // A seat's choice: a spectator's belief values positions (`value`), it does not play.
    let me = belief.me()?;
    if view.turn != me {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let position = |board: Board| StandardPosition {
        board,
        turn: me,
        quiet: view.quiet,
        plies: view.plies,
        options: belief.options(),
        rules,
    };
    // Which moves are legal depends only on our pieces and which posts are occupied: any
    // dealt board gives the same list.
    let first = position(belief.sample(&mut rng));
    let legal = first.legal_actions();
    let candidates = unless_repeating(legal, would_repeat);
    let instant = |action| StandardReport {
        action,
        depth: 0,
        nodes: 0,
        boards: 0,
        score: 0,
    };
    match candidates.as_slice() {
        [] => return None,
        [only] => return Some(instant(*only)),
        _ => {}
    }
    // 明棋's settings deal one board: the view is the board.
    let count = settings.boards.max(1);
    let mut boards = vec![first];
    boards.extend((1..count).map(|_| position(belief.sample(&mut rng))));
    let mut searcher = Searcher {
        nodes: 0,
        limit,
        may_stop: false,
        stopped: false,
        quiescence: settings.quiescence,
        killers: Killers::new(settings.killers),
    };
    let (totals, depth) = searcher.deepen(&boards, &candidates, settings.max_depth);
    let best = noisy_best(&totals, count, settings.noise, &mut rng);
    best.map(|(score, index)| StandardReport {
        action: candidates[index],
        depth,
        nodes: searcher.nodes,
        boards: count,
        score,
    })
}

/// The best candidate by its score summed over `boards` boards, averaged, with a random
/// noise within `spread` added to each: its average noisy score and index (`None`: none).
pub(crate) fn noisy_best(
    totals: &[i32],
    boards: u32,
    spread: i32,
    rng: &mut impl rand::Rng,
) -> Option<(i32, usize)> {
    let mut best: Option<(i32, usize)> = None;
    for (index, total) in totals.iter().enumerate() {
        let noise = below(rng, (2 * spread + 1) as u32) as i32 - spread;
        let score = total / boards as i32 + noise;
        if best.is_none_or(|(top, _)| score > top) {
            best = Some((score, index));
        }
    }
    best
}

/// How much a spectator's value search looked at.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ValueReport {
    /// The side to act's value: each board's best score (capped as in the choice's sums),
    /// averaged over the boards.
    pub score: i32,
    /// Deepest depth completed on every board (at least 1).
    pub depth: u8,
    pub nodes: u64,
}

/// The value for the side to act of a position known only as `belief` (a spectator's or a
/// seat's): `settings.boards` boards dealt from it with `seed`, each searched one depth at a
/// time for its best move, their best scores averaged at the deepest depth done on every
/// board. Each board is valued on its own moves, since which pieces can move depends on the
/// deal when the mover's army is unknown too. `None` once the game is over on the view.
pub(crate) fn value(
    belief: &Belief,
    rules: Rules,
    settings: &StandardSettings,
    seed: u64,
    limit: Limit,
) -> Option<ValueReport> {
    let view = belief.view();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let boards: Vec<StandardPosition> = (0..settings.boards.max(1))
        .map(|_| StandardPosition {
            board: belief.sample(&mut rng),
            turn: view.turn,
            quiet: view.quiet,
            plies: view.plies,
            options: belief.options(),
            rules,
        })
        .collect();
    let mut searcher = Searcher {
        nodes: 0,
        limit,
        may_stop: false,
        stopped: false,
        quiescence: settings.quiescence,
        killers: Killers::new(settings.killers),
    };
    let (score, depth) = searcher.deepen_value(&boards, settings.max_depth)?;
    Some(ValueReport {
        score,
        depth,
        nodes: searcher.nodes,
    })
}

struct Searcher {
    nodes: u64,
    limit: Limit,
    /// False while the first iteration runs: every board is searched at least one ply deep.
    may_stop: bool,
    stopped: bool,
    quiescence: u8,
    /// Hard's and the master's ordering: per ply, the last two plain moves that cut the search off there,
    /// tried right after the winning exchanges (none kept for the other levels).
    killers: Killers<Action>,
}

impl Searcher {
    /// Each candidate's score summed over the boards at the deepest depth completed on every
    /// board, and that depth. Each depth is searched on every board before the next is tried,
    /// so the sums never mix depths (an odd depth flatters the side to move) and a board dealt
    /// last gets as deep as the first.
    fn deepen(
        &mut self,
        boards: &[StandardPosition],
        candidates: &[Action],
        max_depth: u8,
    ) -> (Vec<i32>, u8) {
        let mut completed = vec![0; candidates.len()];
        let mut reached = 0;
        let mut order: Vec<usize> = (0..candidates.len()).collect();
        'deepen: for depth in 1..=max_depth {
            self.may_stop = depth > 1;
            let mut totals = vec![0i32; candidates.len()];
            for board in boards {
                let scores = self.search_root(board, candidates, &order, depth);
                if self.stopped {
                    break 'deepen;
                }
                for (total, score) in totals.iter_mut().zip(scores) {
                    *total += SCORES.capped(score);
                }
            }
            completed = totals;
            reached = depth;
            order.sort_by_key(|index| -completed[*index]);
        }
        (completed, reached)
    }

    /// The average over `boards` of each board's best capped score at the deepest depth
    /// completed on every board, and that depth (a board whose side to act cannot move is
    /// lost). Moves are tried best first from the depth before, per board.
    fn deepen_value(&mut self, boards: &[StandardPosition], max_depth: u8) -> Option<(i32, u8)> {
        let mut moves: Vec<(Vec<Action>, Vec<usize>)> = boards
            .iter()
            .map(|board| {
                let legal = board.legal_actions();
                let order = (0..legal.len()).collect();
                (legal, order)
            })
            .collect();
        let mut completed = None;
        'deepen: for depth in 1..=max_depth.max(1) {
            self.may_stop = depth > 1;
            let mut total = 0i32;
            for (board, (legal, order)) in boards.iter().zip(moves.iter_mut()) {
                if legal.is_empty() {
                    total -= SCORES.cap;
                    continue;
                }
                let scores = self.search_root(board, legal, order, depth);
                if self.stopped {
                    break 'deepen;
                }
                total += SCORES.capped(scores.iter().copied().max().unwrap_or(-INFINITY));
                order.sort_by_key(|index| -scores[*index]);
            }
            completed = Some((total / boards.len().max(1) as i32, depth));
        }
        completed
    }

    /// Each candidate's score on one board at `depth`, the candidates tried in `order` (best
    /// first over all boards so far); one scoring `ROOT_MARGIN` below the best is only bounded.
    fn search_root(
        &mut self,
        position: &StandardPosition,
        candidates: &[Action],
        order: &[usize],
        depth: u8,
    ) -> Vec<i32> {
        let me = position.turn;
        let mut scores = vec![-INFINITY; candidates.len()];
        let mut alpha = -INFINITY;
        for &index in order {
            let mut child = position.clone();
            let (_, outcome) = child.play_unchecked(candidates[index]);
            let floor = alpha.saturating_sub(ROOT_MARGIN).max(-INFINITY);
            let score = match outcome {
                Some(outcome) => terminal(outcome, me, 1),
                None => -self.negamax(&child, depth - 1, 1, -INFINITY, -floor),
            };
            if self.stopped {
                break;
            }
            scores[index] = score;
            alpha = alpha.max(score);
        }
        scores
    }

    fn out_of_budget(&mut self) -> bool {
        if self.may_stop
            && (self.nodes >= self.limit.max_nodes
                || (self.nodes.is_multiple_of(256)
                    && self.limit.deadline.is_some_and(|d| Instant::now() >= d)))
        {
            self.stopped = true;
        }
        self.stopped
    }

    fn negamax(
        &mut self,
        position: &StandardPosition,
        depth: u8,
        ply: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        if depth == 0 {
            return self.quiesce(position, ply, alpha, beta, self.quiescence);
        }
        let mut moves = position.legal_actions();
        order_moves(&mut moves, self.killers.at(ply), |action| {
            gain(position, action)
        });
        let mut best = -INFINITY;
        for action in moves {
            let mut child = position.clone();
            let (_, outcome) = child.play_unchecked(action);
            let score = match outcome {
                Some(outcome) => terminal(outcome, position.turn, ply + 1),
                None => -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha),
            };
            if self.stopped {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                if position.board.piece(action.squares().1).is_none() {
                    self.killers.remember(ply, action);
                }
                break;
            }
        }
        best
    }

    /// Attacks only, standing pat on the evaluation.
    fn quiesce(
        &mut self,
        position: &StandardPosition,
        ply: i32,
        mut alpha: i32,
        beta: i32,
        plies_left: u8,
    ) -> i32 {
        let stand = evaluate(&position.board, position.turn);
        if stand >= beta || plies_left == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        // Only exchanges that do not lose material: a losing attack never improves on
        // standing pat by more than it costs.
        let mut attacks: Vec<(i32, Action)> = position
            .legal_actions()
            .into_iter()
            .filter(|action| position.board.piece(action.squares().1).is_some())
            .map(|action| (gain(position, action), action))
            .filter(|(gain, _)| *gain >= 0)
            .collect();
        attacks.sort_by_key(|(gain, _)| -gain);
        let mut best = stand;
        for (_, action) in attacks {
            self.nodes += 1;
            let mut child = position.clone();
            let (_, outcome) = child.play_unchecked(action);
            let score = match outcome {
                Some(outcome) => terminal(outcome, position.turn, ply + 1),
                None => -self.quiesce(&child, ply + 1, -beta, -alpha, plies_left - 1),
            };
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// What `action` wins on a board where every piece is known, by the attack table: the
/// target's value if it is removed, less the attacker's if that is removed; a plain move
/// wins nothing, and taking the flag wins the game.
fn gain(position: &StandardPosition, action: Action) -> i32 {
    let (from, to) = action.squares();
    let (Some(attacker), Some(target)) = (position.board.piece(from), position.board.piece(to))
    else {
        return 0;
    };
    if target.kind == Kind::Flag {
        return WIN;
    }
    let mines = position.board.mines_left(target.colour);
    let attacker_value = piece_value(attacker.kind, mines);
    let target_value = piece_value(target.kind, position.board.mines_left(attacker.colour));
    match resolve_under(position.options.attack_rules(), attacker, target, mines) {
        Ok(AttackResult::AttackerWins) => target_value,
        Ok(AttackResult::TargetHolds) => -attacker_value,
        Ok(AttackResult::BothRemoved) | Err(_) => target_value - attacker_value,
    }
}

fn terminal(outcome: Outcome<Colour>, side: Colour, ply: i32) -> i32 {
    match outcome {
        Outcome::Win { winner, .. } if winner == side => WIN - ply,
        Outcome::Win { .. } => -(WIN - ply),
        _ => 0,
    }
}

/// How good `board` is for `side`: material (engineers worth more while the enemy has mines),
/// a flag left without mines, and how close our nearest mover stands to the enemy flag.
pub(crate) fn evaluate(board: &Board, side: Colour) -> i32 {
    let mut score = 0;
    let mut flags = [None; 2];
    for square in board.occupied() {
        if let Some(piece) = board.piece(square) {
            let sign = if piece.colour == side { 1 } else { -1 };
            let enemy_mines = board.mines_left(piece.colour.other());
            score += sign * piece_value(piece.kind, enemy_mines);
            if piece.kind == Kind::Flag {
                flags[piece.colour.index()] = Some(square);
            }
        }
    }
    for colour in Colour::BOTH {
        let sign = if colour == side { 1 } else { -1 };
        if board.mines_left(colour) == 0 {
            score -= sign * FLAG_UNGUARDED;
        }
        if let Some(flag) = flags[colour.other().index()] {
            score += sign * approach(board, colour, flag);
        }
    }
    score
}

/// How close `colour`'s two nearest movers are to the enemy flag on `flag`. The second one
/// counts too: when the nearest is blocked or traded off, the attack that follows it is
/// already under way (明棋's hard level otherwise shuffled into the 300-move draw against a
/// random mover, 24 of 200 games).
fn approach(board: &Board, colour: Colour, flag: Square) -> i32 {
    let mut nearest = [APPROACH_RANGE; 2];
    for (square, piece) in board.movers(colour) {
        let moves = distance(piece.kind, square, flag);
        if moves < nearest[0] {
            nearest = [moves, nearest[0]];
        } else if moves < nearest[1] {
            nearest[1] = moves;
        }
    }
    let closeness = |moves: u8| i32::from(APPROACH_RANGE.saturating_sub(moves));
    APPROACH * closeness(nearest[0]) + APPROACH / 2 * closeness(nearest[1])
}
