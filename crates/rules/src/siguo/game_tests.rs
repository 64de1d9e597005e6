//! Whole games of 四国: the attack table in and out of headquarters, a start position from four
//! layouts, and a property test over random games.

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use super::*;
use crate::game::Kind;
use crate::standard::Layout;

#[test]
fn attack_results_in_and_out_of_headquarters() {
    use crate::game::AttackResult::*;
    use Kind::*;
    let rows = [
        (Marshal, Flag, false, AttackerWins),
        (Bomb, Flag, false, BothRemoved),
        (Bomb, Flag, true, AttackerWins),
        (Lieutenant, Landmine, false, BothRemoved),
        (Lieutenant, Landmine, true, AttackerWins),
        (Engineer, Landmine, false, AttackerWins),
        (Engineer, Marshal, true, AttackerWins),
        (Engineer, Marshal, false, TargetHolds),
        (Captain, Bomb, true, AttackerWins),
    ];
    for (attacker, target, in_headquarters, expected) in rows {
        assert_eq!(
            attack_result(attacker, target, in_headquarters),
            expected,
            "{attacker:?} → {target:?}, in a headquarters: {in_headquarters}"
        );
    }
}

/// The four seats' random layouts, `first` to act.
fn start(seed: u64) -> SiguoPosition {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let layouts: [Layout; 4] = std::array::from_fn(|_| Layout::random(&mut rng));
    let first = SiguoSeat::from_index(seed as usize % 4);
    SiguoPosition::new([&layouts[0], &layouts[1], &layouts[2], &layouts[3]], first)
}

#[test]
fn a_start_position_reads_back_and_every_seat_can_move() {
    let position = start(7);
    assert_eq!(position.pieces().count(), 100);
    let text = position.to_string();
    let read: SiguoPosition = text.parse().expect("its own notation");
    assert_eq!(read, position);
    for seat in SiguoSeat::ALL {
        assert!(position.has_legal_move(seat), "{seat}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any legal action keeps at most 25 pieces per seat, one piece per post, a seat to act
    /// that is in, and moves only of that seat's pieces; the position reads back its notation.
    #[test]
    fn random_games_keep_the_invariants(
        seed in any::<u64>(),
        picks in proptest::collection::vec(any::<u16>(), 600),
    ) {
        let mut position = start(seed);
        // Longer games than the default quiet run allows, so that seats go out.
        position.rules.quiet_draw = 150;
        for pick in picks {
            let actions = position.legal_actions();
            if actions.is_empty() {
                prop_assert!(position.outcome().is_some(), "stuck without an end: {}", position);
                break;
            }
            let chosen = actions[pick as usize % actions.len()];
            prop_assert_eq!(position.check(chosen), Ok(()));
            let (_, outcome) = position.play_unchecked(chosen);
            let mut seen = PostSet::EMPTY;
            for seat in SiguoSeat::ALL {
                let posts = position.posts_of(seat);
                prop_assert!(posts.len() <= 25);
                prop_assert!(!posts.intersects(seen), "two pieces on a post");
                seen |= posts;
                for at in posts {
                    prop_assert_eq!(position.piece(at).map(|p| p.seat), Some(seat));
                }
            }
            prop_assert_eq!(position.pieces().count(), seen.len());
            prop_assert!(!position.is_out(position.turn), "{} to act but out", position.turn);
            for next in position.legal_actions() {
                let mover = position.piece(next.from).map(|p| p.seat);
                prop_assert_eq!(mover, Some(position.turn));
            }
            let mut read: SiguoPosition = position.to_string().parse().expect("its own notation");
            read.rules = position.rules;
            prop_assert_eq!(&read, &position);
            if outcome.is_some() {
                prop_assert_eq!(position.outcome(), outcome);
                prop_assert!(position.legal_actions().is_empty());
                break;
            }
        }
    }
}
