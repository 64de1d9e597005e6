//! The arena's rules on a tournament record, with no I/O and no clock: what a finished game
//! scores (2/1/0, doubled on a streak), the ranking, and which free players to pair next.

use std::collections::HashSet;

use crate::game::{Outcome, Seat};
use crate::store::{Entrant, Tournament, UserId};

/// What one game was for one player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Played {
    Win,
    Draw,
    Loss,
}

/// What a finished game was for each seat (an abandon or a timeout is a loss like any other).
pub fn results(outcome: &Outcome<Seat>) -> [Played; 2] {
    match outcome.winner() {
        Some(Seat::First) => [Played::Win, Played::Loss],
        Some(Seat::Second) => [Played::Loss, Played::Win],
        None => [Played::Draw, Played::Draw],
    }
}

/// Counts one game for `entrant` against `opponent`; returns the points scored. After two wins
/// in a row every game scores double until one that is not a win.
pub fn score(entrant: &mut Entrant, result: Played, opponent: UserId) -> u32 {
    let factor = if entrant.on_streak() { 2 } else { 1 };
    let points = match result {
        Played::Win => {
            entrant.wins = entrant.wins.saturating_add(1);
            entrant.wins_in_row = entrant.wins_in_row.saturating_add(1);
            2 * factor
        }
        Played::Draw => {
            entrant.draws = entrant.draws.saturating_add(1);
            entrant.wins_in_row = 0;
            factor
        }
        Played::Loss => {
            entrant.losses = entrant.losses.saturating_add(1);
            entrant.wins_in_row = 0;
            0
        }
    };
    entrant.score = entrant.score.saturating_add(points);
    entrant.last_opponent = Some(opponent);
    points
}

/// The entrants in standings order: everyone who played a game before everyone who did not
/// (a member without a game is on no podium and is listed last), then score, then wins, then
/// fewer games, then who joined first (their order in the record). The one ranking of the
/// live standings, the final post, the announcement and the image.
pub fn standings(tournament: &Tournament) -> Vec<&Entrant> {
    let mut ranked: Vec<(usize, &Entrant)> = tournament.entrants.iter().enumerate().collect();
    ranked.sort_by(|(a_joined, a), (b_joined, b)| {
        (a.games() == 0)
            .cmp(&(b.games() == 0))
            .then(b.score.cmp(&a.score))
            .then(b.wins.cmp(&a.wins))
            .then(a.games().cmp(&b.games()))
            .then(a_joined.cmp(b_joined))
    });
    ranked.into_iter().map(|(_, entrant)| entrant).collect()
}

/// Who may be paired now: joined, not left, not in a game of the tournament and not `busy`
/// (playing as many live games elsewhere as the server allows), in join order.
pub fn free_players<'a>(tournament: &'a Tournament, busy: &HashSet<UserId>) -> Vec<&'a Entrant> {
    tournament
        .entrants
        .iter()
        .filter(|entrant| {
            !entrant.left && !tournament.is_playing(entrant.user) && !busy.contains(&entrant.user)
        })
        .collect()
}

