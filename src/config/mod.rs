//! The bot's configuration: one TOML file (see `config.example.toml`) read with serde. Every
//! section refuses unknown keys, so a typo is an error naming the key rather than a silently
//! ignored setting; values are checked after reading and a bad one is named in the error.
//! [`Config::default`] is a complete configuration, so the console runs with no file at all.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::Rules;

mod shards;
pub use shards::{ShardRange, Shards};

/// The language of the bot's messages, titles and piece names.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub enum Language {
    /// Simplified Chinese.
    #[serde(rename = "zh-Hans")]
    ZhHans,
    /// Traditional Chinese.
    #[serde(rename = "zh-Hant")]
    ZhHant,
    #[default]
    #[serde(rename = "en")]
    English,
}

impl Language {
    /// The language's tag as the config writes it (BCP 47): `en`, `zh-Hans`, `zh-Hant`.
    pub fn tag(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::ZhHans => "zh-Hans",
            Language::ZhHant => "zh-Hant",
        }
    }

    /// The language of a [`Language::tag`].
    pub fn from_tag(tag: &str) -> Option<Language> {
        [Language::English, Language::ZhHans, Language::ZhHant]
            .into_iter()
            .find(|language| language.tag() == tag)
    }
}

/// Which language the bot speaks: `auto` (the default) follows each Discord member's client
/// language for private replies and the server's language for public messages (English in the
/// console); a fixed language is used everywhere.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub enum LanguageSetting {
    #[default]
    #[serde(rename = "auto")]
    Auto,
    #[serde(rename = "zh-Hans")]
    ZhHans,
    #[serde(rename = "zh-Hant")]
    ZhHant,
    #[serde(rename = "en")]
    English,
}

impl LanguageSetting {
    /// The forced language, or `None` for `auto`.
    pub fn fixed(self) -> Option<Language> {
        match self {
            LanguageSetting::Auto => None,
            LanguageSetting::ZhHans => Some(Language::ZhHans),
            LanguageSetting::ZhHant => Some(Language::ZhHant),
            LanguageSetting::English => Some(Language::English),
        }
    }

    /// The language where no client language is known (the console, the bot's own messages
    /// after a restart): the fixed one, else English.
    pub fn or_english(self) -> Language {
        self.fixed().unwrap_or_default()
    }

    /// The language for a Discord locale (`zh-CN` → 简体; `zh-TW`, `zh-HK` → 繁體; anything
    /// else → English), unless a language is fixed.
    pub fn for_locale(self, locale: Option<&str>) -> Language {
        self.fixed()
            .unwrap_or_else(|| Language::from_locale(locale.unwrap_or("")))
    }
}

impl Language {
    /// Discord's client locale as one of the bot's languages.
    pub fn from_locale(locale: &str) -> Language {
        match locale {
            "zh-CN" | "zh-SG" => Language::ZhHans,
            "zh-TW" | "zh-HK" | "zh-MO" => Language::ZhHant,
            _ => Language::English,
        }
    }
}

/// How log lines are written to stderr.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// Human-readable lines; coloured only when stderr is a terminal.
    #[default]
    Text,
    /// One JSON object per line, for log collectors.
    Json,
}

/// Settings only the Discord front end reads.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DiscordConfig {
    /// The name of the environment variable holding the bot token (never the token itself).
    pub token_env: String,
    /// The Discord HTTP API base URL; `None` uses Discord's own. Tests point it at a local mock.
    pub api_base_url: Option<String>,
    /// Connect to this address (`host:port`) for `discord.com` instead of the one DNS gives,
    /// with TLS still checked for `discord.com` and serenity's rate limiter in force: for an
    /// egress gateway, or a test's fake Discord.
    pub api_address: Option<std::net::SocketAddr>,
    /// A PEM file of extra root certificates trusted for `discord.com` (with `api_address`).
    pub api_root_certificate: Option<PathBuf>,
    /// A guild to register the slash commands in at once (guild commands update instantly,
    /// global ones take up to an hour): for development.
    pub dev_guild: Option<u64>,
    /// Each game in a public thread made from its challenge message (the channel keeps the
    /// challenge and the result); off, or without the permission, games play in the channel.
    pub game_threads: bool,
    /// The gateway shards this process runs (`"0-3"`, inclusive); unset: all of them. A
    /// process owns the live games and challenges of the guilds on its shards, so a range
    /// other than all needs the shared PostgreSQL store.
    pub shards: Option<ShardRange>,
    /// How many shards the bot has in all, across every process.
    pub total_shards: u32,
}

