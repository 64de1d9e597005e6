//! Per-server settings (`/settings`): who may change them (Manage Server), showing every value
//! with where it comes from, changing one or several at once (answered before → after, all or
//! nothing), and the log of the last changes. Owns the cache of every guild's stored settings
//! of this process's shards: loaded at start, written through to the store under the guild's
//! lock, read synchronously wherever a setting applies (clocks, language, channels, roles).
//! Also keeps each guild's Discord language, to word the bot's public messages there.

mod keys;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

pub use keys::{Key, MAX_LIVE_GAMES, Settings};

use super::{Caller, Inner, Reply, Rights, ServiceError, lock, store_failure};
use crate::config::Language;
use crate::store::{GuildSettings, Place, SettingsChange};
use crate::words::settings as say;

/// Every guild's stored settings, by guild, and its Discord language.
#[derive(Default)]
pub(super) struct GuildCache {
    guilds: Mutex<HashMap<u64, GuildSettings>>,
    /// The public language of each guild (Discord's server language), as its last command or
    /// the gateway told: for the messages the bot sends on its own there, also right after a
    /// restart, when the gateway tells every guild's language before anyone types.
    languages: Mutex<HashMap<u64, Language>>,
}

impl GuildCache {
    /// Remembers that `guild`'s public messages are in `language`.
    pub(super) fn remember_language(&self, guild: u64, language: Language) {
        lock(&self.languages).insert(guild, language);
    }

    fn get(&self, guild: u64) -> Option<GuildSettings> {
        lock(&self.guilds).get(&guild).cloned()
    }

    fn put(&self, settings: GuildSettings) {
        lock(&self.guilds).insert(settings.guild, settings);
    }
}

/// Loads the stored settings of the guilds this process serves.
pub(super) async fn load(inner: &Arc<Inner>) -> Result<(), ServiceError> {
    let all = inner.store.all_guild_settings().await?;
    for settings in all.into_iter().filter(|s| inner.shards.owns_guild(s.guild)) {
        inner.guild_settings.put(settings);
    }
    Ok(())
}

impl Inner {
    /// The settings in force in `guild`.
    pub(super) fn settings(&self, guild: u64) -> Settings {
        Settings::resolve(&self.config, self.guild_settings.get(guild).as_ref())
    }

    /// The language of public messages at `place`: the server's fixed language, else the
    /// server's Discord language.
    pub(super) fn public_language(&self, place: Place) -> Language {
        if let Some(fixed) = self.settings(place.guild).language.fixed() {
            return fixed;
        }
        lock(&self.guild_settings.languages)
            .get(&place.guild)
            .copied()
            .unwrap_or_else(|| self.config.language.or_english())
    }
}

/// A changes' parse: `key:value` pairs as typed.
pub type Changes = Vec<(String, String)>;

/// `/settings` with `changes` (none: show every value).
pub(super) async fn settings(
    inner: &Arc<Inner>,
    caller: &Caller,
    lang: Language,
    rights: &Rights,
    changes: Changes,
) -> Reply {
    if !rights.manage_guild {
        return Reply::refusal(say::settings_not_allowed(lang));
    }
    let guild = caller.place.guild;
    if changes.is_empty() {
        return show(inner, guild, lang);
    }
    // One change at a time per guild: a second admin's change starts from the first's result.
    let guild_lock = inner.place_lock(Place {
        guild,
        channel: u64::MAX,
    });
    let _guard = guild_lock.lock().await;
    let stored = inner
        .guild_settings
        .get(guild)
        .unwrap_or_else(|| GuildSettings::new(guild));
    let (updated, lines) = match apply(inner, &stored, caller, lang, &changes) {
        Ok(done) => done,
        Err(refusal) => return refusal,
    };
    if let Err(error) = inner.store.put_guild_settings(&updated).await {
        return store_failure(&error.into(), lang);
    }
    inner.guild_settings.put(updated);
    let mut shown = vec![say::settings_changed_title(lang)];
    shown.extend(lines);
    Reply::private(shown)
}

/// `/settings` alone: every key, its value and where it comes from.
fn show(inner: &Inner, guild: u64, lang: Language) -> Reply {
    let stored = inner.guild_settings.get(guild);
    let settings = inner.settings(guild);
    let mut lines = vec![say::settings_title(lang)];
    for key in Key::ALL {
        let from_server = stored
            .as_ref()
            .is_some_and(|stored| stored.values.contains_key(key.name()));
        let value = say::value_text(lang, inner.surface, &settings.get(key));
        lines.push(say::setting_line(lang, key.name(), &value, from_server));
    }
    Reply::private(lines)
}