/// The next pair to play, if two players are free: the two closest in tournament score
/// (ties: the earliest joined), never two who just played each other while a third player is
/// free. The first of the pair is the one who joined first. Nobody `busy` is paired.
pub fn next_pair(tournament: &Tournament, busy: &HashSet<UserId>) -> Option<[UserId; 2]> {
    let free = free_players(tournament, busy);
    if free.len() < 2 {
        return None;
    }
    // Join order is the index in `free`, which is in join order already.
    let mut by_score: Vec<(usize, &Entrant)> = free.iter().copied().enumerate().collect();
    by_score.sort_by_key(|(joined, entrant)| (entrant.score, *joined));
    let repeat = |a: &Entrant, b: &Entrant| {
        a.last_opponent == Some(b.user) || b.last_opponent == Some(a.user)
    };
    let avoid_repeats = free.len() > 2;
    let mut best: Option<((u32, usize), [usize; 2])> = None;
    for (i, (a_joined, a)) in by_score.iter().enumerate() {
        // Scores only grow along `by_score`: the closest partner of `a` above it is the first
        // that is not a repeat, and one player has one last opponent, so two looks suffice.
        for (b_joined, b) in by_score.iter().skip(i + 1).take(2) {
            if avoid_repeats && repeat(a, b) {
                continue;
            }
            let key = (b.score - a.score, (*a_joined).min(*b_joined));
            if best.is_none_or(|(best_key, _)| key < best_key) {
                let pair = [(*a_joined).min(*b_joined), (*a_joined).max(*b_joined)];
                best = Some((key, pair));
            }
            break;
        }
    }
    let [first, second] = match best {
        Some((_, pair)) => pair,
        // Three or more free players who all just played each other cannot happen (the last
        // games of three players cannot form a cycle); pair the closest anyway.
        None => [
            by_score[0].0.min(by_score[1].0),
            by_score[0].0.max(by_score[1].0),
        ],
    };
    Some([free[first].user, free[second].user])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Phase, Place};

    fn tournament(scores: &[(UserId, u32)]) -> Tournament {
        Tournament {
            id: 1,
            place: Place {
                guild: 1,
                channel: 2,
            },
            creator: 1,
            creator_name: "p1".into(),
            minutes: 10,
            turn_secs: 20,
            rated: true,
            created_at_ms: 0,
            starts_at_ms: 0,
            ends_at_ms: 600_000,
            phase: Phase::Running,
            entrants: scores
                .iter()
                .map(|(user, score)| Entrant {
                    score: *score,
                    ..Entrant::new(*user, &format!("p{user}"))
                })
                .collect(),
            games: Vec::new(),
            rooms: 0,
            announcement: None,
            game: crate::GameKind::Flip,
        }
    }

    #[test]
    fn wins_draws_and_losses_score_with_streaks_doubling() {
        // (results in order, score after each)
        let table: [(&[Played], &[u32]); 4] = [
            (&[Played::Win, Played::Win, Played::Win], &[2, 4, 8]),
            (
                &[Played::Win, Played::Win, Played::Draw, Played::Win],
                &[2, 4, 6, 8],
            ),
            (
                &[
                    Played::Win,
                    Played::Win,
                    Played::Win,
                    Played::Loss,
                    Played::Win,
                ],
                &[2, 4, 8, 8, 10],
            ),
            (&[Played::Draw, Played::Loss, Played::Win], &[1, 1, 3]),
        ];
        for (results, scores) in table {
            let mut entrant = Entrant::new(1, "a");
            for (result, expected) in results.iter().zip(scores) {
                score(&mut entrant, *result, 2);
                assert_eq!(entrant.score, *expected, "{results:?}");
            }
            assert_eq!(entrant.games() as usize, results.len());
        }
    }

    #[test]
    fn the_streak_mark_shows_after_two_wins_and_goes_with_a_non_win() {
        let mut entrant = Entrant::new(1, "a");
        score(&mut entrant, Played::Win, 2);
        assert!(!entrant.on_streak());
        score(&mut entrant, Played::Win, 2);
        assert!(entrant.on_streak());
        score(&mut entrant, Played::Draw, 2);
        assert!(!entrant.on_streak());
    }

    #[test]
    fn standings_rank_by_score_then_wins_then_fewer_games_then_join_order() {
        let mut t = tournament(&[(1, 4), (2, 4), (3, 4), (4, 6), (5, 4)]);
        t.entrants[0].wins = 1; // 4 points from a win and two draws
        t.entrants[0].draws = 2;
        t.entrants[1].wins = 2; // 4 points from two wins: more wins
        t.entrants[2].wins = 2; // the same, but one game more
        t.entrants[2].losses = 1;
        t.entrants[4].wins = 2; // the same as 2, joined later
        t.entrants[3].wins = 3;
        let order: Vec<UserId> = standings(&t).iter().map(|e| e.user).collect();
        assert_eq!(order, vec![4, 2, 5, 3, 1]);
    }

    /// ivy joined and left without a game; ivan played 3 and scored nothing: ivan ranks
    /// above her, as everyone who played ranks above everyone who did not.
    #[test]
    fn members_without_a_game_rank_after_everyone_who_played() {
        let mut t = tournament(&[(1, 4), (2, 0), (3, 0), (4, 2)]);
        t.entrants[0].wins = 2;
        t.entrants[1].left = true; // ivy: no game
        t.entrants[2].losses = 3; // ivan: three games, no point
        t.entrants[3].wins = 1;
        let order: Vec<UserId> = standings(&t).iter().map(|e| e.user).collect();
        assert_eq!(order, vec![1, 4, 3, 2]);
    }

    #[test]
    fn the_closest_in_score_pair_first() {
        let t = tournament(&[(1, 0), (2, 10), (3, 4), (4, 11)]);
        assert_eq!(next_pair(&t, &HashSet::new()), Some([2, 4]));
        let t = tournament(&[(1, 0), (2, 10), (3, 1)]);
        assert_eq!(next_pair(&t, &HashSet::new()), Some([1, 3]));
        assert_eq!(next_pair(&tournament(&[(1, 0)]), &HashSet::new()), None);
    }

    #[test]
    fn ties_go_to_who_joined_first() {
        let t = tournament(&[(1, 2), (2, 0), (3, 2), (4, 0)]);
        assert_eq!(next_pair(&t, &HashSet::new()), Some([1, 3]));
    }

    #[test]
    fn players_in_a_game_or_gone_are_not_free() {
        let mut t = tournament(&[(1, 0), (2, 0), (3, 0), (4, 0)]);
        t.games.push(crate::store::ArenaGame {
            room: t.place,
            players: [1, 2],
            game: Some(9),
        });
        t.entrants[3].left = true;
        assert_eq!(next_pair(&t, &HashSet::new()), None);
        t.entrants[3].left = false;
        assert_eq!(next_pair(&t, &HashSet::new()), Some([3, 4]));
    }

    #[test]
    fn players_busy_elsewhere_are_not_free() {
        let t = tournament(&[(1, 0), (2, 0), (3, 0), (4, 0)]);
        assert_eq!(next_pair(&t, &HashSet::from([1])), Some([2, 3]));
        assert_eq!(next_pair(&t, &HashSet::from([1, 2, 3])), None);
    }

    #[test]
    fn never_the_same_two_twice_in_a_row_while_a_third_is_free() {
        let mut t = tournament(&[(1, 2), (2, 0), (3, 9)]);
        t.entrants[0].last_opponent = Some(2);
        t.entrants[1].last_opponent = Some(1);
        assert_eq!(next_pair(&t, &HashSet::new()), Some([1, 3]));
        // Only the two of them free: they play again.
        t.entrants[2].left = true;
        assert_eq!(next_pair(&t, &HashSet::new()), Some([1, 2]));
    }

    #[test]
    fn a_finished_game_scores_each_seat() {
        let win = Outcome::Win {
            winner: Seat::Second,
            reason: crate::game::WinReason::Resignation,
        };
        assert_eq!(results(&win), [Played::Loss, Played::Win]);
    }
}
