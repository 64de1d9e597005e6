//! Around the board of a hosted 四国 game, a row per rule (docs/rules.md §19–21): timeouts,
//! leaving at each phase, draw proposals, what each viewer sees, and Debug output that keeps
//! every secret.

use super::banner::{Banner, HEADQUARTERS_POSTS};
use super::round_tests::{classic, crafted, options, playing, quiet_action};
use super::*;
use crate::game::DrawReason;
use SiguoSeat::*;

fn post(text: &str) -> SiguoPost {
    text.parse().expect("post")
}

/// Plays one quiet action of the seat to act.
fn quiet(round: &mut SiguoRound) {
    let seat = round.to_act().expect("in play");
    let action = quiet_action(round);
    round.act(seat, action).expect("a quiet move");
}

#[test]
fn the_fifth_timeout_of_a_player_counts_as_leaving() {
    let mut round = playing(South);
    quiet(&mut round);
    for _ in 0..3 {
        quiet(&mut round);
    }
    for count in 1..=5u8 {
        assert_eq!(round.to_act(), Some(South));
        assert_eq!(round.timeout(), Ok(South));
        assert_eq!(round.timeouts(South), count);
        assert_eq!(round.is_out(South), count == 5, "after {count} timeouts");
        if count < 5 {
            for _ in 0..3 {
                quiet(&mut round);
            }
        }
    }
    assert_eq!(round.to_act(), Some(East));
    assert_eq!(
        round.leavers(),
        vec![Leaver {
            seat: South,
            moves: 1
        }]
    );
    assert_eq!(round.outcome(), None, "the game goes on");
}

/// A row per moment of leaving: who leaves when, and what follows.
#[test]
fn a_leaver_is_out_at_once_and_the_game_goes_on() {
    // During play, not on turn: the turn stays.
    let mut round = playing(South);
    round.leave(East).expect("leave");
    assert!(round.is_out(East) && round.has_left(East));
    assert_eq!(round.to_act(), Some(South));
    assert_eq!(round.leave(East), Err(SiguoRoundError::AlreadyLeft));
    // On turn, after a move: the turn passes and the move is counted.
    quiet(&mut round);
    quiet(&mut round);
    quiet(&mut round);
    assert_eq!(round.to_act(), Some(South));
    round.leave(South).expect("leave");
    assert_eq!(round.to_act(), Some(North));
    assert_eq!(
        round.leavers(),
        vec![
            Leaver {
                seat: South,
                moves: 1
            },
            Leaver {
                seat: East,
                moves: 0
            }
        ]
    );
    assert_eq!(round.outcome(), None);
    // The second of a team: the other team wins.
    round.leave(West).expect("leave");
    assert_eq!(round.outcome(), Some(SiguoOutcome::Win(Team::NorthSouth)));
    assert_eq!(round.leave(North), Err(SiguoRoundError::Over));
    // During the deployment: deployed for, out when play starts.
    let mut round = SiguoRound::new(options(SiguoDeal::Standard, 4), South);
    round.leave(South).expect("leave");
    assert_eq!(
        round.set_draft(South, classic()),
        Err(SiguoRoundError::AlreadyLeft)
    );
    for seat in [East, North, West] {
        round.set_draft(seat, classic()).expect("draft");
        round.confirm(seat).expect("ready");
    }
    assert_eq!(round.phase(), SiguoPhase::Playing);
    assert!(round.is_out(South));
    assert_eq!(round.to_act(), Some(East), "the turn skips the leaver");
    // While picking: given the first share left when its pick comes.
    let mut round = SiguoRound::new(options(SiguoDeal::Random, 4), South);
    round.leave(West).expect("leave");
    assert_eq!(round.share_of(West), Some(South));
    assert_eq!(round.picker(), Some(North));
    // Both of a team before play: the other team wins at once.
    round.leave(East).expect("leave");
    assert_eq!(round.outcome(), Some(SiguoOutcome::Win(Team::NorthSouth)));
    assert_eq!(round.phase(), SiguoPhase::Over);
}

