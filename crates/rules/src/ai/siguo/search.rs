//! The 四国 search: the two teams as the two sides of a zero-sum game (they win and lose
//! together), alpha-beta over boards dealt from the seat's [`SiguoBelief`] where every piece is
//! known. Each ply is one seat's action; a seat's ally moves for the same side, and a ply whose
//! seat is out passes straight to the next seat in, which may be of the same team. Each
//! candidate's scores are summed over the dealt boards one depth at a time, as in the standard
//! games' search.

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use super::SiguoSettings;
use super::belief::SiguoBelief;
use super::eval::evaluate;
use crate::ai::killers::{BoardScores, Killers, order_moves};
use crate::ai::level::Limit;
use crate::ai::piece_value;
use crate::ai::standard::noisy_best;
use crate::game::{AttackResult, Kind};
use crate::siguo::geometry::HEADQUARTERS;
use crate::siguo::{SiguoAction, SiguoOutcome, SiguoPosition, Team, attack_result};

const INFINITY: i32 = 1_000_000;
const WIN: i32 = 100_000;
/// A board's score in the sums over boards is capped, so that one dealt board where a flag
/// falls does not outweigh the others.
const SCORES: BoardScores = BoardScores {
    win: WIN,
    cap: 6_000,
    decay: 200,
};
/// A root candidate scoring this far below the best so far is only bounded, not scored.
const ROOT_MARGIN: i32 = 300;

/// What a choice looked at.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SiguoReport {
    pub action: SiguoAction,
    /// Deepest depth completed on every board (0 when only one action was legal).
    pub depth: u8,
    pub nodes: u64,
    pub boards: u32,
    /// The chosen action's average capped score for the seat's team.
    pub score: i32,
}

pub(crate) fn choose(
    belief: &SiguoBelief,
    settings: &SiguoSettings,
    seed: u64,
    limit: Limit,
) -> Option<SiguoReport> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Which actions are legal depends only on our pieces and which posts are occupied: every
    // dealt board gives the same list.
    let first = belief.sample(&mut rng);
    if first.turn != belief.me() {
        return None;
    }
    let candidates = first.legal_actions();
    match candidates.as_slice() {
        [] => return None,
        [only] => {
            return Some(SiguoReport {
                action: *only,
                depth: 0,
                nodes: 0,
                boards: 0,
                score: 0,
            });
        }
        _ => {}
    }
    let count = settings.boards.max(1);
    let mut boards = vec![first];
    boards.extend((1..count).map(|_| belief.sample(&mut rng)));
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
    best.map(|(score, index)| SiguoReport {
        action: candidates[index],
        depth,
        nodes: searcher.nodes,
        boards: count,
        score,
    })
}

struct Searcher {
    nodes: u64,
    limit: Limit,
    /// False while the first iteration runs: every board is searched at least one ply deep.
    may_stop: bool,
    stopped: bool,
    quiescence: u8,
    /// Per ply, the last two plain moves that cut the search off there (`None`: not used).
    killers: Killers<SiguoAction>,
}

impl Searcher {
    /// Each candidate's score summed over the boards at the deepest depth completed on every
    /// board, and that depth.
    fn deepen(
        &mut self,
        boards: &[SiguoPosition],
        candidates: &[SiguoAction],
        max_depth: u8,
    ) -> (Vec<i32>, u8) {
        let mut completed = vec![0; candidates.len()];
        let mut reached = 0;
        let mut order: Vec<usize> = (0..candidates.len()).collect();
        'deepen: for depth in 1..=max_depth.max(1) {
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

    fn search_root(
        &mut self,
        position: &SiguoPosition,
        candidates: &[SiguoAction],
        order: &[usize],
        depth: u8,
    ) -> Vec<i32> {
        let mut scores = vec![-INFINITY; candidates.len()];
        let mut alpha = -INFINITY;
        for &index in order {
            let floor = alpha.saturating_sub(ROOT_MARGIN).max(-INFINITY);
            let score = self.child(position, candidates[index], depth, 1, (floor, INFINITY));
            if self.stopped {
                break;
            }
            scores[index] = score;
            alpha = alpha.max(score);
        }
        scores
    }

    /// The score for the team of the seat acting on `position` of playing `action` and
    /// searching `depth - 1` plies on, within the window (alpha, beta).
    fn child(
        &mut self,
        position: &SiguoPosition,
        action: SiguoAction,
        depth: u8,
        ply: i32,
        (alpha, beta): (i32, i32),
    ) -> i32 {
        let team = position.turn.team();
        let mut child = position.clone();
        let (_, outcome) = child.play_unchecked(action);
        if let Some(outcome) = outcome {
            return terminal(outcome, team, ply);
        }
        if child.turn.team() == team {
            self.negamax(&child, depth - 1, ply + 1, alpha, beta)
        } else {
            -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha)
        }
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

    /// The score of `position` for the team of its seat to act.
    fn negamax(
        &mut self,
        position: &SiguoPosition,
        depth: u8,
        ply: i32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut alpha = alpha;
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
            let score = self.child(position, action, depth, ply, (alpha, beta));
            if self.stopped {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                if position.piece(action.to).is_none() {
                    self.killers.remember(ply, action);
                }
                break;
            }
        }
        best
    }

    /// Attacks that do not lose material only, standing pat on the evaluation.
    fn quiesce(
        &mut self,
        position: &SiguoPosition,
        ply: i32,
        alpha: i32,
        beta: i32,
        plies_left: u8,
    ) -> i32 {
        let team = position.turn.team();
        let stand = evaluate(position, team);
        if stand >= beta || plies_left == 0 {
            return stand;
        }
        let mut alpha = alpha.max(stand);
        let mut attacks: Vec<(i32, SiguoAction)> = position
            .legal_actions()
            .into_iter()
            .filter(|action| position.piece(action.to).is_some())
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
                Some(outcome) => terminal(outcome, team, ply + 1),
                None if child.turn.team() == team => {
                    self.quiesce(&child, ply + 1, alpha, beta, plies_left - 1)
                }
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

/// What `action` wins on a dealt board by the attack table: the target's value if removed,
/// less the attacker's if that is removed; a plain move wins nothing, a flag the seat.
fn gain(position: &SiguoPosition, action: SiguoAction) -> i32 {
    let (Some(attacker), Some(target)) = (position.piece(action.from), position.piece(action.to))
    else {
        return 0;
    };
    if target.kind == Kind::Flag {
        return 5_000;
    }
    let attacker_value = piece_value(attacker.kind, 1);
    let target_value = piece_value(target.kind, 1);
    match attack_result(attacker.kind, target.kind, HEADQUARTERS.contains(action.to)) {
        AttackResult::AttackerWins => target_value,
        AttackResult::TargetHolds => -attacker_value,
        AttackResult::BothRemoved => target_value - attacker_value,
    }
}

fn terminal(outcome: SiguoOutcome, team: Team, ply: i32) -> i32 {
    match outcome {
        SiguoOutcome::Win(winner) if winner == team => WIN - ply,
        SiguoOutcome::Win(_) => -(WIN - ply),
        SiguoOutcome::Draw(_) => 0,
    }
}
