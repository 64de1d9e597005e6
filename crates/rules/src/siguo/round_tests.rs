//! The hosted 四国 game's rules, a row per rule (docs/rules.md §17–21): picking shares and the
//! redeal, deployment, turns that skip seats out, the headquarters rules of the random deal,
//! timeouts, leaving, draws and the end.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use super::banner::{Banner, Banners, HEADQUARTERS_POSTS};
use super::round::{Phase, Play};
use super::*;
use crate::game::{DrawReason, Kind};
use crate::standard::{DeploymentError, Layout, Preset, Removed, Verdict};
use SiguoSeat::*;

pub(super) fn options(deal: SiguoDeal, seed: u64) -> SiguoOptions {
    SiguoOptions {
        deal,
        seed,
        ..SiguoOptions::default()
    }
}

pub(super) fn classic() -> Layout {
    Preset::named("classic").expect("a preset").layout()
}

/// A standard-deal round in play: every seat deployed the classic layout.
pub(super) fn playing(first: SiguoSeat) -> SiguoRound {
    let mut round = SiguoRound::new(options(SiguoDeal::Standard, 1), first);
    for seat in SiguoSeat::ALL {
        round.set_draft(seat, classic()).expect("a valid layout");
        round.confirm(seat).expect("ready");
    }
    assert_eq!(round.phase(), SiguoPhase::Playing);
    round
}

/// A round in play on a board of `pieces` (`("SB1", "SF")`) with these banners.
pub(super) fn crafted(
    pieces: &[(&str, &str)],
    banners: [Banner; 4],
    turn: SiguoSeat,
) -> SiguoRound {
    let mut round = SiguoRound::new(options(SiguoDeal::Standard, 1), turn);
    let mut position = SiguoPosition::empty(turn);
    for (post, code) in pieces {
        position.set(
            post.parse().expect("post"),
            Some(code.parse().expect("piece")),
        );
    }
    round.phase = Phase::Playing(Box::new(Play {
        position,
        layouts: [classic(); 4],
        banners: Banners::new(banners),
        reveals: SiguoReveals::default(),
        frozen: [None; 4],
        last: None,
    }));
    round
}

/// A quiet legal action of the seat to act (onto an empty post).
pub(super) fn quiet_action(round: &SiguoRound) -> SiguoAction {
    let position = round.position().expect("in play");
    round
        .legal_actions()
        .into_iter()
        .find(|action| position.piece(action.to).is_none())
        .expect("a quiet move")
}

fn post(text: &str) -> SiguoPost {
    text.parse().expect("post")
}

#[test]
fn shares_are_picked_in_reverse_turn_order_and_the_fourth_gets_the_last() {
    let mut round = SiguoRound::new(options(SiguoDeal::Random, 11), South);
    let shares = deal_shares(11, 0);
    assert_eq!(round.phase(), SiguoPhase::Picking);
    assert_eq!(round.picker(), Some(West));
    let rows = [
        (South, East, Err(SiguoRoundError::NotYourPick(West))),
        (West, East, Ok(())),
        (North, East, Err(SiguoRoundError::ShareTaken(East))),
        (North, South, Ok(())),
        (East, North, Ok(())),
    ];
    for (seat, share, expected) in rows {
        assert_eq!(round.pick(seat, share), expected, "{seat} picks {share}");
    }
    assert_eq!(round.share_of(South), Some(West), "the last share");
    assert_eq!(round.phase(), SiguoPhase::Deploying);
    for (seat, share) in [(South, West), (West, East), (North, South), (East, North)] {
        assert_eq!(round.army(seat), Some(shares.share(share)), "{seat}");
    }
    assert_eq!(round.pick(South, West), Err(SiguoRoundError::NotPicking));
    assert_eq!(round.pick_expired(), Err(SiguoRoundError::NotPicking));
    // When the picking clock runs out, the picker takes the first share left.
    let mut round = SiguoRound::new(options(SiguoDeal::Random, 11), North);
    round.pick(East, South).expect("East picks first");
    assert_eq!(round.pick_expired(), Ok((South, East)));
    assert_eq!(round.pick_expired(), Ok((West, North)));
    assert_eq!(round.share_of(North), Some(West));
    assert_eq!(round.phase(), SiguoPhase::Deploying);
}

