//! The link between the two pieces of a battle the viewer knew neither of (a spectator's, in
//! 暗棋): after "both removed" they were of equal rank (or one a bomb, or a mine met by a
//! non-engineer), after "attacker wins" the attacker beat the target, and so on. Judging each
//! piece on its own keeps only what each can be; a [`Pair`] keeps which kinds go together,
//! read off the game's own attack table ([`resolve_under`]), and [`settle`] narrows a set of
//! pieces until every kind left to either piece of a pair has a partner that gives the verdict.
//!
//! Every battle removes one of its pieces for good, so the pairs form a forest: once settled,
//! any kind left to a piece can be completed into a deal that honours every pair (counts
//! aside), which is what lets the deal give kinds one piece at a time.

use rand::Rng;

use super::{Belief, Kinds, pick_weighted};
use crate::game::attack::{AttackRules, resolve_under};
use crate::game::deal::below;
use crate::game::{AttackResult, Colour, Kind, Piece};

/// A battle between two tracked pieces whose kinds were both uncertain: their tokens and the
/// referee's verdict.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Pair {
    pub attacker: usize,
    pub target: usize,
    pub result: AttackResult,
}

/// One attack table read both ways: for each verdict and kind, the kinds of the other piece
/// that give it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Verdicts {
    /// By verdict, then attacker kind: the targets.
    targets: [[Kinds; 12]; 3],
    /// By verdict, then target kind: the attackers.
    attackers: [[Kinds; 12]; 3],
}

fn slot(result: AttackResult) -> usize {
    match result {
        AttackResult::AttackerWins => 0,
        AttackResult::BothRemoved => 1,
        AttackResult::TargetHolds => 2,
    }
}

impl Verdicts {
    /// No kinds give any verdict: the table of a deal with no pairs, which never reads it.
    pub const NONE: Verdicts = Verdicts {
        targets: [[Kinds::NONE; 12]; 3],
        attackers: [[Kinds::NONE; 12]; 3],
    };

    pub fn of(rules: AttackRules) -> Verdicts {
        let mut verdicts = Verdicts::NONE;
        for attacker in Kind::ALL {
            for target in Kind::ALL {
                // The colours only tell the two armies apart; every attack of the standard
                // games is judged, and the flag's mines do not count there.
                let judged = resolve_under(
                    rules,
                    Piece::new(Colour::Red, attacker),
                    Piece::new(Colour::Black, target),
                    1,
                )
                .unwrap_or(AttackResult::BothRemoved);
                let slot = slot(judged);
                let targets = &mut verdicts.targets[slot][attacker.index()];
                *targets = targets.with(target);
                let attackers = &mut verdicts.attackers[slot][target.index()];
                *attackers = attackers.with(attacker);
            }
        }
        verdicts
    }

    /// The kinds a target can be that give `result` against some kind in `attackers`.
    fn targets_against(&self, result: AttackResult, attackers: Kinds) -> Kinds {
        let row = &self.targets[slot(result)];
        attackers
            .iter()
            .fold(Kinds::NONE, |kinds, kind| kinds.or(row[kind.index()]))
    }

    /// The kinds an attacker can be that give `result` against some kind in `targets`.
    fn attackers_against(&self, result: AttackResult, targets: Kinds) -> Kinds {
        let row = &self.attackers[slot(result)];
        targets
            .iter()
            .fold(Kinds::NONE, |kinds, kind| kinds.or(row[kind.index()]))
    }
}

/// Narrows `kinds` (by token) until every kind left to either piece of each pair gives the
/// pair's verdict against some kind left to the other. `false` when some piece is left with
/// nothing: the pairs cannot all hold, and `kinds` is then partly narrowed.
pub(super) fn settle(pairs: &[Pair], verdicts: &Verdicts, kinds: &mut [Kinds]) -> bool {
    let mut changed = true;
    while changed {
        changed = false;
        for pair in pairs {
            let (attackers, targets) = (kinds[pair.attacker], kinds[pair.target]);
            let targets_left = targets.and(verdicts.targets_against(pair.result, attackers));
            let attackers_left =
                attackers.and(verdicts.attackers_against(pair.result, targets_left));
            if targets_left.is_empty() || attackers_left.is_empty() {
                return false;
            }
            changed |= targets_left != targets || attackers_left != attackers;
            kinds[pair.target] = targets_left;
            kinds[pair.attacker] = attackers_left;
        }
    }
    true
}

