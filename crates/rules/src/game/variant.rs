//! What sets one game of junqi apart from another, in one place: the shared code (the board's
//! movement, the attack table, the notation) asks a [`Variant`] instead of testing which game
//! it plays.
//!
//! 翻翻棋 (docs/rules.md §1–8) deals every piece face down and refuses attacks that could only
//! lose; the standard games 暗棋 and 明棋 (§9–14) deploy each army on its own half, lock the
//! headquarters and judge every attack. The 60-post board, the pieces and the attack table are
//! the same for all of them.
//!
//! 四国军棋 (§15–22) is `Variant::Siguo`: a 129-post board whose arms are named in their
//! owner's frame exactly as a [`crate::standard::Layout`] is, four seats in two teams, and the
//! standard attack table without options. Its board, seats and turn live in
//! [`crate::siguo`], which places a layout on an arm as [`crate::standard::Layout::place`]
//! places it on a half; the questions asked here (which attack table, whether headquarters
//! lock) keep their meaning with four seats.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::attack::AttackRules;
use super::rules::Rules;

/// The options of the standard games (docs/rules.md §11–12), all off by default.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct StandardOptions {
    /// A mine attacked by anything but an engineer or a bomb removes the attacker alone.
    pub mine_survives: bool,
    /// An engineer removed by an enemy rank piece it attacked shows that piece to everyone.
    pub engineer_scouts: bool,
    /// 明棋: every piece is shown to everyone once the game starts (暗棋 when false).
    pub open: bool,
}

/// A named option of the standard games, as `--rule NAME` writes it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum StandardRule {
    MineSurvives,
    EngineerScouts,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VariantError {
    #[error("unknown variant \"{0}\": expected flip, standard or siguo")]
    UnknownVariant(String),
    #[error("unknown rule \"{0}\": expected mine_survives or engineer_scouts")]
    UnknownRule(String),
    #[error("the rule {0} belongs to the standard games, not to flip")]
    RuleNotInFlip(StandardRule),
    #[error("the rule {0} is not offered in siguo")]
    RuleNotInSiguo(StandardRule),
}

impl StandardRule {
    pub const ALL: [StandardRule; 2] = [StandardRule::MineSurvives, StandardRule::EngineerScouts];

    pub const fn name(self) -> &'static str {
        match self {
            StandardRule::MineSurvives => "mine_survives",
            StandardRule::EngineerScouts => "engineer_scouts",
        }
    }
}

impl fmt::Display for StandardRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for StandardRule {
    type Err = VariantError;
    fn from_str(text: &str) -> Result<StandardRule, VariantError> {
        StandardRule::ALL
            .into_iter()
            .find(|rule| rule.name() == text.trim())
            .ok_or_else(|| VariantError::UnknownRule(text.chars().take(40).collect()))
    }
}

impl StandardOptions {
    /// These options with `rule` switched on.
    pub const fn with(mut self, rule: StandardRule) -> StandardOptions {
        match rule {
            StandardRule::MineSurvives => self.mine_survives = true,
            StandardRule::EngineerScouts => self.engineer_scouts = true,
        }
        self
    }

    pub const fn attack_rules(self) -> AttackRules {
        AttackRules::Standard {
            mine_survives: self.mine_survives,
        }
    }
}

/// Which game is played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum Variant {
    /// 翻翻棋, the flip game of docs/rules.md §1–8.
    #[default]
    Flip,
    /// 暗棋 or 明棋, the standard games of docs/rules.md §9–14.
    Standard(StandardOptions),
    /// 四国军棋, four players in two teams (docs/rules.md §15–22), with the standard deal.
    Siguo,
}

/// What the board's movement code needs to know of a game: its attack table and whether a
/// piece in a headquarters is locked there.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct MoveRules {
    pub attacks: AttackRules,
    pub hq_locks: bool,
}

