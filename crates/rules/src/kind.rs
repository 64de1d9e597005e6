//! Which game a table plays: 翻翻棋, 暗棋 or 明棋. Ladders, challenges, the queue and records are
//! kept per kind; what sets the games' rules apart is asked of a [`Variant`](crate::game::Variant).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::{StandardOptions, Variant};

/// A game kind, as the `game` option of the commands names it.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum GameKind {
    /// 翻翻棋: every piece dealt face down (the default everywhere).
    #[default]
    Flip,
    /// 暗棋: each side deploys in secret and the bot referees.
    Dark,
    /// 明棋: deployed in private, played with every piece shown.
    Open,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown game \"{0}\": expected flip, dark or open")]
pub struct UnknownGameKind(pub String);

impl GameKind {
    pub const ALL: [GameKind; 3] = [GameKind::Flip, GameKind::Dark, GameKind::Open];

    /// The name commands, settings and the store use.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Flip => "flip",
            GameKind::Dark => "dark",
            GameKind::Open => "open",
        }
    }

    /// Whether the game starts with a deployment (布阵) instead of a deal.
    pub const fn deploys(self) -> bool {
        !matches!(self, GameKind::Flip)
    }

    /// The rules variant of this kind with the standard games' server options.
    pub fn variant(self, mine_survives: bool, engineer_scouts: bool) -> Variant {
        match self {
            GameKind::Flip => Variant::Flip,
            GameKind::Dark | GameKind::Open => Variant::Standard(StandardOptions {
                mine_survives,
                engineer_scouts,
                open: self == GameKind::Open,
            }),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = UnknownGameKind;
    fn from_str(text: &str) -> Result<GameKind, UnknownGameKind> {
        let text = text.trim();
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| UnknownGameKind(text.chars().take(40).collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_unknown_names_are_refused() {
        for kind in GameKind::ALL {
            assert_eq!(kind.name().parse::<GameKind>(), Ok(kind));
        }
        assert_eq!("DARK".parse::<GameKind>(), Ok(GameKind::Dark));
        assert_eq!(
            "siguo".parse::<GameKind>().unwrap_err().to_string(),
            "unknown game \"siguo\": expected flip, dark or open"
        );
        assert_eq!(GameKind::default(), GameKind::Flip);
    }

    #[test]
    fn only_the_standard_kinds_deploy_and_open_shows_every_piece() {
        assert!(!GameKind::Flip.deploys());
        assert_eq!(GameKind::Flip.variant(true, true), Variant::Flip);
        let Variant::Standard(dark) = GameKind::Dark.variant(true, false) else {
            panic!("dark is a standard game")
        };
        assert!(dark.mine_survives && !dark.engineer_scouts && !dark.open);
        let Variant::Standard(open) = GameKind::Open.variant(false, true) else {
            panic!("open is a standard game")
        };
        assert!(open.open && open.engineer_scouts);
    }
}
