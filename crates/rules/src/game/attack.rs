//! The attack table of docs/rules.md §5 and §11, one table for every game: who may attack what,
//! and who is removed. The games differ only in the options of [`AttackRules`]: in 翻翻棋 every
//! target is seen before it is attacked, so an attack that could only lose is refused; in the
//! standard games the attacker cannot know, so every attack is judged and a losing one costs
//! the attacker.

use thiserror::Error;

use super::piece::{Kind, Piece};

/// What an allowed attack does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AttackResult {
    /// The target is removed and the attacker moves in.
    AttackerWins,
    /// Both pieces are removed.
    BothRemoved,
    /// The attacker is removed and the target stays (standard games only: in 翻翻棋 such an
    /// attack is refused).
    TargetHolds,
}

/// Why an attack is refused. Each reason speaks only of revealed pieces.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
pub enum AttackRefusal {
    #[error("you cannot attack your own piece")]
    OwnPiece,
    #[error("you cannot attack a face-down piece: flip it first")]
    FaceDown,
    #[error("a piece in a camp cannot be attacked")]
    InCamp,
    #[error("only an engineer (or a bomb) can take a landmine")]
    MineNeedsEngineer,
    #[error("the flag can only be attacked once all 3 of its landmines are gone")]
    FlagGuarded,
    #[error("a lower rank cannot attack a higher one")]
    LowerRank,
}

/// The options of the attack table: which game's reading of it applies.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum AttackRules {
    /// 翻翻棋 (docs/rules.md §5): attacks on a mine by anything but an engineer or a bomb, on a
    /// flag whose mines are not all gone, and by a lower rank are refused.
    #[default]
    Flip,
    /// 暗棋 and 明棋 (docs/rules.md §11): every attack is judged. A piece other than an
    /// engineer or a bomb that attacks a mine is removed with it, or alone when
    /// `mine_survives`; the flag may be taken at any time.
    Standard { mine_survives: bool },
}

/// Resolves `attacker` attacking a revealed enemy `target` that is not in a camp, under the
/// 翻翻棋 table. `target_mines_left` is how many landmines of the target's colour are still on
/// the board.
pub fn resolve(
    attacker: Piece,
    target: Piece,
    target_mines_left: u8,
) -> Result<AttackResult, AttackRefusal> {
    resolve_under(AttackRules::Flip, attacker, target, target_mines_left)
}