#[test]
fn a_player_already_out_cannot_leave() {
    let [b1, _] = HEADQUARTERS_POSTS;
    let pieces = [
        ("SB1", "SF"),
        ("WB2", "S2"),
        ("WB1", "WF"),
        ("EB1", "EF"),
        ("EE1", "E2"),
        ("NB1", "NF"),
        ("NE1", "N2"),
    ];
    let mut round = crafted(&pieces, [Banner::Flag(b1); 4], South);
    round
        .act(South, SiguoAction::new(post("WB2"), post("WB1")))
        .expect("take West's flag");
    assert!(round.is_out(West));
    assert_eq!(round.leave(West), Err(SiguoRoundError::Out));
    assert_eq!(round.propose_draw(West), Err(SiguoRoundError::Out));
}

/// A row per draw rule (§20): the calls in order and the answer to the last.
#[test]
fn a_draw_needs_every_player_still_in() {
    type Call = fn(&mut SiguoRound) -> Result<(), SiguoRoundError>;
    type Row = (
        &'static str,
        Vec<Call>,
        Result<(), SiguoRoundError>,
        Option<SiguoOutcome>,
    );
    let rows: Vec<Row> = vec![
        (
            "all three accept",
            vec![
                |r| r.propose_draw(South),
                |r| r.answer_draw(East, true),
                |r| r.answer_draw(North, true),
                |r| r.answer_draw(West, true),
            ],
            Ok(()),
            Some(SiguoOutcome::Draw(DrawReason::Agreement)),
        ),
        (
            "two of three accept",
            vec![
                |r| r.propose_draw(South),
                |r| r.answer_draw(East, true),
                |r| r.answer_draw(West, true),
            ],
            Ok(()),
            None,
        ),
        (
            "one refusal ends the proposal",
            vec![
                |r| r.propose_draw(North),
                |r| r.answer_draw(East, false),
                |r| r.answer_draw(West, true),
            ],
            Err(SiguoRoundError::NoDrawProposal),
            None,
        ),
        (
            "one proposal at a time",
            vec![|r| r.propose_draw(North), |r| r.propose_draw(East)],
            Err(SiguoRoundError::DrawPending),
            None,
        ),
        (
            "not one's own",
            vec![|r| r.propose_draw(North), |r| r.answer_draw(North, true)],
            Err(SiguoRoundError::OwnDrawProposal),
            None,
        ),
        (
            "one answer each",
            vec![
                |r| r.propose_draw(North),
                |r| r.answer_draw(West, true),
                |r| r.answer_draw(West, true),
            ],
            Err(SiguoRoundError::AlreadyAnswered),
            None,
        ),
        (
            "three proposals a game",
            vec![
                |r| r.propose_draw(East),
                |r| r.answer_draw(South, false),
                |r| r.propose_draw(East),
                |r| r.answer_draw(South, false),
                |r| r.propose_draw(East),
                |r| r.answer_draw(South, false),
                |r| r.propose_draw(East),
            ],
            Err(SiguoRoundError::NoDrawProposalsLeft(3)),
            None,
        ),
        (
            "a player who left is not asked",
            vec![
                |r| r.leave(West),
                |r| r.propose_draw(South),
                |r| r.answer_draw(East, true),
                |r| r.answer_draw(North, true),
            ],
            Ok(()),
            Some(SiguoOutcome::Draw(DrawReason::Agreement)),
        ),
        (
            "an action lapses the proposal",
            vec![
                |r| r.propose_draw(East),
                |r| r.answer_draw(North, true),
                |r| {
                    quiet(r);
                    Ok(())
                },
                |r| r.answer_draw(West, true),
            ],
            Err(SiguoRoundError::NoDrawProposal),
            None,
        ),
        (
            "no draw while deploying",
            vec![],
            Err(SiguoRoundError::StillDeploying),
            None,
        ),
    ];
    for (rule, calls, last, outcome) in rows {
        if calls.is_empty() {
            let mut round = SiguoRound::new(options(SiguoDeal::Standard, 1), South);
            assert_eq!(round.propose_draw(South), last, "{rule}");
            continue;
        }
        let mut round = playing(South);
        let count = calls.len();
        for (index, call) in calls.into_iter().enumerate() {
            let answer = call(&mut round);
            if index + 1 == count {
                assert_eq!(answer, last, "{rule}");
            } else {
                assert_eq!(answer, Ok(()), "{rule}: call {index}");
            }
        }
        assert_eq!(round.outcome(), outcome, "{rule}");
    }
}