impl Default for DiscordConfig {
    fn default() -> Self {
        DiscordConfig {
            token_env: "DISCORD_TOKEN".into(),
            api_base_url: None,
            api_address: None,
            api_root_certificate: None,
            dev_guild: None,
            game_threads: true,
            shards: None,
            total_shards: 1,
        }
    }
}

/// The whole configuration.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The data directory: the store in `store/`, images in `images/`, backups in `backups/`.
    pub data_dir: PathBuf,
    /// A `postgres://` URL: keep the store in that PostgreSQL database, shared by several bot
    /// processes, instead of the sled directory under `data_dir`. The DATABASE_URL environment
    /// variable overrides it.
    pub database_url: Option<String>,
    /// At start-up, how long to keep retrying a PostgreSQL database that cannot be reached
    /// (with backoff, each try logged) before giving up with an error.
    pub db_connect_timeout_secs: u64,
    pub language: LanguageSetting,
    /// `text` (default) or `json` log lines on stderr.
    pub log_format: LogFormat,
    /// Serve Prometheus metrics and `/healthz` on this address (e.g. "127.0.0.1:9100");
    /// off when unset.
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// A backup into DATA/backups every this many seconds (0: none on a schedule).
    pub backup_every_secs: u64,
    /// How many scheduled backups to keep (the oldest are deleted).
    pub backups_kept: usize,
    /// The turn clock of a challenge that does not name one, in seconds.
    pub turn_secs: u32,
    /// The shortest and longest turn clock a challenge may ask for.
    pub min_turn_secs: u32,
    pub max_turn_secs: u32,
    /// The "N seconds left" warning is sent when this many seconds of a turn remain (only on
    /// clocks longer than this).
    pub warning_secs: u32,
    /// An open challenge nobody answers lapses after this many seconds.
    pub challenge_expiry_secs: u32,
    /// A live game nobody has acted in for this many milliseconds sleeps: its tasks stop and it
    /// waits in memory, its clock in one shared timer, until its next command or clock event
    /// wakes it (a waiting game then costs a few KB instead of two tasks).
    pub actor_idle_ms: u64,
    /// A game starting within this many seconds of the last game between the same two players
    /// is a rematch: its base score is one higher (docs/rules.md §7).
    pub rematch_window_secs: u32,
    /// Image commands (`/board`, `/moves`, `/history`, `/replay`, board buttons) one member
    /// may send at once, and how many a minute after that (0: no limit). Discord only.
    pub image_burst: u32,
    pub images_per_minute: u32,
    /// The AI's thinking budget per move, in milliseconds…
    pub ai_budget_ms: u32,
    /// …unless its level has one of its own here (`[ai_budgets_ms]`, e.g. `master = 2000`).
    pub ai_budgets_ms: crate::ai::LevelBudgets,
    /// The AI level used when a challenge does not name one.
    pub ai_level: crate::ai::Level,
    /// Whether games against the AI change points and titles.
    pub rate_ai_games: bool,
    /// 暗棋 and 明棋: seconds both players have to deploy (docs/rules.md §10)…
    pub deploy_secs: u32,
    /// …and the rule options of §11–12, both off by default.
    pub mine_survives: bool,
    pub engineer_scouts: bool,
    /// For tests only: deal every game from this seed instead of a random one, so a scripted
    /// game is reproducible. The console also reads it from the JUNQI_TEST_SEED variable.
    pub test_seed: Option<u64>,
    /// For tests only: how many milliseconds a tournament "minute" lasts (its length, its
    /// `starts_in` and the live standings' 5 s between edits scale with it), so that a whole
    /// tournament plays in seconds. 60000 in real use.
    pub tournament_minute_ms: u32,
    /// Quick match (`/play`): two waiting members pair only when their points differ by at
    /// most this window…
    pub match_window_points: u32,
    /// …which grows by `match_window_points` for every this many seconds that the
    /// longer-waiting of the two has waited.
    pub match_window_grow_secs: u32,
    /// A queue entry nobody was paired with lapses after this many seconds.
    pub queue_expiry_secs: u32,
    /// How many live games one member may play at once: `/play` and `/challenge` refuse a
    /// member at the limit, and a tournament pairs only members under it.
    pub max_live_games_per_member: u32,
    /// For tests only: how many milliseconds a quick-match "second" lasts (the window's growth
    /// and the queue's expiry scale with it). 1000 in real use.
    pub queue_second_ms: u32,
    pub discord: DiscordConfig,
    /// The rule options of docs/rules.md (`junqi::game::Rules`).
    pub rules: Rules,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            data_dir: PathBuf::from("data"),
            database_url: None,
            db_connect_timeout_secs: 60,
            language: LanguageSetting::Auto,
            log_format: LogFormat::Text,
            metrics_addr: None,
            backup_every_secs: 3600,
            backups_kept: 48,
            turn_secs: 30,
            min_turn_secs: 1,
            max_turn_secs: 3600,
            warning_secs: 10,
            challenge_expiry_secs: 600,
            actor_idle_ms: 500,
            rematch_window_secs: 600,
            image_burst: 10,
            images_per_minute: 60,
            ai_budget_ms: 1000,
            ai_budgets_ms: crate::ai::LevelBudgets::default(),
            ai_level: crate::ai::Level::Normal,
            rate_ai_games: false,
            deploy_secs: 180,
            mine_survives: false,
            engineer_scouts: false,
            test_seed: None,
            tournament_minute_ms: 60_000,
            match_window_points: 100,
            match_window_grow_secs: 30,
            queue_expiry_secs: 600,
            max_live_games_per_member: 1,
            queue_second_ms: 1000,
            discord: DiscordConfig::default(),
            rules: Rules::default(),
        }
    }
}