/// The first deal of the first seed with a weak share, and that share's colour.
fn weak_deal() -> (u64, SiguoSeat) {
    (0..5000)
        .find_map(|seed| {
            let shares = deal_shares(seed, 0);
            let weak = SiguoSeat::ALL
                .into_iter()
                .find(|colour| is_weak(&shares.share(*colour)))?;
            Some((seed, weak))
        })
        .expect("some deal has a weak share")
}

/// A row per redeal rule (§17): who asks, when, and the answer.
#[test]
fn a_weak_player_may_ask_once_for_a_new_deal_before_anyone_is_ready() {
    let standard = SiguoRound::new(options(SiguoDeal::Standard, 3), South);
    assert_eq!(
        standard.clone().redeal(South),
        Err(SiguoRoundError::StandardDeal)
    );
    let (seed, weak) = weak_deal();
    let strong = SiguoSeat::ALL
        .into_iter()
        .find(|colour| !is_weak(&deal_shares(seed, 0).share(*colour)))
        .expect("a strong share");
    let mut round = SiguoRound::new(options(SiguoDeal::Random, seed), South);
    assert_eq!(round.redeal(West), Err(SiguoRoundError::NoShareYet));
    round.pick(West, weak).expect("pick");
    round.pick(North, strong).expect("pick");
    assert_eq!(round.redeal(North), Err(SiguoRoundError::ShareTooStrong));
    assert!(round.may_redeal(West));
    round.redeal(West).expect("a weak share may ask");
    assert_eq!(round.phase(), SiguoPhase::Picking);
    assert_eq!(round.share_of(West), None, "shares are picked again");
    assert_eq!(round.picker(), Some(West));
    round.pick(West, weak).expect("pick again");
    assert_eq!(round.redeal(West), Err(SiguoRoundError::RedealUsed));
    for seat in [North, East] {
        let share = round.shares_left()[0];
        round.pick(seat, share).expect("pick");
    }
    assert_eq!(round.phase(), SiguoPhase::Deploying);
    let army = round.army(East).expect("known");
    let layout = army.random_layout(&mut ChaCha8Rng::seed_from_u64(1));
    round
        .set_draft(East, layout.expect("deploys"))
        .expect("draft");
    round.confirm(East).expect("ready");
    for seat in SiguoSeat::ALL {
        assert_eq!(
            round.redeal(seat),
            Err(SiguoRoundError::SomeoneReady),
            "{seat}"
        );
    }
}

/// A row per deployment call: the refusals name the rule and the post.
#[test]
fn deployment_checks_each_layout_against_the_players_own_pieces() {
    let mut round = SiguoRound::new(options(SiguoDeal::Standard, 2), East);
    let six_mines: Layout =
        Layout::parse_any_army("6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/M,.,9,.,1/M,M,1,6,M/5,F,M,M,4")
            .expect("a share's layout");
    assert_eq!(
        round.set_draft(South, six_mines),
        Err(SiguoRoundError::Layout(DeploymentError::TooMany {
            post: "B2".parse().expect("post"),
            kind: Kind::Landmine,
            allowed: 3,
        }))
    );
    assert_eq!(round.confirm(South), Err(SiguoRoundError::NoLayout));
    round.set_draft(South, classic()).expect("valid");
    assert_eq!(round.confirm(South), Ok(false));
    assert_eq!(round.confirm(South), Err(SiguoRoundError::AlreadyReady));
    assert_eq!(
        round.set_draft(South, classic()),
        Err(SiguoRoundError::AlreadyReady)
    );
    assert_eq!(round.timeout(), Err(SiguoRoundError::StillDeploying));
    // North has a draft, East and West none: the clock runs out.
    let lock = Preset::named("lock-left").expect("preset").layout();
    round.set_draft(North, lock).expect("valid");
    round.deployment_expired(99).expect("expired");
    assert_eq!(round.phase(), SiguoPhase::Playing);
    assert_eq!(round.to_act(), Some(East));
    assert_eq!(round.draft(North), Some(lock), "the draft is played");
    let east = round.draft(East).expect("a random layout");
    assert_eq!(Layout::new(*east.cells()), Ok(east));
    let readies = round
        .record()
        .events
        .iter()
        .filter(|event| matches!(event, SiguoEvent::Ready { .. }))
        .count();
    assert_eq!(readies, 4);
    assert_eq!(
        round.deployment_expired(99),
        Err(SiguoRoundError::NotDeploying)
    );
}