#[test]
fn each_viewer_sees_what_the_view_mode_and_the_phase_allow() {
    let mut round = SiguoRound::new(options(SiguoDeal::Standard, 1), South);
    round.set_draft(South, classic()).expect("draft");
    let own = |view: &SiguoView, seat: SiguoSeat| {
        SiguoPost::all()
            .filter(|post| matches!(view.cell(*post), SiguoViewCell::Shown(p) if p.seat == seat))
            .count()
    };
    let unshown = |view: &SiguoView| {
        SiguoPost::all()
            .filter(|post| matches!(view.cell(*post), SiguoViewCell::Unshown(_)))
            .count()
    };
    assert_eq!(own(&round.view(SiguoViewer::Seat(South)), South), 25);
    assert_eq!(own(&round.view(SiguoViewer::Seat(East)), South), 0);
    assert_eq!(unshown(&round.view(SiguoViewer::Spectator)), 0);
    let spectator = round.view(SiguoViewer::Spectator);
    assert!(
        spectator
            .cells
            .iter()
            .all(|cell| *cell == SiguoViewCell::Empty)
    );
    let mut round = playing(South);
    let south = round.view(SiguoViewer::Seat(South));
    assert_eq!((own(&south, South), unshown(&south)), (25, 75));
    assert_eq!(unshown(&round.view(SiguoViewer::Spectator)), 100);
    let mut allies = SiguoRound::new(
        SiguoOptions {
            view: SiguoViewMode::Allies,
            ..options(SiguoDeal::Standard, 1)
        },
        South,
    );
    for seat in SiguoSeat::ALL {
        allies.set_draft(seat, classic()).expect("draft");
        allies.confirm(seat).expect("ready");
    }
    let south = allies.view(SiguoViewer::Seat(South));
    assert_eq!((own(&south, North), unshown(&south)), (25, 50));
    // The end shows everything to everyone.
    round.leave(East).expect("leave");
    round.leave(West).expect("leave");
    assert_eq!(unshown(&round.view(SiguoViewer::Spectator)), 0);
}

#[test]
fn a_player_who_is_out_keeps_what_the_team_was_shown_and_sees_nothing_new() {
    let [b1, _] = HEADQUARTERS_POSTS;
    let pieces = [
        ("SB1", "SF"),
        ("EA2", "S1"),
        ("EA3", "E5"),
        ("EE3", "E6"),
        ("EB1", "EF"),
        ("NB1", "NF"),
        ("EE2", "N1"),
        ("WB1", "WF"),
        ("WA1", "W2"),
    ];
    let mut round = crafted(&pieces, [Banner::Flag(b1); 4], South);
    round
        .act(South, SiguoAction::new(post("EA2"), post("EA3")))
        .expect("the engineer scouts");
    round.leave(South).expect("South leaves");
    round.timeout().expect("East passes");
    round
        .act(North, SiguoAction::new(post("EE2"), post("EE3")))
        .expect("North's engineer scouts");
    let shown = |seat: SiguoSeat, at: &str| {
        matches!(
            round.view(SiguoViewer::Seat(seat)).cell(post(at)),
            SiguoViewCell::Shown(_)
        )
    };
    assert!(shown(South, "EA3") && shown(North, "EA3"));
    assert!(shown(North, "EE3"));
    assert!(!shown(South, "EE3"), "nothing new for a player who is out");
    assert!(
        !shown(West, "EE3") && !shown(West, "EA3"),
        "East's ally is not told"
    );
}

#[test]
fn debug_output_keeps_layouts_shares_and_the_seed_secret() {
    let mut round = SiguoRound::new(options(SiguoDeal::Random, 987_654_321), West);
    let picker = round.picker().expect("picking");
    round.pick(picker, East).expect("pick");
    let mut standard = playing(South);
    quiet(&mut standard);
    let texts = [
        format!("{round:?}"),
        format!("{:?}", round.record()),
        format!("{standard:?}"),
        format!("{:?}", standard.record()),
        format!("{:?}", standard.options()),
    ];
    let notation = classic().to_string();
    for text in texts {
        assert!(!text.contains("987654321"), "{text}");
        assert!(!text.contains(&notation), "{text}");
        for name in ["Marshal", "General", "Flag(", "Landmine", "Bomb"] {
            assert!(!text.contains(name), "{name} in {text}");
        }
    }
}