/// Why a configuration could not be used.
#[derive(Debug, Error)]
pub enum ConfigError {
    #[error("cannot read the config file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("config file {path}: {message}")]
    Parse { path: PathBuf, message: String },
    #[error("config: `{key}` {reason}")]
    Invalid { key: &'static str, reason: String },
}

impl Config {
    /// The one loader of `run` and `console`: the file (or the defaults without one), then
    /// the command line's data directory, then the checks (so `--data ""` is refused too).
    pub fn resolve(file: Option<&Path>, data: Option<PathBuf>) -> Result<Config, ConfigError> {
        let mut config = match file {
            Some(path) => Config::load(path)?,
            None => Config::default(),
        };
        if let Some(data) = data {
            config.data_dir = data;
        }
        config.validate()?;
        Ok(config)
    }

    /// Reads and checks a config file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Config::parse(&text).map_err(|error| match error {
            ConfigError::Parse { message, .. } => ConfigError::Parse {
                path: path.to_path_buf(),
                message,
            },
            other => other,
        })
    }

    /// Reads and checks a config from TOML text.
    pub fn parse(text: &str) -> Result<Config, ConfigError> {
        let config: Config = toml::from_str(text).map_err(|error| ConfigError::Parse {
            path: PathBuf::from("<text>"),
            message: error.to_string().trim_end().to_string(),
        })?;
        config.validate()?;
        Ok(config)
    }

    /// Checks the values make sense together.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let invalid = |key, reason: &str| {
            Err(ConfigError::Invalid {
                key,
                reason: reason.to_string(),
            })
        };
        if let Err(reason) = check_data_dir(&self.data_dir) {
            return invalid("data_dir", &reason);
        }
        if self.discord.api_address.is_some() && self.discord.api_base_url.is_some() {
            return invalid(
                "api_address",
                "cannot be used with `api_base_url` (one sends to another URL, the other to another address)",
            );
        }
        if self.backups_kept == 0 {
            return invalid("backups_kept", "must be at least 1");
        }
        if !(1..=60_000).contains(&self.tournament_minute_ms) {
            return invalid(
                "tournament_minute_ms",
                "must be between 1 and 60000 (a real minute; smaller only for tests)",
            );
        }
        if !(1..=1000).contains(&self.queue_second_ms) {
            return invalid(
                "queue_second_ms",
                "must be between 1 and 1000 (a real second; smaller only for tests)",
            );
        }
        if self.match_window_grow_secs == 0 {
            return invalid("match_window_grow_secs", "must be at least 1");
        }
        if self.queue_expiry_secs == 0 {
            return invalid("queue_expiry_secs", "must be at least 1");
        }
        if !(1..=crate::service::MAX_LIVE_GAMES).contains(&self.max_live_games_per_member) {
            return invalid("max_live_games_per_member", "must be from 1 to 20");
        }
        if self.min_turn_secs == 0 {
            return invalid("min_turn_secs", "must be at least 1");
        }
        if self.max_turn_secs < self.min_turn_secs {
            return invalid("max_turn_secs", "must not be below min_turn_secs");
        }
        if !(self.min_turn_secs..=self.max_turn_secs).contains(&self.turn_secs) {
            return invalid(
                "turn_secs",
                "must lie between min_turn_secs and max_turn_secs",
            );
        }
        if let Some(url) = &self.database_url
            && !(url.starts_with("postgres://") || url.starts_with("postgresql://"))
        {
            return invalid("database_url", "must be a postgres:// URL");
        }
        if let Some(level) = self.ai_budgets_ms.zero() {
            return invalid("ai_budgets_ms", &format!("{level}: must be at least 1"));
        }
        if self.image_burst == 0 {
            return invalid("image_burst", "must be at least 1");
        }
        if self.challenge_expiry_secs == 0 {
            return invalid("challenge_expiry_secs", "must be at least 1");
        }
        if self.discord.token_env.trim().is_empty() {
            return invalid("discord.token_env", "must name an environment variable");
        }
        if let Err(reason) = self.shards_checked() {
            return invalid("discord.shards", &reason);
        }
        if let Err(reason) = self.rules.validate() {
            return invalid("rules", &reason);
        }
        Ok(())
    }
}