/// A row per first seat and seats gone: the order in which the turn comes round (each turn
/// passed by a timeout).
#[test]
fn turns_go_south_east_north_west_and_skip_seats_that_are_out() {
    let rows: [(SiguoSeat, &[SiguoSeat], [SiguoSeat; 5]); 5] = [
        (South, &[], [South, East, North, West, South]),
        (North, &[], [North, West, South, East, North]),
        (South, &[West], [South, East, North, South, East]),
        (East, &[East], [North, West, South, North, West]),
        (West, &[South, East], [West, North, West, North, West]),
    ];
    for (first, gone, expected) in rows {
        let mut round = playing(first);
        for seat in gone {
            round.leave(*seat).expect("leave");
        }
        let mut seen = Vec::new();
        for _ in 0..5 {
            seen.push(round.to_act().expect("in play"));
            round.timeout().expect("timeout");
        }
        assert_eq!(seen, expected, "first {first}, gone {gone:?}");
    }
}

/// South's marshal and general stand below East's headquarters; North and West have a flag
/// and a lieutenant; East has a lieutenant and its headquarters hold `b1` and `d1`.
fn headquarters_board(
    b1: &'static str,
    d1: &'static str,
    marshal: bool,
) -> Vec<(&'static str, &'static str)> {
    let mut pieces = vec![
        ("SB1", "SF"),
        ("SA1", "S2"),
        ("EB2", "S9"),
        ("ED2", "S8"),
        ("EB1", b1),
        ("ED1", d1),
        ("EA5", "E2"),
        ("NB1", "NF"),
        ("NA1", "N2"),
        ("WB1", "WF"),
        ("WA1", "W2"),
    ];
    if marshal {
        pieces.push(("EE5", "E9"));
    }
    pieces
}

/// A row per banner of §20: East's headquarters hold these pieces; South takes EB1, then
/// (the others passing) ED1; whether East is out after each.
#[test]
fn each_banner_puts_a_player_out_by_its_own_headquarters() {
    let [b1, d1] = HEADQUARTERS_POSTS;
    let rows = [
        (
            "one flag on B1",
            Banner::Flag(b1),
            "EF",
            "E3",
            false,
            [true, true],
        ),
        (
            "one flag on D1",
            Banner::Flag(d1),
            "E3",
            "EF",
            false,
            [false, true],
        ),
        (
            "a flag in each",
            Banner::TwoFlags,
            "EF",
            "EF",
            false,
            [false, true],
        ),
        (
            "a field marshal, no flag",
            Banner::Marshal,
            "E3",
            "E4",
            true,
            [true, true],
        ),
        (
            "marshal dead, not raised",
            Banner::Choosing,
            "E3",
            "E4",
            false,
            [true, true],
        ),
        (
            "flag raised on D1",
            Banner::Raised(d1),
            "E3",
            "E4",
            false,
            [false, true],
        ),
        ("neither", Banner::Neither, "E3", "E4", false, [false, true]),
    ];
    for (rule, banner, on_b1, on_d1, marshal, out_after) in rows {
        let banners = [Banner::Flag(b1), banner, Banner::Flag(b1), Banner::Flag(b1)];
        let board = headquarters_board(on_b1, on_d1, marshal);
        let mut round = crafted(&board, banners, South);
        let played = round
            .act(South, SiguoAction::new(post("EB2"), post("EB1")))
            .expect("attack B1");
        assert_eq!(played.verdict, Verdict::Attacked(Removed::Target), "{rule}");
        assert!(
            played.must_raise.is_empty(),
            "{rule}: a seat out raises nothing"
        );
        assert_eq!(round.is_out(East), out_after[0], "{rule}: after B1");
        while round.to_act() != Some(South) {
            round.timeout().expect("pass");
        }
        if round.is_out(East) {
            continue;
        }
        round
            .act(South, SiguoAction::new(post("ED2"), post("ED1")))
            .expect("attack D1");
        assert_eq!(round.is_out(East), out_after[1], "{rule}: after D1");
    }
}

