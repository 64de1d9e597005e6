//! Points, the base score and titles (docs/rules.md §7): what a finished game is worth to each seat,
//! how the base score grows for quick rematches, and the 18 titles (等级) that follow points.
//! Pure functions of a [`PublicView`]; the store applies the result atomically with the game's end.

use crate::AnyGame;
use crate::game::{Colour, Outcome, PublicView, WinReason};

/// A title (等级) and the points from which it is held.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Title {
    pub name_zh: &'static str,
    pub name_en: &'static str,
    pub min_points: i64,
}

/// The 18 titles of docs/rules.md §7 from lowest to highest. 小兵 is held by everyone below 30,
/// negative points included.
pub const TITLES: [Title; 18] = [
    title("小兵", "Private", i64::MIN),
    title("副班长", "Vice squad leader", 30),
    title("班长", "Squad leader", 50),
    title("副排长", "Vice platoon leader", 80),
    title("排长", "Platoon leader", 150),
    title("副连长", "Vice company commander", 200),
    title("连长", "Company commander", 300),
    title("副营长", "Vice battalion commander", 500),
    title("营长", "Battalion commander", 750),
    title("副团长", "Vice regiment commander", 1050),
    title("团长", "Regiment commander", 1500),
    title("副旅长", "Vice brigade commander", 2000),
    title("旅长", "Brigade commander", 3000),
    title("副师长", "Vice division commander", 5000),
    title("师长", "Division commander", 7500),
    title("副军长", "Vice corps commander", 12000),
    title("军长", "Corps commander", 18000),
    title("司令", "Commander-in-chief", 25000),
];

const fn title(name_zh: &'static str, name_en: &'static str, min_points: i64) -> Title {
    Title {
        name_zh,
        name_en,
        min_points,
    }
}

/// The title held with `points`.
pub fn title_for(points: i64) -> &'static Title {
    let held = TITLES
        .iter()
        .rposition(|title| points >= title.min_points)
        .unwrap_or(0);
    &TITLES[held]
}

/// The next title above the one held with `points`, and the points still needed to reach it;
/// `None` for 司令, the highest.
pub fn next_title(points: i64) -> Option<(&'static Title, i64)> {
    TITLES
        .iter()
        .find(|title| title.min_points > points)
        .map(|title| (title, title.min_points - points))
}

/// The multiplier `m` from the loser's removed pieces `c`.
pub fn multiplier(removed: u8) -> i64 {
    match removed {
        15.. => 3,
        6..=14 => 2,
        _ => 1,
    }
}

/// Pieces in one army: a loser with all 25 removed had nothing left but the flag when it fell.
const ARMY: u8 = 25;

/// Points per seat `[first, second]` for a finished game of any kind worth `base`, on its own
/// ladder (docs/rules.md §13: 暗棋 and 明棋 use the table of §7 without the row for a flag taken
/// with no face-down piece left, as they have none). Whether the points count is the caller's
/// choice.
pub fn points_of(game: &AnyGame, base: u32) -> [i64; 2] {
    match game {
        AnyGame::Flip(game) => points_for(&game.view(), base),
        AnyGame::Standard(round) => points_with(&round.view(), base, FaceDownBonus::NotInThisGame),
    }
}

/// Whether a flag taken with no face-down piece left scores 2 more (翻翻棋 only).
#[derive(Clone, Copy, PartialEq, Eq)]
enum FaceDownBonus {
    WhenNoneLeft,
    NotInThisGame,
}

/// Points per seat `[first, second]` for a finished 翻翻棋 game worth `base`; `[0, 0]` for a
/// draw or a game still going. Whether the points count (rated games) is the caller's choice.
pub fn points_for(view: &PublicView, base: u32) -> [i64; 2] {
    points_with(view, base, FaceDownBonus::WhenNoneLeft)
}

/// The points table of §7 read off the end's public view: the outcome and the loser's pieces
/// removed are public in every game kind.
fn points_with(view: &PublicView, base: u32, face_down_bonus: FaceDownBonus) -> [i64; 2] {
    let Some(Outcome::Win { winner, reason }) = view.outcome else {
        return [0, 0];
    };
    let loser = winner.other();
    let loser_colour: Option<Colour> = view.colour_of(loser);
    // A game can end (abandonment, timeouts) before colours are decided: nothing was removed.
    let removed = loser_colour.map_or(0, |colour| view.removed_total(colour));
    let b = i64::from(base);
    let m = multiplier(removed);
    let (gain, loss) = match reason {
        WinReason::Timeouts | WinReason::Resignation | WinReason::Repetition => (m * b, m * b),
        WinReason::Flag => {
            let row = if removed >= ARMY { 5 * b } else { m * b };
            let none_left = view.face_down_total() == 0;
            let bonus = match face_down_bonus {
                FaceDownBonus::WhenNoneLeft if none_left => 2,
                _ => 0,
            };
            (row + bonus, row + bonus)
        }
        WinReason::Abandonment => {
            let gain = match removed {
                15.. => 2 * b,
                6..=14 => b,
                _ => 0,
            };
            (gain, 10 * b)
        }
        WinReason::NoMoves => {
            let only_flag = loser_colour.is_some_and(|colour| view.only_flag_left(colour));
            let row = if only_flag { 5 * b } else { 2 * b };
            (row, row)
        }
    };
    let mut points = [0; 2];
    points[winner.index()] = gain;
    points[loser.index()] = -loss;
    points
}

/// The base score of a game between two players: one more than their last game's if this one
/// starts within `window_ms` of that game's end, otherwise 1. `previous` is that last game's
/// (end time, base score).
pub fn base_score(previous: Option<(u64, u32)>, now_ms: u64, window_ms: u64) -> u32 {
    match previous {
        Some((ended_at_ms, base)) if now_ms.saturating_sub(ended_at_ms) <= window_ms => {
            base.saturating_add(1).max(1)
        }
        _ => 1,
    }
}

/// The window of docs/rules.md §7 within which a rematch raises the base score: 10 minutes.
pub const DEFAULT_REMATCH_WINDOW_MS: u64 = 10 * 60 * 1000;

#[cfg(test)]
mod tests;
