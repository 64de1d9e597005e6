//! Rule options: the numbers of docs/rules.md §1 and §6 that a server may change, with the
//! defaults of the rules. Unknown keys are refused so that a typo in a config is not ignored.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// A piece standing in a headquarters cannot move (standard junqi). Off in the flip variant.
    pub hq_locks: bool,
    /// Consecutive actions without an attack that draw the game.
    pub quiet_limit: u16,
    /// Actions in all that draw the game.
    pub ply_limit: u16,
    /// The timeout that loses the game (the 3rd by default).
    pub timeouts_to_lose: u8,
    /// Actions that must have been played before resigning or offering a draw.
    pub actions_before_resign: u16,
    /// Draw offers each player may make in one game.
    pub draw_offers_per_player: u8,
    /// Seconds after which a game is drawn (3 hours).
    pub clock_limit_secs: u64,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            hq_locks: false,
            quiet_limit: 80,
            ply_limit: 300,
            timeouts_to_lose: 3,
            actions_before_resign: 50,
            draw_offers_per_player: 3,
            clock_limit_secs: 3 * 60 * 60,
        }
    }
}

impl Rules {
    /// Checks the numbers make a playable game.
    pub fn validate(&self) -> Result<(), String> {
        if self.quiet_limit == 0 || self.ply_limit == 0 {
            return Err("quiet_limit and ply_limit must be at least 1".into());
        }
        if self.timeouts_to_lose == 0 {
            return Err("timeouts_to_lose must be at least 1".into());
        }
        if self.clock_limit_secs == 0 {
            return Err("clock_limit_secs must be at least 1".into());
        }
        Ok(())
    }
}
