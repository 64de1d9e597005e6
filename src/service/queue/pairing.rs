//! Quick-match pairing, as a pure function of who waits, since when and with how many points.
//! Among members waiting for the same game and turn clock, the pair with the closest points goes first;
//! two members pair only when their points differ by at most the window, which is
//! `match_window_points` and grows by that much for every `match_window_grow_secs` that the
//! longer-waiting of the two has waited. On equal distance, the pair whose longer-waiting
//! member has waited longest goes first (then the other's wait, then the order they came in).

use crate::GameKind;
use crate::store::UserId;

/// One waiting member, as pairing sees them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Waiting {
    pub user: UserId,
    pub points: i64,
    pub game: GameKind,
    pub turn_secs: u32,
    pub joined_at_ms: u64,
}

impl Waiting {
    /// Which queue they wait in: only members of one queue are paired.
    fn queue(&self) -> (GameKind, u32) {
        (self.game, self.turn_secs)
    }
}

/// The points window and how fast it grows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Window {
    pub points: u32,
    /// The window grows by `points` every this many milliseconds of waiting (at least 1).
    pub grow_ms: u64,
}

impl Window {
    /// The window of a pair whose longer-waiting member has waited `waited_ms`.
    pub fn after(self, waited_ms: u64) -> u64 {
        let steps = waited_ms / self.grow_ms.max(1);
        u64::from(self.points).saturating_mul(steps.saturating_add(1))
    }
}

