//! The per-server settings of one guild (`/settings`): the values an admin set, by key, and the
//! last changes (who, when, what). One record per guild, rewritten whole on every change, on
//! both backends. The values are text by key, read by the service (`service/settings`): a key
//! added later needs no new record layout, and a value this build cannot read is ignored
//! there (the default applies) rather than making the record undecodable.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::records::UserId;

/// The record layout this build writes.
pub const GUILD_SETTINGS_VERSION: u16 = 1;

/// How many changes a guild's log keeps (`/settings log` shows them).
pub const SETTINGS_LOG_LEN: usize = 20;

/// One guild's settings: what its admins set (unset keys take the config's defaults).
#[derive(Clone, Serialize, Deserialize, PartialEq, Eq, Debug)]
pub struct GuildSettings {
    pub version: u16,
    pub guild: u64,
    /// Key → value as `/settings` reads it (`turn_secs` → `45`).
    pub values: BTreeMap<String, String>,
    /// The last [`SETTINGS_LOG_LEN`] changes, oldest first.
    pub log: Vec<SettingsChange>,
}

/// One change of one key.
#[derive(Clone, Serialize, Deserialize, PartialEq, Eq, Debug)]
pub struct SettingsChange {
    pub at_ms: u64,
    pub user: UserId,
    pub name: String,
    pub key: String,
    /// The value in force before and after, as the record keeps values (`30`, `auto`).
    pub before: String,
    pub after: String,
}

impl GuildSettings {
    /// A guild with nothing set.
    pub fn new(guild: u64) -> GuildSettings {
        GuildSettings {
            version: GUILD_SETTINGS_VERSION,
            guild,
            values: BTreeMap::new(),
            log: Vec::new(),
        }
    }

    /// Records a change, keeping the last [`SETTINGS_LOG_LEN`].
    pub fn remember(&mut self, change: SettingsChange) {
        self.log.push(change);
        let extra = self.log.len().saturating_sub(SETTINGS_LOG_LEN);
        self.log.drain(..extra);
    }
}
