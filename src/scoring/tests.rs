//! Every row of the points table and every title threshold of docs/rules.md §7.

use super::*;
use crate::game::SQUARES;
use crate::game::{Colour, DrawReason, Kind, PublicCell, Rules, Seat};

/// A finished game's view: `winner` won by `reason`; the loser (whose colour is decided only if
/// `colours`) has `removed` pieces off the board (the flag last), `face_down` pieces face down.
fn view(
    winner: Seat,
    reason: WinReason,
    removed: u8,
    face_down: usize,
    colours: bool,
) -> PublicView {
    let mut cells = [PublicCell::Empty; SQUARES];
    for cell in cells.iter_mut().take(face_down) {
        *cell = PublicCell::FaceDown;
    }
    // Seat First plays Red.
    let loser_colour = if winner == Seat::First {
        Colour::Black
    } else {
        Colour::Red
    };
    let mut lost = [0u8; 12];
    let mut left = removed;
    for kind in Kind::ALL.into_iter().filter(|kind| *kind != Kind::Flag) {
        let take = left.min(kind.count());
        lost[kind.index()] = take;
        left -= take;
    }
    lost[Kind::Flag.index()] = left.min(1);
    let mut removed_by_colour = [[0u8; 12]; 2];
    removed_by_colour[loser_colour.index()] = lost;
    PublicView {
        cells,
        to_act: winner.other(),
        colours: colours.then_some([Colour::Red, Colour::Black]),
        last_flips: [None; 2],
        plies: 120,
        quiet: 0,
        timeouts: [0; 2],
        draw_offers_made: [0; 2],
        pending_draw_offer: None,
        removed: removed_by_colour,
        removed_unknown: [0; 2],
        last: None,
        outcome: Some(Outcome::Win { winner, reason }),
        rules: Rules::default(),
        repetition: [Vec::new(), Vec::new()],
    }
}

struct Row {
    what: &'static str,
    reason: WinReason,
    removed: u8,
    face_down: usize,
    base: u32,
    winner_gets: i64,
    loser_gets: i64,
}

const fn row(
    what: &'static str,
    reason: WinReason,
    removed: u8,
    face_down: usize,
    base: u32,
    winner_gets: i64,
    loser_gets: i64,
) -> Row {
    Row {
        what,
        reason,
        removed,
        face_down,
        base,
        winner_gets,
        loser_gets,
    }
}

use WinReason::{Abandonment, Flag, NoMoves, Repetition, Resignation, Timeouts};

