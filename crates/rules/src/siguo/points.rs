//! The points of a 四国 game (docs/rules.md §21): the stake of the lowest stage among the four
//! players, the team result, and the penalty for leaving (逃跑, a 5th timeout included).

use serde::{Deserialize, Serialize};

use super::play::SiguoOutcome;
use super::seat::SiguoSeat;

/// A stage of the 四国 ladder.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum SiguoStage {
    /// 初级: below 150 points.
    Beginner,
    /// 中级: from 150 points.
    Intermediate,
    /// 高级: from 750 points.
    Advanced,
}

/// A leaver needs this many moves of their own before the other team gains from their leaving.
pub const LEAVER_MOVES_FOR_STAKE: u16 = 15;

impl SiguoStage {
    /// The stage of a player with `points` 四国 points.
    pub const fn of(points: i64) -> SiguoStage {
        if points >= 750 {
            SiguoStage::Advanced
        } else if points >= 150 {
            SiguoStage::Intermediate
        } else {
            SiguoStage::Beginner
        }
    }

    /// The stake of a game at this stage.
    pub const fn stake(self) -> i64 {
        match self {
            SiguoStage::Beginner => 1,
            SiguoStage::Intermediate => 5,
            SiguoStage::Advanced => 10,
        }
    }

    /// 初级, 中级 or 高级.
    pub const fn chinese(self) -> &'static str {
        match self {
            SiguoStage::Beginner => "初级",
            SiguoStage::Intermediate => "中级",
            SiguoStage::Advanced => "高级",
        }
    }
}

/// A player who left the game, with the moves they had made by then.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Leaver {
    pub seat: SiguoSeat,
    pub moves: u16,
}

/// The stake of a game between players with these points: that of the lowest stage.
pub fn stake(points: [i64; 4]) -> i64 {
    points
        .into_iter()
        .map(SiguoStage::of)
        .min()
        .unwrap_or(SiguoStage::Beginner)
        .stake()
}

/// The change of each seat's points (by [`SiguoSeat::index`]) for a game that ended in
/// `outcome` with `leavers` gone before the end:
/// - a leaver loses twice the stake;
/// - a player whose opponent left (and whose ally did not) gains the stake if some opposing
///   leaver had made [`LEAVER_MOVES_FOR_STAKE`] moves, and nothing otherwise, however the
///   game ended;
/// - everyone else is scored by the end: the stake for a win, minus it for a loss, 0 for a draw.
pub fn deltas(points: [i64; 4], outcome: SiguoOutcome, leavers: &[Leaver]) -> [i64; 4] {
    let stake = stake(points);
    let left = |seat: SiguoSeat| leavers.iter().find(|leaver| leaver.seat == seat);
    std::array::from_fn(|index| {
        let seat = SiguoSeat::from_index(index);
        if left(seat).is_some() {
            return -2 * stake;
        }
        let opponents = [seat.next(), seat.ally().next()];
        let opposing_leavers: Vec<&Leaver> = opponents.iter().filter_map(|s| left(*s)).collect();
        if !opposing_leavers.is_empty() && left(seat.ally()).is_none() {
            let earned = opposing_leavers
                .iter()
                .any(|leaver| leaver.moves >= LEAVER_MOVES_FOR_STAKE);
            return if earned { stake } else { 0 };
        }
        match outcome {
            SiguoOutcome::Win(team) if team == seat.team() => stake,
            SiguoOutcome::Win(_) => -stake,
            SiguoOutcome::Draw(_) => 0,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::DrawReason;
    use crate::siguo::Team;
    use SiguoSeat::*;

    /// A row per stage boundary.
    #[test]
    fn stages_and_stakes_follow_the_points() {
        let rows = [
            (-20, SiguoStage::Beginner, 1),
            (0, SiguoStage::Beginner, 1),
            (149, SiguoStage::Beginner, 1),
            (150, SiguoStage::Intermediate, 5),
            (749, SiguoStage::Intermediate, 5),
            (750, SiguoStage::Advanced, 10),
            (5000, SiguoStage::Advanced, 10),
        ];
        for (points, stage, stake) in rows {
            assert_eq!(SiguoStage::of(points), stage, "{points}");
            assert_eq!(stage.stake(), stake);
        }
        assert_eq!(
            stake([800, 900, 200, 1000]),
            5,
            "the lowest stage sets the stake"
        );
        assert_eq!(stake([800, 900, 760, 1000]), 10);
        assert_eq!(stake([800, 10, 760, 1000]), 1);
    }

    /// A row per rule of §21: points, outcome, leavers, the four deltas (S, E, N, W).
    #[test]
    fn each_points_rule_gives_its_deltas() {
        let sn = SiguoOutcome::Win(Team::NorthSouth);
        let ew = SiguoOutcome::Win(Team::EastWest);
        let draw = SiguoOutcome::Draw(DrawReason::Agreement);
        let quiet = SiguoOutcome::Draw(DrawReason::NoCapture);
        let low = [0, 0, 0, 0];
        let mid = [200, 300, 800, 160];
        let high = [800, 900, 760, 1000];
        let leaver = |seat, moves| Leaver { seat, moves };
        type Row = (&'static str, [i64; 4], SiguoOutcome, Vec<Leaver>, [i64; 4]);
        let rows: Vec<Row> = vec![
            ("a team wins, 初级", low, sn, vec![], [1, -1, 1, -1]),
            ("a team wins, 中级", mid, ew, vec![], [-5, 5, -5, 5]),
            ("a team wins, 高级", high, sn, vec![], [10, -10, 10, -10]),
            ("a draw by agreement", high, draw, vec![], [0, 0, 0, 0]),
            ("a quiet draw", mid, quiet, vec![], [0, 0, 0, 0]),
            (
                "a leaver with 15 moves: the other team gains, the ally loses as usual",
                mid,
                ew,
                vec![leaver(South, 15)],
                [-10, 5, -5, 5],
            ),
            (
                "a leaver with 14 moves: the other team gains nothing",
                mid,
                ew,
                vec![leaver(South, 14)],
                [-10, 0, -5, 0],
            ),
            (
                "the leaver's ally still wins: scored by the end",
                high,
                sn,
                vec![leaver(North, 30)],
                [10, 10, -20, 10],
            ),
            (
                "an early leaver: the other team gains nothing even when it wins",
                low,
                sn,
                vec![leaver(East, 3)],
                [0, -2, 0, -1],
            ),
            (
                "both of a team leave",
                low,
                ew,
                vec![leaver(South, 20), leaver(North, 2)],
                [-2, 1, -2, 1],
            ),
            (
                "one leaver on each team: each is the other's ally's opponent",
                mid,
                ew,
                vec![leaver(South, 20), leaver(West, 20)],
                [-10, 5, -5, -10],
            ),
            (
                "a draw after a leaver with 15 moves",
                low,
                draw,
                vec![leaver(East, 40)],
                [1, -2, 1, 0],
            ),
        ];
        for (rule, points, outcome, leavers, expected) in rows {
            assert_eq!(deltas(points, outcome, &leavers), expected, "{rule}");
        }
    }
}
