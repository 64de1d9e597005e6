//! The link between the two pieces of a battle a spectator saw neither of: every deal gives
//! such a pair kinds that give the verdict the referee announced, with each army's counts
//! exact, a row per verdict and attack table.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use super::*;
use crate::game::attack::resolve_under;
use crate::game::deal::below;
use crate::game::{AttackResult, Colour, Kind, Piece, StandardOptions};
use crate::standard::{Layout, Removed, StandardGame, Verdict, ViewCell, Viewer};

const HIDDEN: StandardOptions = StandardOptions {
    mine_survives: false,
    engineer_scouts: false,
    open: false,
};

const MINE_SURVIVES: StandardOptions = StandardOptions {
    mine_survives: true,
    ..HIDDEN
};

/// The rules' example layout (docs/rules.md §14) and one with its ranks moved about, so that
/// random play meets every kind of battle.
const LAYOUTS: [&str; 2] = [
    "6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4",
    "3,1,7,2,6/4,.,2,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4",
];

/// A battle the spectator saw between two pieces it knew neither of: the tokens of the
/// attacker and the target, and the verdict.
type Battle = (usize, usize, AttackResult);

fn result_of(gone: Removed) -> AttackResult {
    match gone {
        Removed::Target => AttackResult::AttackerWins,
        Removed::Attacker => AttackResult::TargetHolds,
        Removed::Both => AttackResult::BothRemoved,
    }
}

/// Random play from `seed` under `options`, a spectator watching, until a battle between two
/// pieces whose kinds it did not know gives `wanted` (or the game ends): the spectator's
/// knowledge then and every such battle it saw.
fn watch_until(options: StandardOptions, seed: u64, wanted: AttackResult) -> (Belief, Vec<Battle>) {
    let layouts = LAYOUTS.map(|text| text.parse::<Layout>().expect("a valid layout"));
    let [red, black] = if seed.is_multiple_of(2) {
        layouts
    } else {
        [layouts[1], layouts[0]]
    };
    let mut game = StandardGame::new(red, black, options, crate::game::Rules::default());
    let mut belief = Belief::spectator(&game.view(Viewer::Spectator), options);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut battles = Vec::new();
    while game.outcome().is_none() {
        let legal = game.legal_actions();
        let action = legal[below(&mut rng, legal.len() as u32) as usize];
        let (from, to) = action.squares();
        let uncertain = |square| {
            let token = belief.token_on(square)?;
            let shown = matches!(
                game.view(Viewer::Spectator).cell(square),
                ViewCell::Shown(_)
            );
            (!shown && belief.kinds_on(square)?.len() > 1).then_some(token)
        };
        let pair = uncertain(from).zip(uncertain(to));
        let verdict = game.act(game.to_act(), action).expect("legal");
        belief.observe(action, verdict, &game.view(Viewer::Spectator));
        if let (Some((attacker, target)), Verdict::Attacked(gone)) = (pair, verdict) {
            battles.push((attacker, target, result_of(gone)));
            if result_of(gone) == wanted {
                break;
            }
        }
    }
    (belief, battles)
}

#[test]
fn every_deal_gives_a_battle_of_unshown_pieces_its_verdict() {
    use AttackResult::*;
    let rows = [
        (HIDDEN, AttackerWins),
        (HIDDEN, TargetHolds),
        (HIDDEN, BothRemoved),
        (MINE_SURVIVES, AttackerWins),
        (MINE_SURVIVES, TargetHolds),
        (MINE_SURVIVES, BothRemoved),
    ];
    for (options, wanted) in rows {
        let rules = options.attack_rules();
        let (belief, battles) = (0..50)
            .map(|seed| watch_until(options, seed, wanted))
            .find(|(_, battles)| battles.iter().any(|battle| battle.2 == wanted))
            .expect("random play meets the battle");
        for seed in 0..500 {
            let dealt = belief.deal(&mut ChaCha8Rng::seed_from_u64(seed));
            for &(attacker, target, result) in &battles {
                let (attacker, target) = (dealt[attacker], dealt[target]);
                let got = resolve_under(
                    rules,
                    Piece::new(Colour::Red, attacker),
                    Piece::new(Colour::Black, target),
                    1,
                );
                assert_eq!(
                    got,
                    Ok(result),
                    "{wanted:?} under {options:?}, seed {seed}: {attacker:?} → {target:?}"
                );
            }
            for colour in Colour::BOTH {
                let mut counts = [0u8; 12];
                for token in belief.tokens_of(colour) {
                    counts[dealt[token].index()] += 1;
                }
                assert_eq!(counts, Kind::ALL.map(Kind::count), "{colour:?}'s counts");
            }
        }
    }
}