/// The pairs to start now, as indices into `waiting` (the longer-waiting member first), in
/// the order they were chosen. Nobody is in two pairs.
pub fn pairs(waiting: &[Waiting], now_ms: u64, window: Window) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..waiting.len()).collect();
    order.sort_by_key(|&i| (waiting[i].queue(), waiting[i].points, i));
    let waited = |i: usize| now_ms.saturating_sub(waiting[i].joined_at_ms);
    let widest = order.iter().map(|&i| window.after(waited(i))).max();
    let Some(widest) = widest else {
        return Vec::new();
    };
    // (distance, longer-waiting's join, other's join, longer, other)
    let mut candidates = Vec::new();
    for (at, &a) in order.iter().enumerate() {
        for &b in &order[at + 1..] {
            let (x, y) = (&waiting[a], &waiting[b]);
            if x.queue() != y.queue() {
                break;
            }
            let distance = y.points.abs_diff(x.points);
            if distance > widest {
                break;
            }
            let (longer, other) = if (x.joined_at_ms, a) <= (y.joined_at_ms, b) {
                (a, b)
            } else {
                (b, a)
            };
            if distance <= window.after(waited(longer)) {
                let joins = (waiting[longer].joined_at_ms, waiting[other].joined_at_ms);
                candidates.push((distance, joins.0, joins.1, longer, other));
            }
        }
    }
    candidates.sort_unstable();
    let mut taken = vec![false; waiting.len()];
    let mut chosen = Vec::new();
    for (_, _, _, longer, other) in candidates {
        if !taken[longer] && !taken[other] {
            taken[longer] = true;
            taken[other] = true;
            chosen.push((longer, other));
        }
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    const WINDOW: Window = Window {
        points: 100,
        grow_ms: 30_000,
    };

    fn member(user: UserId, points: i64, joined_at_ms: u64) -> Waiting {
        Waiting {
            user,
            points,
            game: GameKind::Flip,
            turn_secs: 30,
            joined_at_ms,
        }
    }

    /// One row of a pairing table: who waits (user, points, joined at ms), the time now, and
    /// the pairs expected (longer-waiting first).
    type Row = (
        &'static [(UserId, i64, u64)],
        u64,
        &'static [(UserId, UserId)],
    );

    fn paired(waiting: &[Waiting], now_ms: u64) -> Vec<(UserId, UserId)> {
        pairs(waiting, now_ms, WINDOW)
            .into_iter()
            .map(|(a, b)| (waiting[a].user, waiting[b].user))
            .collect()
    }

    #[test]
    fn the_window_grows_by_its_size_every_period() {
        assert_eq!(WINDOW.after(0), 100);
        assert_eq!(WINDOW.after(29_999), 100);
        assert_eq!(WINDOW.after(30_000), 200);
        assert_eq!(WINDOW.after(120_000), 500);
    }

    /// Members on 0 (user 1), 40 (user 2) and 500 (user 3) points, for the same clock.
    #[test]
    fn pairs_by_points_within_a_window_that_grows_with_the_longer_wait() {
        const ZERO: UserId = 1;
        const FORTY: UserId = 2;
        const FIVE_HUNDRED: UserId = 3;
        // (who waits: (user, points, joined at ms), now, the pairs)
        let table: &[Row] = &[
            // All three at once: 0 and 40 are 40 apart, within 100; 500 waits.
            (
                &[(ZERO, 0, 0), (FORTY, 40, 0), (FIVE_HUNDRED, 500, 0)],
                0,
                &[(ZERO, FORTY)],
            ),
            // 0 and 500 alone: 500 apart. A window of 100 + 100 per 30 s reaches 500 only
            // after 120 s of the longer wait.
            (&[(ZERO, 0, 0), (FIVE_HUNDRED, 500, 0)], 0, &[]),
            (&[(ZERO, 0, 0), (FIVE_HUNDRED, 500, 0)], 119_999, &[]),
            (
                &[(ZERO, 0, 0), (FIVE_HUNDRED, 500, 0)],
                120_000,
                &[(ZERO, FIVE_HUNDRED)],
            ),
            // The longer wait counts, whoever has it: 500 came 100 s after 0.
            (
                &[(ZERO, 0, 0), (FIVE_HUNDRED, 500, 100_000)],
                120_000,
                &[(ZERO, FIVE_HUNDRED)],
            ),
            (
                &[(ZERO, 0, 100_000), (FIVE_HUNDRED, 500, 0)],
                120_000,
                &[(FIVE_HUNDRED, ZERO)],
            ),
            // 40 and 500 are 460 apart: a window of 500 (120 s) takes them, 400 (90 s) not.
            (&[(FORTY, 40, 0), (FIVE_HUNDRED, 500, 0)], 90_000, &[]),
            (
                &[(FORTY, 40, 0), (FIVE_HUNDRED, 500, 0)],
                120_000,
                &[(FORTY, FIVE_HUNDRED)],
            ),
            // With the window wide open, the closest still pair first: 0 with 40.
            (
                &[(FIVE_HUNDRED, 500, 0), (ZERO, 0, 0), (FORTY, 40, 0)],
                600_000,
                &[(ZERO, FORTY)],
            ),
            // The longest-waiting goes first on equal distance: 40 is 40 from 0 and from 80.
            (
                &[(ZERO, 0, 5), (FORTY, 40, 10), (4, 80, 1)],
                0,
                &[(4, FORTY)],
            ),
            (
                &[(ZERO, 0, 1), (FORTY, 40, 10), (4, 80, 5)],
                0,
                &[(ZERO, FORTY)],
            ),
            // Exactly at the window's edge pairs; one point beyond does not.
            (&[(ZERO, 0, 0), (5, 100, 0)], 0, &[(ZERO, 5)]),
            (&[(ZERO, 0, 0), (6, 101, 0)], 0, &[]),
            // Nobody, or one alone.
            (&[], 0, &[]),
            (&[(ZERO, 0, 0)], 1_000_000, &[]),
        ];
        for (row, (who, now, expected)) in table.iter().enumerate() {
            let waiting: Vec<Waiting> = who
                .iter()
                .map(|&(user, points, joined)| member(user, points, joined))
                .collect();
            assert_eq!(paired(&waiting, *now), expected.to_vec(), "row {row}");
        }
    }

    #[test]
    fn different_clocks_or_games_never_pair_and_nobody_pairs_twice() {
        let mut other_clock = member(2, 0, 0);
        other_clock.turn_secs = 60;
        assert_eq!(paired(&[member(1, 0, 0), other_clock], 1_000_000), vec![]);
        let mut dark = member(3, 0, 0);
        dark.game = GameKind::Dark;
        assert_eq!(paired(&[member(1, 0, 0), dark], 1_000_000), vec![]);
        // Each queue pairs its own, however the others are mixed in: flip 30 s (1, 4), dark
        // 30 s (3, 6), flip 60 s (2, 5).
        let mut mixed = vec![member(1, 0, 0), other_clock, dark];
        let mut more_dark = member(6, 500, 6);
        more_dark.game = GameKind::Dark;
        let mut more_clock = member(5, 0, 5);
        more_clock.turn_secs = 60;
        mixed.extend([member(4, 0, 4), more_clock, more_dark]);
        let mut chosen = paired(&mixed, 1_000_000);
        chosen.sort_unstable();
        assert_eq!(chosen, vec![(1, 4), (2, 5), (3, 6)]);
        let many: Vec<Waiting> = (0..10).map(|user| member(user, 0, user)).collect();
        let chosen = pairs(&many, 0, WINDOW);
        assert_eq!(chosen.len(), 5);
        let mut seen: Vec<usize> = chosen.iter().flat_map(|&(a, b)| [a, b]).collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..10).collect::<Vec<_>>());
        // Longest-waiting first: users 0 and 1 make the first pair.
        assert_eq!(chosen[0], (0, 1));
    }
}