impl From<Rules> for MoveRules {
    /// The flip game's movement under a server's rule options.
    fn from(rules: Rules) -> MoveRules {
        Variant::Flip.move_rules(&rules)
    }
}

impl Variant {
    pub const STANDARD: Variant = Variant::Standard(StandardOptions {
        mine_survives: false,
        engineer_scouts: false,
        open: false,
    });

    pub const fn attack_rules(self) -> AttackRules {
        match self {
            Variant::Flip => AttackRules::Flip,
            Variant::Standard(options) => options.attack_rules(),
            Variant::Siguo => AttackRules::Standard {
                mine_survives: false,
            },
        }
    }

    /// Whether a piece in a headquarters never moves: a server option in 翻翻棋, always in the
    /// standard games and 四国.
    pub const fn hq_locks(self, rules: &Rules) -> bool {
        match self {
            Variant::Flip => rules.hq_locks,
            Variant::Standard(_) | Variant::Siguo => true,
        }
    }

    pub const fn move_rules(self, rules: &Rules) -> MoveRules {
        MoveRules {
            attacks: self.attack_rules(),
            hq_locks: self.hq_locks(rules),
        }
    }

    /// Pieces start face down and are flipped (翻翻棋 only).
    pub const fn has_flips(self) -> bool {
        matches!(self, Variant::Flip)
    }

    /// This variant with `rule` switched on; the flip game and 四国 have no such rules.
    pub fn with(self, rule: StandardRule) -> Result<Variant, VariantError> {
        match self {
            Variant::Flip => Err(VariantError::RuleNotInFlip(rule)),
            Variant::Standard(options) => Ok(Variant::Standard(options.with(rule))),
            Variant::Siguo => Err(VariantError::RuleNotInSiguo(rule)),
        }
    }
}

/// `flip`, `standard` or `siguo`, as `--variant` writes it; the options are written apart.
impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Variant::Flip => "flip",
            Variant::Standard(_) => "standard",
            Variant::Siguo => "siguo",
        })
    }
}

/// Reads `flip`, `standard` (the standard games with every option off) or `siguo`.
impl FromStr for Variant {
    type Err = VariantError;
    fn from_str(text: &str) -> Result<Variant, VariantError> {
        match text.trim() {
            "flip" => Ok(Variant::Flip),
            "standard" => Ok(Variant::STANDARD),
            "siguo" => Ok(Variant::Siguo),
            _ => Err(VariantError::UnknownVariant(
                text.chars().take(40).collect(),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_and_rules_read_what_they_write() {
        for variant in [Variant::Flip, Variant::STANDARD, Variant::Siguo] {
            assert_eq!(variant.to_string().parse::<Variant>(), Ok(variant));
        }
        for rule in StandardRule::ALL {
            assert_eq!(rule.to_string().parse::<StandardRule>(), Ok(rule));
        }
        assert!("sigou".parse::<Variant>().is_err());
        assert_eq!(
            Variant::Siguo.with(StandardRule::MineSurvives),
            Err(VariantError::RuleNotInSiguo(StandardRule::MineSurvives))
        );
        assert!("mines_survive".parse::<StandardRule>().is_err());
        assert_eq!(
            Variant::Flip.with(StandardRule::MineSurvives),
            Err(VariantError::RuleNotInFlip(StandardRule::MineSurvives))
        );
    }

    #[test]
    fn standard_locks_headquarters_whatever_the_server_says() {
        let rules = Rules::default();
        assert!(!Variant::Flip.hq_locks(&rules));
        assert!(Variant::STANDARD.hq_locks(&rules));
        let locked = Rules {
            hq_locks: true,
            ..rules
        };
        assert!(Variant::Flip.hq_locks(&locked));
        let options = StandardOptions::default().with(StandardRule::MineSurvives);
        assert_eq!(
            Variant::Standard(options).attack_rules(),
            AttackRules::Standard {
                mine_survives: true
            }
        );
    }
}