const TABLE: &[Row] = &[
    // timeouts, resignation, repetition: ±m·b, m from c.
    row("timeouts c=0", Timeouts, 0, 10, 1, 1, -1),
    row("timeouts c=5", Timeouts, 5, 10, 1, 1, -1),
    row("timeouts c=6", Timeouts, 6, 10, 1, 2, -2),
    row("timeouts c=14", Timeouts, 14, 10, 1, 2, -2),
    row("timeouts c=15", Timeouts, 15, 10, 1, 3, -3),
    row("timeouts c=15 b=4", Timeouts, 15, 0, 4, 12, -12),
    row("resignation c=5 b=3", Resignation, 5, 10, 3, 3, -3),
    row("resignation c=6 b=3", Resignation, 6, 10, 3, 6, -6),
    row("resignation c=20 b=3", Resignation, 20, 0, 3, 9, -9),
    row("repetition c=0 b=2", Repetition, 0, 10, 2, 2, -2),
    row("repetition c=10 b=2", Repetition, 10, 10, 2, 4, -4),
    row("repetition c=24 b=2", Repetition, 24, 10, 2, 6, -6),
    // flag taken, loser had nothing but the flag: ±5b.
    row("flag, only the flag b=1", Flag, 25, 3, 1, 5, -5),
    row("flag, only the flag b=2", Flag, 25, 3, 2, 10, -10),
    // flag taken otherwise: ±m·b.
    row("flag c=1", Flag, 1, 30, 1, 1, -1),
    row("flag c=5", Flag, 5, 30, 1, 1, -1),
    row("flag c=6", Flag, 6, 30, 1, 2, -2),
    row("flag c=14", Flag, 14, 30, 1, 2, -2),
    row("flag c=15", Flag, 15, 30, 1, 3, -3),
    row("flag c=15 b=3", Flag, 15, 30, 3, 9, -9),
    // the flag falls with nothing face down: +2 / −2 on top of the row.
    row("flag c=5 none face down", Flag, 5, 0, 1, 3, -3),
    row("flag c=10 none face down b=2", Flag, 10, 0, 2, 6, -6),
    row("flag c=16 none face down b=2", Flag, 16, 0, 2, 8, -8),
    row("flag only the flag, none face down", Flag, 25, 0, 1, 7, -7),
    row(
        "flag only the flag, none face down b=3",
        Flag,
        25,
        0,
        3,
        17,
        -17,
    ),
    // abandonment: the winner gets 2b / b / 0 by c, the loser −10b.
    row("abandonment c=0", Abandonment, 0, 50, 1, 0, -10),
    row("abandonment c=5", Abandonment, 5, 40, 1, 0, -10),
    row("abandonment c=6", Abandonment, 6, 40, 1, 1, -10),
    row("abandonment c=14", Abandonment, 14, 20, 1, 1, -10),
    row("abandonment c=15", Abandonment, 15, 20, 1, 2, -10),
    row("abandonment c=15 b=3", Abandonment, 15, 0, 3, 6, -30),
    row("abandonment c=6 b=2", Abandonment, 6, 0, 2, 2, -20),
    // no moves: ±5b with only the flag left, ±2b otherwise.
    row("no moves, only the flag", NoMoves, 24, 0, 1, 5, -5),
    row("no moves, only the flag b=2", NoMoves, 24, 0, 2, 10, -10),
    row("no moves otherwise", NoMoves, 20, 0, 1, 2, -2),
    row("no moves otherwise c=3 b=3", NoMoves, 3, 0, 3, 6, -6),
];

#[test]
fn every_row_of_the_points_table() {
    for row in TABLE {
        for winner in Seat::BOTH {
            let view = view(winner, row.reason, row.removed, row.face_down, true);
            let points = points_for(&view, row.base);
            let expected = if winner == Seat::First {
                [row.winner_gets, row.loser_gets]
            } else {
                [row.loser_gets, row.winner_gets]
            };
            assert_eq!(points, expected, "{} (winner {winner:?})", row.what);
        }
    }
}

#[test]
fn fabricated_views_match_the_engine_helpers() {
    let only_flag = view(Seat::First, NoMoves, 24, 0, true);
    assert!(only_flag.only_flag_left(Colour::Black));
    assert!(!view(Seat::First, NoMoves, 23, 0, true).only_flag_left(Colour::Black));
    assert_eq!(
        view(Seat::Second, Flag, 25, 0, true).removed_total(Colour::Red),
        25
    );
    assert_eq!(view(Seat::Second, Flag, 7, 9, true).face_down_total(), 9);
}

#[test]
fn a_game_ended_before_colours_were_decided_counts_nothing_removed() {
    // c = 0 so m = 1, and the abandoning winner's gain is 0.
    let abandoned = view(Seat::Second, Abandonment, 0, 50, false);
    assert_eq!(points_for(&abandoned, 2), [-20, 0]);
    let timed_out = view(Seat::First, Timeouts, 0, 48, false);
    assert_eq!(points_for(&timed_out, 3), [3, -3]);
}

#[test]
fn draws_and_unfinished_games_are_worth_nothing() {
    let reasons = [
        DrawReason::NoCapture,
        DrawReason::PlyLimit,
        DrawReason::Agreement,
        DrawReason::ClockLimit,
    ];
    for reason in reasons {
        let mut drawn = view(Seat::First, Flag, 10, 0, true);
        drawn.outcome = Some(Outcome::Draw(reason));
        assert_eq!(points_for(&drawn, 5), [0, 0], "{reason:?}");
    }
    let mut going = view(Seat::First, Flag, 10, 0, true);
    going.outcome = None;
    assert_eq!(points_for(&going, 5), [0, 0]);
}

