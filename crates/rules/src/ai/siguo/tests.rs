//! The 四国 AI's tests: its deployment on every arm, that it cannot see what its seat was not
//! shown, that it takes what a random chooser would not, and that whole games run legally.

use rand::rngs::ChaCha8Rng;
use rand::{Rng, SeedableRng};

use super::belief_tests::{Table, post};
use super::match_play::{SiguoPlayer, SiguoTable, play_siguo_game};
use super::*;
use crate::game::Kind;
use crate::siguo::{
    SiguoAction, SiguoOutcome, SiguoPosition, SiguoReveals, SiguoRules, SiguoSeat, SiguoView,
    SiguoViewMode, SiguoViewer, Team,
};
use crate::standard::Post;

use SiguoSeat::{East, North, South};

const NODES: SearchBudget = SearchBudget::Nodes(3_000);

#[test]
fn layouts_are_valid_on_every_arm_and_vary_from_seed_to_seed() {
    for level in Level::ALL {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..100 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let layouts: Vec<_> = (0..4).map(|_| siguo_layout(level, &mut rng)).collect();
            let position =
                SiguoPosition::new([&layouts[0], &layouts[1], &layouts[2], &layouts[3]], South);
            // The notation refuses a flag off its headquarters, a mine off rows 1–2 and a
            // seat over its counts: reading the start back checks every arm's deployment.
            let text = position.to_string();
            let read: SiguoPosition = text.parse().unwrap_or_else(|e| panic!("{level}: {e}"));
            assert_eq!(read, position);
            for seat in SiguoSeat::ALL {
                assert_eq!(position.posts_of(seat).len(), 25, "{level} {seat}");
                assert!(position.has_legal_move(seat));
            }
            seen.insert(layouts[0].to_string());
        }
        assert!(seen.len() >= 95, "{level}: {} distinct layouts", seen.len());
    }
}

/// `layout` with the pieces on `a` and `b` (owner's frame) exchanged.
fn swapped(layout: &crate::standard::Layout, a: &str, b: &str) -> crate::standard::Layout {
    let a: Post = a.parse().expect("a post");
    let b: Post = b.parse().expect("a post");
    layout.swap(a, b).expect("a valid swap")
}

/// Two starts that differ only in pieces South is not shown under `mode`: an enemy's marshal
/// and captain exchanged, and under `dark` its ally's too.
fn twin_starts(mode: SiguoViewMode, seed: u64) -> [SiguoPosition; 2] {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let layouts: Vec<_> = (0..4)
        .map(|_| siguo_layout(Level::Hard, &mut rng))
        .collect();
    let mut changed = layouts.clone();
    for seat in [East, North] {
        if seat == North && mode != SiguoViewMode::Dark {
            continue;
        }
        let layout = &layouts[seat.index()];
        let find = |kind: Kind| {
            layout
                .pieces()
                .find(|(_, k)| *k == kind)
                .map(|(post, _)| post.to_string())
                .expect("every army has one")
        };
        changed[seat.index()] = swapped(layout, &find(Kind::Marshal), &find(Kind::Captain));
    }
    let start =
        |l: &Vec<crate::standard::Layout>| SiguoPosition::new([&l[0], &l[1], &l[2], &l[3]], South);
    [start(&layouts), start(&changed)]
}