#[test]
fn a_player_whose_last_marshal_dies_raises_a_flag_shown_to_everyone() {
    let [b1, _] = HEADQUARTERS_POSTS;
    let mut board = headquarters_board("E3", "E4", true);
    board.push(("EE4", "SX"));
    let banners = [
        Banner::Flag(b1),
        Banner::Marshal,
        Banner::Flag(b1),
        Banner::Flag(b1),
    ];
    let mut round = crafted(&board, banners, South);
    let played = round
        .act(South, SiguoAction::new(post("EE4"), post("EE5")))
        .expect("the bomb meets the marshal");
    assert_eq!(played.verdict, Verdict::Attacked(Removed::Both));
    assert_eq!(played.must_raise, vec![East]);
    assert_eq!(round.to_act(), Some(East));
    assert!(round.must_raise_flag(East));
    assert!(round.legal_actions().is_empty());
    let lieutenant = SiguoAction::new(post("EA5"), post("EA4"));
    assert_eq!(
        round.act(East, lieutenant),
        Err(SiguoRoundError::RaiseFlagFirst)
    );
    let rows = [
        (South, "SB1", Err(SiguoRoundError::NoFlagToRaise)),
        (
            East,
            "SB1",
            Err(SiguoRoundError::NotYourHeadquarters(post("SB1"))),
        ),
        (
            East,
            "EC1",
            Err(SiguoRoundError::NotYourHeadquarters(post("EC1"))),
        ),
        (East, "ED1", Ok(())),
        (East, "EB1", Err(SiguoRoundError::NoFlagToRaise)),
    ];
    for (seat, hq, expected) in rows {
        assert_eq!(
            round.raise_flag(seat, post(hq)),
            expected,
            "{seat} raises {hq}"
        );
    }
    assert_eq!(round.raised_flag(East), Some(post("ED1")));
    round.act(East, lieutenant).expect("East moves again");
    while round.to_act() != Some(South) {
        round.timeout().expect("pass");
    }
    round
        .act(South, SiguoAction::new(post("EB2"), post("EB1")))
        .expect("take B1");
    assert!(!round.is_out(East), "only the raised headquarters counts");
}

#[test]
fn a_team_loses_when_both_its_players_are_out() {
    let [b1, _] = HEADQUARTERS_POSTS;
    // East is out already (no piece); South's lieutenant takes West's flag.
    let pieces = [
        ("SB1", "SF"),
        ("WB2", "S2"),
        ("WB1", "WF"),
        ("WE1", "W2"),
        ("NB1", "NF"),
        ("NE1", "N2"),
    ];
    let mut round = crafted(&pieces, [Banner::Flag(b1); 4], South);
    let played = round
        .act(South, SiguoAction::new(post("WB2"), post("WB1")))
        .expect("take the flag");
    assert_eq!(played.out, vec![(West, OutReason::FlagTaken)]);
    assert_eq!(played.outcome, Some(SiguoOutcome::Win(Team::NorthSouth)));
    assert_eq!(round.phase(), SiguoPhase::Over);
    assert_eq!(
        round.act(North, SiguoAction::new(post("NE1"), post("NE2"))),
        Err(SiguoRoundError::Over)
    );
    assert_eq!(round.layouts(), Some([classic(); 4]));
    assert_eq!(round.point_deltas([0; 4]), Some([1, -1, 1, -1]));
}

/// A row per quiet limit: the actions without an attack that draw the game.
#[test]
fn the_quiet_draw_comes_after_the_tables_number_of_quiet_actions() {
    for limit in [1u16, 4, 9] {
        let mut round = SiguoRound::new(
            SiguoOptions {
                rules: SiguoRules { quiet_draw: limit },
                ..options(SiguoDeal::Standard, 1)
            },
            South,
        );
        for seat in SiguoSeat::ALL {
            round.set_draft(seat, classic()).expect("valid");
            round.confirm(seat).expect("ready");
        }
        for played in 1..=limit {
            assert_eq!(round.outcome(), None, "limit {limit}, {played}");
            round.timeout().expect("a timeout is no action");
            let action = quiet_action(&round);
            round
                .act(round.to_act().expect("turn"), action)
                .expect("quiet");
        }
        assert_eq!(
            round.outcome(),
            Some(SiguoOutcome::Draw(DrawReason::NoCapture)),
            "limit {limit}"
        );
    }
}
