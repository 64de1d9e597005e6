//! The attack table of docs/rules.md §5: who may attack what, and who is removed.

use thiserror::Error;

use super::piece::{Kind, Piece};

/// What an allowed attack does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AttackResult {
    /// The target is removed and the attacker moves in.
    AttackerWins,
    /// Both pieces are removed.
    BothRemoved,
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

/// Resolves `attacker` attacking a revealed enemy `target` that is not in a camp.
/// `target_mines_left` is how many landmines of the target's colour are still on the board.
pub fn resolve(
    attacker: Piece,
    target: Piece,
    target_mines_left: u8,
) -> Result<AttackResult, AttackRefusal> {
    use AttackResult::*;
    match (attacker.kind, target.kind) {
        (_, Kind::Bomb) => Ok(BothRemoved),
        (_, Kind::Flag) if target_mines_left > 0 => Err(AttackRefusal::FlagGuarded),
        (Kind::Bomb, _) => Ok(BothRemoved),
        (_, Kind::Flag) => Ok(AttackerWins),
        (Kind::Engineer, Kind::Landmine) => Ok(AttackerWins),
        (_, Kind::Landmine) => Err(AttackRefusal::MineNeedsEngineer),
        (a, t) => match (a.rank(), t.rank()) {
            (Some(a), Some(t)) if a > t => Ok(AttackerWins),
            (Some(a), Some(t)) if a == t => Ok(BothRemoved),
            _ => Err(AttackRefusal::LowerRank),
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

    /// One row per row of docs/rules.md §5 (with the extra cases each row implies).
    #[test]
    fn attack_table() {
        let cases: &[(Kind, Kind, u8, Result<AttackResult, AttackRefusal>)] = &[
            // anything → bomb: both removed
            (Marshal, Bomb, 3, Ok(BothRemoved)),
            (Engineer, Bomb, 3, Ok(BothRemoved)),
            (Bomb, Bomb, 3, Ok(BothRemoved)),
            // bomb → anything (mine, rank piece): both removed
            (Bomb, Landmine, 3, Ok(BothRemoved)),
            (Bomb, Marshal, 3, Ok(BothRemoved)),
            (Bomb, Engineer, 3, Ok(BothRemoved)),
            // engineer → mine: engineer moves in
            (Engineer, Landmine, 3, Ok(AttackerWins)),
            // other piece → mine: refused
            (Marshal, Landmine, 1, Err(MineNeedsEngineer)),
            (Lieutenant, Landmine, 3, Err(MineNeedsEngineer)),
            // anything → flag: only with no mines left
            (Marshal, Flag, 1, Err(FlagGuarded)),
            (Bomb, Flag, 2, Err(FlagGuarded)),
            (Engineer, Flag, 0, Ok(AttackerWins)),
            (Lieutenant, Flag, 0, Ok(AttackerWins)),
            (Bomb, Flag, 0, Ok(BothRemoved)),
            // rank → rank
            (Marshal, General, 3, Ok(AttackerWins)),
            (Lieutenant, Engineer, 3, Ok(AttackerWins)),
            (Captain, Captain, 3, Ok(BothRemoved)),
            (Engineer, Engineer, 3, Ok(BothRemoved)),
            (General, Marshal, 3, Err(LowerRank)),
            (Engineer, Lieutenant, 3, Err(LowerRank)),
        ];
        for &(attacker, target, mines, expected) in cases {
            let got = resolve(Piece::new(Red, attacker), Piece::new(Black, target), mines);
            assert_eq!(
                got, expected,
                "{attacker:?} → {target:?} with {mines} mines left"
            );
        }
    }
}