impl Belief {
    /// [`Belief::deal`] with the two pieces of each battle the viewer knew neither of dealt
    /// together: a piece is only given a kind its pairs can still be completed around, and each
    /// kind given narrows the rest of its pairs. `None` when the pairs cannot all hold (a view
    /// that contradicts itself): they are then left out.
    pub(super) fn deal_pairs(&self, rng: &mut impl Rng) -> Option<Vec<Kind>> {
        // Pairs make a complete deal rarer: they get more tries before the counts give way.
        const TRIES: usize = 200;
        let mut start: Vec<Kinds> = self.tokens.iter().map(|token| token.kinds).collect();
        let verdicts = Verdicts::of(self.options.attack_rules());
        if !settle(&self.pairs, &verdicts, &mut start) {
            return None;
        }
        let mut possible = start.clone();
        let mut done = vec![false; self.tokens.len()];
        let mut order: Vec<usize> = (0..self.tokens.len()).collect();
        for attempt in 0..=TRIES {
            for i in (1..order.len()).rev() {
                order.swap(i, below(rng, i as u32 + 1) as usize);
            }
            // Fewest possibilities first, a paired piece before an unpaired one.
            order.sort_by_key(|&token| (start[token].len(), !self.paired(token)));
            let mut left: [[u8; 12]; 2] = [Kind::ALL.map(Kind::count); 2];
            let mut dealt = vec![Kind::Lieutenant; self.tokens.len()];
            possible.copy_from_slice(&start);
            done.fill(false);
            let strict = attempt < TRIES;
            let mut complete = true;
            for &token in &order {
                let colour = self.tokens[token].colour;
                let paired = self.paired(token);
                let weight = |kind: Kind| {
                    let count = u32::from(left[colour.index()][kind.index()]);
                    // A paired piece is only given a kind its pairs can still be completed
                    // around, with the kinds left in the pool.
                    let fits = || self.fits(&possible, &done, token, kind, count == 1, &verdicts);
                    match (possible[token].contains(kind), strict) {
                        (false, _) => 0,
                        (true, true) if paired && count > 0 && !fits() => 0,
                        (true, true) => count,
                        (true, false) => count.max(1),
                    }
                };
                let Some(kind) = pick_weighted(rng, Kind::ALL.map(weight)) else {
                    complete = false;
                    break;
                };
                let count = &mut left[colour.index()][kind.index()];
                *count = count.saturating_sub(1);
                dealt[token] = kind;
                done[token] = true;
                let last = strict && *count == 0;
                let given = self.give(&mut possible, &done, token, kind, last);
                let narrowed = paired || last;
                // When the counts have given way, so may a pair whose partners ran out.
                if (!given || narrowed && !settle(&self.pairs, &verdicts, &mut possible)) && strict
                {
                    complete = false;
                    break;
                }
            }
            if complete {
                return Some(dealt);
            }
        }
        None
    }

    /// Whether `token` was one of the pieces of a battle the viewer knew neither of.
    fn paired(&self, token: usize) -> bool {
        self.pairs
            .iter()
            .any(|pair| pair.attacker == token || pair.target == token)
    }

    /// Whether the deal can give `token` `kind` (the `last` of its kind) and still complete
    /// every pair.
    fn fits(
        &self,
        possible: &[Kinds],
        done: &[bool],
        token: usize,
        kind: Kind,
        last: bool,
        verdicts: &Verdicts,
    ) -> bool {
        let mut trial = possible.to_vec();
        self.give(&mut trial, done, token, kind, last) && settle(&self.pairs, verdicts, &mut trial)
    }

    /// Pins `token` to `kind` in a deal's `possible` kinds; when it takes the `last` of its
    /// kind, no undealt piece of its colour can be that kind any more. `false` when that leaves
    /// an undealt piece nothing.
    fn give(
        &self,
        possible: &mut [Kinds],
        done: &[bool],
        token: usize,
        kind: Kind,
        last: bool,
    ) -> bool {
        possible[token] = Kinds::only(kind);
        if !last {
            return true;
        }
        let colour = self.tokens[token].colour;
        let mut fine = true;
        for other in self.tokens_of(colour) {
            if other != token && !done[other] {
                possible[other] = possible[other].without(kind);
                fine &= !possible[other].is_empty();
            }
        }
        fine
    }
}