#[test]
fn choices_depend_only_on_what_the_seat_was_shown() {
    for mode in [SiguoViewMode::Dark, SiguoViewMode::Allies] {
        for seed in 0..3 {
            let [mut a, mut b] = twin_starts(mode, seed);
            assert_ne!(a, b, "the twins differ");
            let view = |p: &SiguoPosition, r: &SiguoReveals| {
                SiguoView::new(p, r, mode, SiguoViewer::Seat(South))
            };
            let reveals = SiguoReveals::default();
            let rules = SiguoRules::default();
            let mut beliefs = [&a, &b].map(|p| SiguoBelief::new(South, &view(p, &reveals), rules));
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut compared = 0;
            for step in 0..12 {
                if a.turn == South {
                    assert_eq!(format!("{:?}", beliefs[0]), format!("{:?}", beliefs[1]));
                    for level in Level::ALL {
                        let choices = beliefs
                            .each_ref()
                            .map(|belief| choose_siguo(belief, level, step, NODES));
                        assert_eq!(choices[0], choices[1], "{mode} seed {seed} {level}");
                        compared += 1;
                    }
                }
                // The same plain move on both boards (no attack: its verdict would tell).
                let quiet: Vec<SiguoAction> = a
                    .legal_actions()
                    .into_iter()
                    .filter(|action| a.piece(action.to).is_none())
                    .collect();
                let action = quiet[rng.next_u32() as usize % quiet.len()];
                let (judgement_a, _) = a.apply(action).expect("legal on the first");
                let (judgement_b, _) = b.apply(action).expect("legal on the twin");
                let observed = [&judgement_a, &judgement_b].map(SiguoObservation::of);
                assert_eq!(observed[0], observed[1]);
                beliefs[0].observe(&observed[0], &view(&a, &reveals));
                beliefs[1].observe(&observed[1], &view(&b, &reveals));
            }
            assert_eq!(compared, 3 * Level::ALL.len(), "{mode}");
        }
    }
}

#[test]
fn every_level_takes_the_last_enemy_flag_when_it_can() {
    // West is out; East's flag is shown (its marshal fell) and South's general stands beside
    // it among many other moves. Taking it wins; a random chooser would rarely find it.
    for level in Level::ALL {
        for seed in 0..10 {
            let mut table = Table::new(
                &[
                    ("WB1", "."),
                    ("WE1", "."),
                    ("EB2", "S8"),
                    ("SA2", "S1"),
                    ("SC2", "S4"),
                    ("SE2", "S6"),
                    ("EE2", "E9"),
                ],
                South,
                SiguoViewMode::Dark,
            );
            table.reveals.everyone.insert(post("EB1"));
            let belief = table.fresh_belief();
            assert!(table.position.legal_actions().len() > 20);
            let report = choose_siguo(&belief, level, seed, NODES).expect("South acts");
            assert_eq!(
                report.action,
                SiguoAction::new(post("EB2"), post("EB1")),
                "{level} seed {seed}"
            );
        }
    }
}

#[test]
fn hard_and_master_save_their_allys_flag() {
    // East's shown lieutenant stands beside North's flag and acts next; South's general can
    // take it, or take East's shown major elsewhere. Only the first saves North.
    for level in [Level::Hard, Level::Master] {
        for seed in 0..5 {
            let mut table = Table::new(
                &[("NB2", "E2"), ("NC2", "S8"), ("SA2", "S7"), ("SA3", "E4")],
                South,
                SiguoViewMode::Allies,
            );
            table.reveals.team[0].insert(post("NB2"));
            table.reveals.team[0].insert(post("SA3"));
            let belief = table.fresh_belief();
            let report = choose_siguo(&belief, level, seed, NODES).expect("South acts");
            assert_eq!(
                report.action,
                SiguoAction::new(post("NC2"), post("NB2")),
                "{level} seed {seed}"
            );
        }
    }
}

#[test]
fn hard_beats_random_movers_and_games_end_legally() {
    let table = SiguoTable {
        mode: SiguoViewMode::Dark,
        rules: SiguoRules::default(),
        first: East,
        budget: SearchBudget::Nodes(2_000),
    };
    let mut points = 0.0;
    for seed in 0..4 {
        let team = if seed % 2 == 0 {
            Team::NorthSouth
        } else {
            Team::EastWest
        };
        let players = SiguoSeat::ALL.map(|seat| {
            if seat.team() == team {
                SiguoPlayer::Ai(Level::Hard)
            } else {
                SiguoPlayer::Random
            }
        });
        let summary = play_siguo_game(players, seed, 0, table);
        points += match summary.outcome {
            SiguoOutcome::Win(winner) if winner == team => 1.0,
            SiguoOutcome::Win(_) => 0.0,
            SiguoOutcome::Draw(_) => 0.5,
        };
        assert!(summary.decisions.iter().sum::<u32>() >= summary.actions);
    }
    assert!(points >= 3.5, "hard scored {points} of 4 against random");
}