/// The record after `changes` and the before → after lines, or a refusal (nothing changes).
// A refusal travels as `Err(Reply)` once per command: boxing it would only add noise.
#[allow(clippy::result_large_err)]
fn apply(
    inner: &Inner,
    stored: &GuildSettings,
    caller: &Caller,
    lang: Language,
    changes: &Changes,
) -> Result<(GuildSettings, Vec<String>), Reply> {
    let surface = inner.surface;
    let mut updated = stored.clone();
    let mut lines = Vec::new();
    let now = super::now_ms();
    for (name, text) in changes {
        let Some(key) = Key::from_name(name) else {
            let all: Vec<&str> = Key::ALL.iter().map(|key| key.name()).collect();
            return Err(Reply::refusal(say::unknown_setting(
                lang,
                &short(name),
                &all.join(", "),
            )));
        };
        let old = Settings::resolve(&inner.config, Some(&updated)).get(key);
        if text.trim() == "default" {
            updated.values.remove(key.name());
        } else {
            let value = keys::parse(key, text).map_err(|unfit| {
                let expected = match unfit {
                    keys::Unfit::Secs { min, max } => say::expected_secs(lang, min, max),
                    keys::Unfit::Points { max } => say::expected_points(lang, max),
                    keys::Unfit::Count { max } => say::expected_count(lang, max),
                    keys::Unfit::Language => say::expected_language(lang),
                    keys::Unfit::Flag => say::expected_flag(lang),
                    keys::Unfit::Channels => say::expected_channels(lang),
                    keys::Unfit::Role => say::expected_role(lang),
                };
                Reply::refusal(say::bad_setting(lang, key.name(), &short(text), &expected))
            })?;
            updated
                .values
                .insert(key.name().to_string(), keys::stored_text(&value));
        }
        let new = Settings::resolve(&inner.config, Some(&updated)).get(key);
        lines.push(say::setting_changed(
            lang,
            key.name(),
            &say::value_text(lang, surface, &old),
            &say::value_text(lang, surface, &new),
        ));
        // Kept as the store writes values, so the log is worded in its reader's language.
        updated.remember(SettingsChange {
            at_ms: now,
            user: caller.user,
            name: caller.name.clone(),
            key: key.name().to_string(),
            before: keys::stored_text(&old),
            after: keys::stored_text(&new),
        });
    }
    let after = Settings::resolve(&inner.config, Some(&updated));
    if !(after.min_turn_secs <= after.turn_secs && after.turn_secs <= after.max_turn_secs) {
        return Err(Reply::refusal(say::clock_settings_disagree(
            lang,
            after.min_turn_secs,
            after.turn_secs,
            after.max_turn_secs,
        )));
    }
    Ok((updated, lines))
}

/// The start of what a member typed, for a refusal that repeats it.
fn short(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// `/settings log`: the last changes, oldest first.
pub(super) fn log(inner: &Inner, caller: &Caller, lang: Language, rights: &Rights) -> Reply {
    if !rights.manage_guild {
        return Reply::refusal(say::settings_not_allowed(lang));
    }
    let stored = inner.guild_settings.get(caller.place.guild);
    let changes = stored.map(|stored| stored.log).unwrap_or_default();
    if changes.is_empty() {
        return Reply::private(vec![say::settings_log_empty(lang)]);
    }
    let mut lines = vec![say::settings_log_title(lang)];
    let shown =
        |key: &str, value: &str| match Key::from_name(key).map(|key| keys::parse(key, value)) {
            Some(Ok(value)) => say::value_text(lang, inner.surface, &value),
            _ => value.to_string(),
        };
    lines.extend(changes.iter().map(|change| {
        say::settings_log_line(
            lang,
            change.at_ms / 1000,
            &change.name,
            &change.key,
            &shown(&change.key, &change.before),
            &shown(&change.key, &change.after),
        )
    }));
    Reply::private(lines)
}

/// The refusal of a game command outside the guild's games channels, if it is one.
pub(super) fn outside_games_channels(
    inner: &Inner,
    caller: &Caller,
    lang: Language,
) -> Option<Reply> {
    let settings = inner.settings(caller.place.guild);
    if settings.allows_games_in(caller.place.channel) {
        return None;
    }
    let channels = say::value_text(
        lang,
        inner.surface,
        &crate::words::settings::SettingValue::Channels(settings.games_channels),
    );
    Some(Reply::refusal(say::games_channels_only(lang, &channels)))
}