impl Config {
    /// The shards this process runs (all of them when `shards` is unset).
    pub fn shards(&self) -> Shards {
        self.shards_checked().unwrap_or(Shards::ALL_OF_ONE)
    }

    fn shards_checked(&self) -> Result<Shards, String> {
        let total = self.discord.total_shards;
        let range = self.discord.shards.unwrap_or(ShardRange {
            first: 0,
            last: total.saturating_sub(1),
        });
        Shards::new(range, total)
    }

    /// The command line's `--shards` and `--total-shards` over the config's, checked again.
    pub fn with_shards(
        mut self,
        range: Option<ShardRange>,
        total: Option<u32>,
    ) -> Result<Config, ConfigError> {
        if let Some(range) = range {
            self.discord.shards = Some(range);
        }
        if let Some(total) = total {
            self.discord.total_shards = total;
        }
        self.validate()?;
        Ok(self)
    }
}

/// Refuses a data directory that cannot be one: empty, with a NUL byte, or an existing file.
fn check_data_dir(dir: &Path) -> Result<(), String> {
    let bytes = dir.as_os_str().as_encoded_bytes();
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err("is empty: name a directory (e.g. \"data\")".into());
    }
    if bytes.contains(&0) {
        return Err("contains a NUL byte".into());
    }
    if dir.exists() && !dir.is_dir() {
        return Err(format!("{} exists and is not a directory", dir.display()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_may_have_a_budget_of_its_own() {
        let config = Config::parse("ai_budget_ms = 500\n[ai_budgets_ms]\nmaster = 3000\n").unwrap();
        let budget = |level| config.ai_budgets_ms.for_level(level, config.ai_budget_ms);
        assert_eq!(budget(crate::ai::Level::Master), 3000);
        assert_eq!(budget(crate::ai::Level::Hard), 500);
        let zero = Config::parse("[ai_budgets_ms]\nhard = 0\n").unwrap_err();
        assert!(zero.to_string().contains("ai_budgets_ms"), "{zero}");
        assert!(Config::parse("[ai_budgets_ms]\nexpert = 10\n").is_err());
    }

    #[test]
    fn empty_text_is_the_default() {
        assert_eq!(Config::parse("").unwrap(), Config::default());
    }

    #[test]
    fn the_example_file_reads_and_documents_every_option() {
        let text = include_str!("../../config.example.toml");
        let config = Config::parse(text).unwrap();
        assert_eq!(config.turn_secs, 30);
        // Every key of the default config appears in the example, uncommented or commented.
        let defaults = toml::to_string(&Config::default()).unwrap();
        for line in defaults.lines() {
            if let Some((key, _)) = line.split_once(" = ") {
                assert!(text.contains(&format!("{key} =")), "example lacks `{key}`");
            }
        }
        for key in [
            "test_seed",
            "api_base_url",
            "api_address",
            "api_root_certificate",
            "dev_guild",
            "metrics_addr",
        ] {
            assert!(text.contains(&format!("{key} =")), "example lacks `{key}`");
        }
    }

    #[test]
    fn errors_name_the_key() {
        let table = [
            ("turn_sec = 30", "turn_sec"),
            ("turn_secs = \"thirty\"", "turn_secs"),
            ("turn_secs = 0", "turn_secs"),
            ("tournament_minute_ms = 0", "tournament_minute_ms"),
            ("tournament_minute_ms = 60001", "tournament_minute_ms"),
            ("queue_second_ms = 0", "queue_second_ms"),
            ("match_window_grow_secs = 0", "match_window_grow_secs"),
            ("queue_expiry_secs = 0", "queue_expiry_secs"),
            ("max_live_games_per_member = 0", "max_live_games_per_member"),
            ("match_window_points = -1", "match_window_points"),
            ("language = \"fr\"", "language"),
            ("[rules]\nquiet_limt = 3", "quiet_limt"),
            ("[rules]\nply_limit = 0", "ply_limit"),
            ("[discord]\ntoken = \"x\"", "token"),
            ("[discord]\napi_address = \"discord:443\"", "api_address"),
            (
                "[discord]\napi_address = \"127.0.0.1:1\"\napi_base_url = \"http://x\"",
                "api_address",
            ),
            ("challenge_expiry_secs = 0", "challenge_expiry_secs"),
            ("data_dir = \"\"", "data_dir"),
            ("data_dir = \"  \"", "data_dir"),
            ("data_dir = \"a\\u0000b\"", "data_dir"),
            ("data_dir = \"Cargo.toml\"", "data_dir"),
            ("log_format = \"xml\"", "log_format"),
            ("metrics_addr = \"localhost\"", "metrics_addr"),
            ("backups_kept = 0", "backups_kept"),
            ("[discord]\nshards = \"0-3\"", "discord.shards"),
            (
                "[discord]\nshards = \"0-3\"\ntotal_shards = 3",
                "discord.shards",
            ),
            ("[discord]\ntotal_shards = 0", "discord.shards"),
            ("[discord]\nshards = \"3-1\"\ntotal_shards = 8", "shards"),
        ];
        for (text, key) in table {
            let message = Config::parse(text).unwrap_err().to_string();
            assert!(message.contains(key), "{text:?} gave {message:?}");
        }
    }

    #[test]
    fn the_command_line_data_dir_is_checked_too() {
        let error = Config::resolve(None, Some(PathBuf::new())).unwrap_err();
        assert!(error.to_string().contains("data_dir"), "{error}");
        let config = Config::resolve(None, Some(PathBuf::from("elsewhere"))).unwrap();
        assert_eq!(config.data_dir, PathBuf::from("elsewhere"));
    }

    #[test]
    fn shard_ranges_read_from_the_file_and_the_command_line() {
        let config = Config::parse("[discord]\nshards = \"0-3\"\ntotal_shards = 8").unwrap();
        let shards = config.shards();
        assert_eq!(
            (shards.range.first, shards.range.last, shards.total),
            (0, 3, 8)
        );
        assert!(!shards.is_all());
        assert!(Config::default().shards().is_all());
        let moved = config
            .clone()
            .with_shards(Some("4-7".parse().unwrap()), None)
            .unwrap();
        assert_eq!(moved.shards().range.first, 4);
        let error = config
            .with_shards(Some("4-8".parse().unwrap()), None)
            .unwrap_err();
        assert!(error.to_string().contains("discord.shards"), "{error}");
    }

    #[test]
    fn languages_read() {
        for (text, language) in [
            ("auto", LanguageSetting::Auto),
            ("zh-Hans", LanguageSetting::ZhHans),
            ("zh-Hant", LanguageSetting::ZhHant),
            ("en", LanguageSetting::English),
        ] {
            let config = Config::parse(&format!("language = \"{text}\"")).unwrap();
            assert_eq!(config.language, language);
        }
        assert_eq!(Config::default().language, LanguageSetting::Auto);
    }

    #[test]
    fn discord_locales_map_to_languages() {
        let table = [
            (LanguageSetting::Auto, Some("zh-CN"), Language::ZhHans),
            (LanguageSetting::Auto, Some("zh-TW"), Language::ZhHant),
            (LanguageSetting::Auto, Some("zh-HK"), Language::ZhHant),
            (LanguageSetting::Auto, Some("en-US"), Language::English),
            (LanguageSetting::Auto, Some("fr"), Language::English),
            (LanguageSetting::Auto, None, Language::English),
            (LanguageSetting::ZhHant, Some("en-US"), Language::ZhHant),
            (LanguageSetting::English, Some("zh-CN"), Language::English),
        ];
        for (setting, locale, expected) in table {
            assert_eq!(
                setting.for_locale(locale),
                expected,
                "{setting:?} {locale:?}"
            );
        }
    }
}