#[test]
fn the_multiplier_bands() {
    let cases = [(0, 1), (5, 1), (6, 2), (14, 2), (15, 3), (25, 3)];
    for (removed, m) in cases {
        assert_eq!(multiplier(removed), m, "c = {removed}");
    }
}

#[test]
fn every_title_threshold() {
    let thresholds = [
        (30, "小兵", "副班长"),
        (50, "副班长", "班长"),
        (80, "班长", "副排长"),
        (150, "副排长", "排长"),
        (200, "排长", "副连长"),
        (300, "副连长", "连长"),
        (500, "连长", "副营长"),
        (750, "副营长", "营长"),
        (1050, "营长", "副团长"),
        (1500, "副团长", "团长"),
        (2000, "团长", "副旅长"),
        (3000, "副旅长", "旅长"),
        (5000, "旅长", "副师长"),
        (7500, "副师长", "师长"),
        (12000, "师长", "副军长"),
        (18000, "副军长", "军长"),
        (25000, "军长", "司令"),
    ];
    assert_eq!(thresholds.len() + 1, TITLES.len());
    for (at, below, from) in thresholds {
        assert_eq!(title_for(at - 1).name_zh, below, "{} points", at - 1);
        assert_eq!(title_for(at).name_zh, from, "{at} points");
        assert_eq!(
            next_title(at - 1).map(|(t, need)| (t.name_zh, need)),
            Some((from, 1))
        );
    }
}

#[test]
fn titles_at_the_edges() {
    assert_eq!(title_for(29).name_en, "Private");
    assert_eq!(title_for(30).name_en, "Vice squad leader");
    assert_eq!(title_for(24_999).name_zh, "军长");
    assert_eq!(title_for(25_000).name_en, "Commander-in-chief");
    assert_eq!(title_for(i64::MAX).name_zh, "司令");
    for negative in [-1, -10, -1_000_000, i64::MIN] {
        assert_eq!(title_for(negative).name_zh, "小兵", "{negative} points");
    }
    assert_eq!(title_for(0).name_zh, "小兵");
    assert_eq!(
        next_title(0).map(|(t, need)| (t.name_zh, need)),
        Some(("副班长", 30))
    );
    assert_eq!(next_title(-10).map(|(_, need)| need), Some(40));
    assert_eq!(
        next_title(24_999).map(|(t, need)| (t.name_zh, need)),
        Some(("司令", 1))
    );
    assert!(next_title(25_000).is_none());
    assert!(next_title(i64::MAX).is_none());
}

#[test]
fn the_base_score_grows_for_quick_rematches_and_resets_otherwise() {
    let window = DEFAULT_REMATCH_WINDOW_MS;
    let ended = 1_000_000;
    let cases = [
        (None, ended, 1),
        (Some((ended, 1)), ended + 1, 2),
        (Some((ended, 1)), ended + window, 2),
        (Some((ended, 1)), ended + window + 1, 1),
        (Some((ended, 4)), ended + 60_000, 5),
        (Some((ended, 4)), ended + window + 1, 1),
        // A clock that went backwards counts as no time passed.
        (Some((ended, 2)), ended - 5, 3),
        (Some((ended, u32::MAX)), ended, u32::MAX),
    ];
    for (previous, now, expected) in cases {
        assert_eq!(
            base_score(previous, now, window),
            expected,
            "{previous:?} at {now}"
        );
    }
    assert_eq!(base_score(Some((ended, 1)), ended + 1, 0), 1);
}

/// 暗棋 and 明棋 score by the same table without the row for a flag taken with no face-down
/// piece left (docs/rules.md §13): every other row gives what 翻翻棋's does.
#[test]
fn the_standard_games_have_no_bonus_for_a_flag_taken_with_nothing_face_down() {
    for row in TABLE {
        let view = view(Seat::First, row.reason, row.removed, row.face_down, true);
        let flip = points_for(&view, row.base);
        let standard = points_with(&view, row.base, FaceDownBonus::NotInThisGame);
        let bonus = row.reason == WinReason::Flag && row.face_down == 0;
        let expected = if bonus {
            [flip[0] - 2, flip[1] + 2]
        } else {
            flip
        };
        assert_eq!(standard, expected, "{}", row.what);
    }
}