/// Resolves `attacker` attacking an enemy `target` that is not in a camp under `rules`. The
/// rows are read top down and the first that fits decides, so a bomb meeting a mine removes
/// both whatever the options.
pub fn resolve_under(
    rules: AttackRules,
    attacker: Piece,
    target: Piece,
    target_mines_left: u8,
) -> Result<AttackResult, AttackRefusal> {
    use AttackResult::*;
    let flip = rules == AttackRules::Flip;
    match (attacker.kind, target.kind) {
        (_, Kind::Bomb) => Ok(BothRemoved),
        (_, Kind::Flag) if flip && target_mines_left > 0 => Err(AttackRefusal::FlagGuarded),
        (Kind::Bomb, _) => Ok(BothRemoved),
        (_, Kind::Flag) => Ok(AttackerWins),
        (Kind::Engineer, Kind::Landmine) => Ok(AttackerWins),
        (_, Kind::Landmine) => match rules {
            AttackRules::Flip => Err(AttackRefusal::MineNeedsEngineer),
            AttackRules::Standard {
                mine_survives: false,
            } => Ok(BothRemoved),
            AttackRules::Standard {
                mine_survives: true,
            } => Ok(TargetHolds),
        },
        (a, t) => match (a.rank(), t.rank()) {
            (Some(a), Some(t)) if a > t => Ok(AttackerWins),
            (Some(a), Some(t)) if a == t => Ok(BothRemoved),
            _ if flip => Err(AttackRefusal::LowerRank),
            _ => Ok(TargetHolds),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::piece::Colour::{Black, Red};
    use AttackRefusal::*;
    use AttackResult::*;
    use Kind::*;

    type Expected = Result<AttackResult, AttackRefusal>;

    /// One row per row of docs/rules.md §5 (with the extra cases each row implies), and what
    /// the standard table (§11) answers, without and with `mine_survives`.
    #[test]
    fn attack_table() {
        let cases: &[(Kind, Kind, u8, Expected, Expected, Expected)] = &[
            // anything → bomb: both removed
            (
                Marshal,
                Bomb,
                3,
                Ok(BothRemoved),
                Ok(BothRemoved),
                Ok(BothRemoved),
            ),
            (
                Engineer,
                Bomb,
                3,
                Ok(BothRemoved),
                Ok(BothRemoved),
                Ok(BothRemoved),
            ),
            (
                Bomb,
                Bomb,
                3,
                Ok(BothRemoved),
                Ok(BothRemoved),
                Ok(BothRemoved),
            ),
            // bomb → anything (mine, rank piece): both removed, with or without mine_survives
            (
                Bomb,
                Landmine,
                3,
                Ok(BothRemoved),
                Ok(BothRemoved),
                Ok(BothRemoved),
            ),
            (
                Bomb,
                Marshal,
                3,
                Ok(BothRemoved),
                Ok(BothRemoved),
                Ok(BothRemoved),
            ),
            (
                Bomb,
                Engineer,
                3,
                Ok(BothRemoved),
                Ok(BothRemoved),
                Ok(BothRemoved),
            ),
            // engineer → mine: engineer moves in
            (
                Engineer,
                Landmine,
                3,
                Ok(AttackerWins),
                Ok(AttackerWins),
                Ok(AttackerWins),
            ),
            // other piece → mine: refused in flip; both removed, or the attacker alone
            (
                Marshal,
                Landmine,
                1,
                Err(MineNeedsEngineer),
                Ok(BothRemoved),
                Ok(TargetHolds),
            ),
            (
                Lieutenant,
                Landmine,
                3,
                Err(MineNeedsEngineer),
                Ok(BothRemoved),
                Ok(TargetHolds),
            ),
            // anything → flag: flip only with no mines left; standard at any time
            (
                Marshal,
                Flag,
                1,
                Err(FlagGuarded),
                Ok(AttackerWins),
                Ok(AttackerWins),
            ),
            (
                Bomb,
                Flag,
                2,
                Err(FlagGuarded),
                Ok(BothRemoved),
                Ok(BothRemoved),
            ),
            (
                Engineer,
                Flag,
                0,
                Ok(AttackerWins),
                Ok(AttackerWins),
                Ok(AttackerWins),
            ),
            (
                Lieutenant,
                Flag,
                0,
                Ok(AttackerWins),
                Ok(AttackerWins),
                Ok(AttackerWins),
            ),
            (
                Bomb,
                Flag,
                0,
                Ok(BothRemoved),
                Ok(BothRemoved),
                Ok(BothRemoved),
            ),
            // rank → rank
            (
                Marshal,
                General,
                3,
                Ok(AttackerWins),
                Ok(AttackerWins),
                Ok(AttackerWins),
            ),
            (
                Lieutenant,
                Engineer,
                3,
                Ok(AttackerWins),
                Ok(AttackerWins),
                Ok(AttackerWins),
            ),
            (
                Captain,
                Captain,
                3,
                Ok(BothRemoved),
                Ok(BothRemoved),
                Ok(BothRemoved),
            ),
            (
                Engineer,
                Engineer,
                3,
                Ok(BothRemoved),
                Ok(BothRemoved),
                Ok(BothRemoved),
            ),
            (
                General,
                Marshal,
                3,
                Err(LowerRank),
                Ok(TargetHolds),
                Ok(TargetHolds),
            ),
            (
                Engineer,
                Lieutenant,
                3,
                Err(LowerRank),
                Ok(TargetHolds),
                Ok(TargetHolds),
            ),
        ];
        let tables = [
            AttackRules::Flip,
            AttackRules::Standard {
                mine_survives: false,
            },
            AttackRules::Standard {
                mine_survives: true,
            },
        ];
        for &(attacker, target, mines, flip, standard, survives) in cases {
            for (rules, expected) in tables.into_iter().zip([flip, standard, survives]) {
                let (attacker, target) = (Piece::new(Red, attacker), Piece::new(Black, target));
                let got = resolve_under(rules, attacker, target, mines);
                assert_eq!(
                    got, expected,
                    "{attacker} → {target} with {mines} mines left under {rules:?}"
                );
            }
            let got = resolve(Piece::new(Red, attacker), Piece::new(Black, target), mines);
            assert_eq!(got, flip, "resolve is the flip table");
        }
    }
}
