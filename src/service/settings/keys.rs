//! The keys of `/settings`: their names (the interface: `turn_secs`, `language`, …), how a
//! typed value is read, how a stored value is kept as text, and a guild's effective settings
//! (what it set over the config file's defaults).

use crate::config::{Config, Language, LanguageSetting};
use crate::store::GuildSettings;
use crate::words::settings::SettingValue;

/// A per-server setting.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Key {
    TurnSecs,
    MinTurnSecs,
    MaxTurnSecs,
    ChallengeExpirySecs,
    Language,
    GameThreads,
    RateAiGames,
    GamesChannels,
    OrganiserRole,
    MatchWindowPoints,
    MatchWindowGrowSecs,
    QueueExpirySecs,
    DeploySecs,
    MineSurvives,
    EngineerScouts,
    MaxLiveGamesPerMember,
}

/// The longest clock or expiry a server may set, in seconds (a day).
pub const MAX_SECS: u32 = 86_400;

/// The most live games a server may let one member play at once.
pub const MAX_LIVE_GAMES: u32 = 20;

/// The widest starting window of `/play` a server may set, in points.
pub const MAX_WINDOW_POINTS: u32 = 100_000;

impl Key {
    pub const ALL: [Key; 16] = [
        Key::TurnSecs,
        Key::MinTurnSecs,
        Key::MaxTurnSecs,
        Key::ChallengeExpirySecs,
        Key::Language,
        Key::GameThreads,
        Key::RateAiGames,
        Key::GamesChannels,
        Key::OrganiserRole,
        Key::MatchWindowPoints,
        Key::MatchWindowGrowSecs,
        Key::QueueExpirySecs,
        Key::DeploySecs,
        Key::MineSurvives,
        Key::EngineerScouts,
        Key::MaxLiveGamesPerMember,
    ];

    /// The key's name in `/settings` (its option name).
    pub fn name(self) -> &'static str {
        match self {
            Key::TurnSecs => "turn_secs",
            Key::MinTurnSecs => "min_turn_secs",
            Key::MaxTurnSecs => "max_turn_secs",
            Key::ChallengeExpirySecs => "challenge_expiry_secs",
            Key::Language => "language",
            Key::GameThreads => "game_threads",
            Key::RateAiGames => "rate_ai_games",
            Key::GamesChannels => "games_channels",
            Key::OrganiserRole => "organiser_role",
            Key::MatchWindowPoints => "match_window_points",
            Key::MatchWindowGrowSecs => "match_window_grow_secs",
            Key::QueueExpirySecs => "queue_expiry_secs",
            Key::DeploySecs => "deploy_secs",
            Key::MineSurvives => "mine_survives",
            Key::EngineerScouts => "engineer_scouts",
            Key::MaxLiveGamesPerMember => "max_live_games_per_member",
        }
    }

    pub fn from_name(name: &str) -> Option<Key> {
        Key::ALL.into_iter().find(|key| key.name() == name)
    }

    /// The smallest number of seconds the key takes.
    fn min_secs(self) -> u32 {
        match self {
            Key::ChallengeExpirySecs | Key::QueueExpirySecs | Key::DeploySecs => 10,
            _ => 1,
        }
    }
}

/// Why a typed value does not fit its key.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unfit {
    Secs { min: u32, max: u32 },
    Points { max: u32 },
    Count { max: u32 },
    Language,
    Flag,
    Channels,
    Role,
}

/// Reads a value typed (or stored) for `key`; channels and roles as ids or Discord mentions
/// (`<#1>`, `<@&2>`).
pub fn parse(key: Key, text: &str) -> Result<SettingValue, Unfit> {
    let text = text.trim();
    match key {
        Key::TurnSecs
        | Key::MinTurnSecs
        | Key::MaxTurnSecs
        | Key::ChallengeExpirySecs
        | Key::MatchWindowGrowSecs
        | Key::QueueExpirySecs
        | Key::DeploySecs => {
            let (min, max) = (key.min_secs(), MAX_SECS);
            text.parse::<u32>()
                .ok()
                .filter(|secs| (min..=max).contains(secs))
                .map(SettingValue::Secs)
                .ok_or(Unfit::Secs { min, max })
        }
        Key::MatchWindowPoints => text
            .parse::<u32>()
            .ok()
            .filter(|points| *points <= MAX_WINDOW_POINTS)
            .map(SettingValue::Points)
            .ok_or(Unfit::Points {
                max: MAX_WINDOW_POINTS,
            }),
        Key::MaxLiveGamesPerMember => text
            .parse::<u32>()
            .ok()
            .filter(|count| (1..=MAX_LIVE_GAMES).contains(count))
            .map(SettingValue::Count)
            .ok_or(Unfit::Count {
                max: MAX_LIVE_GAMES,
            }),
        Key::Language => match text {
            "auto" => Ok(SettingValue::Language(None)),
            tag => Language::from_tag(tag)
                .map(|language| SettingValue::Language(Some(language)))
                .ok_or(Unfit::Language),
        },
        Key::GameThreads | Key::RateAiGames | Key::MineSurvives | Key::EngineerScouts => {
            match text.to_lowercase().as_str() {
                "on" | "true" | "yes" => Ok(SettingValue::Flag(true)),
                "off" | "false" | "no" => Ok(SettingValue::Flag(false)),
                _ => Err(Unfit::Flag),
            }
        }
        Key::GamesChannels => {
            if text.is_empty() || text == "any" {
                return Ok(SettingValue::Channels(Vec::new()));
            }
            let mut channels = Vec::new();
            for word in text.split([',', ' ']).filter(|word| !word.is_empty()) {
                let bare = word.trim_start_matches("<#").trim_end_matches('>');
                let id = bare.parse::<u64>().ok();
                match id {
                    Some(id) if id != 0 && !channels.contains(&id) => channels.push(id),
                    Some(_) => {}
                    None => return Err(Unfit::Channels),
                }
            }
            Ok(SettingValue::Channels(channels))
        }
        Key::OrganiserRole => match text {
            "" | "none" => Ok(SettingValue::Role(None)),
            role => role
                .trim_start_matches("<@&")
                .trim_end_matches('>')
                .parse::<u64>()
                .ok()
                .filter(|id| *id != 0)
                .map(|id| SettingValue::Role(Some(id)))
                .ok_or(Unfit::Role),
        },
    }
}

/// A value as the store keeps it (read back by [`parse`]).
pub fn stored_text(value: &SettingValue) -> String {
    match value {
        SettingValue::Secs(n) | SettingValue::Points(n) | SettingValue::Count(n) => n.to_string(),
        SettingValue::Language(None) => "auto".into(),
        SettingValue::Language(Some(language)) => language.tag().into(),
        SettingValue::Flag(flag) => if *flag { "on" } else { "off" }.into(),
        SettingValue::Channels(channels) if channels.is_empty() => "any".into(),
        SettingValue::Channels(channels) => channels
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(","),
        SettingValue::Role(None) => "none".into(),
        SettingValue::Role(Some(role)) => role.to_string(),
    }
}

/// A guild's settings in force: what it set, else the config file's defaults.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Settings {
    pub turn_secs: u32,
    pub min_turn_secs: u32,
    pub max_turn_secs: u32,
    pub challenge_expiry_secs: u32,
    pub language: LanguageSetting,
    pub game_threads: bool,
    pub rate_ai_games: bool,
    pub games_channels: Vec<u64>,
    pub organiser_role: Option<u64>,
    /// `/play`: the starting points window, how often it grows, and when an entry lapses.
    pub match_window_points: u32,
    pub match_window_grow_secs: u32,
    pub queue_expiry_secs: u32,
    /// 暗棋 and 明棋: the deployment clock, and the rule options of docs/rules.md §11–12.
    pub deploy_secs: u32,
    pub mine_survives: bool,
    pub engineer_scouts: bool,
    /// How many live games one member may play at once (`/play`, `/challenge`, tournaments).
    pub max_live_games_per_member: u32,
}

fn language_setting(language: Option<Language>) -> LanguageSetting {
    match language {
        None => LanguageSetting::Auto,
        Some(Language::English) => LanguageSetting::English,
        Some(Language::ZhHans) => LanguageSetting::ZhHans,
        Some(Language::ZhHant) => LanguageSetting::ZhHant,
    }
}

impl Settings {
    /// The config file's defaults.
    pub fn defaults(config: &Config) -> Settings {
        Settings {
            turn_secs: config.turn_secs,
            min_turn_secs: config.min_turn_secs,
            max_turn_secs: config.max_turn_secs,
            challenge_expiry_secs: config.challenge_expiry_secs,
            language: config.language,
            game_threads: config.discord.game_threads,
            rate_ai_games: config.rate_ai_games,
            games_channels: Vec::new(),
            organiser_role: None,
            match_window_points: config.match_window_points,
            match_window_grow_secs: config.match_window_grow_secs,
            queue_expiry_secs: config.queue_expiry_secs,
            deploy_secs: config.deploy_secs,
            mine_survives: config.mine_survives,
            engineer_scouts: config.engineer_scouts,
            max_live_games_per_member: config.max_live_games_per_member,
        }
    }

    /// The defaults with what `stored` sets over them (a value this build cannot read is
    /// ignored: the default applies).
    pub fn resolve(config: &Config, stored: Option<&GuildSettings>) -> Settings {
        let mut settings = Settings::defaults(config);
        for (name, text) in stored.iter().flat_map(|stored| stored.values.iter()) {
            let Some(key) = Key::from_name(name) else {
                continue;
            };
            match parse(key, text) {
                Ok(value) => settings.set(key, value),
                Err(_) => tracing::warn!("guild settings: {name} = {text:?} is not readable"),
            }
        }
        settings
    }

    pub fn get(&self, key: Key) -> SettingValue {
        match key {
            Key::TurnSecs => SettingValue::Secs(self.turn_secs),
            Key::MinTurnSecs => SettingValue::Secs(self.min_turn_secs),
            Key::MaxTurnSecs => SettingValue::Secs(self.max_turn_secs),
            Key::ChallengeExpirySecs => SettingValue::Secs(self.challenge_expiry_secs),
            Key::Language => SettingValue::Language(self.language.fixed()),
            Key::GameThreads => SettingValue::Flag(self.game_threads),
            Key::RateAiGames => SettingValue::Flag(self.rate_ai_games),
            Key::GamesChannels => SettingValue::Channels(self.games_channels.clone()),
            Key::OrganiserRole => SettingValue::Role(self.organiser_role),
            Key::MatchWindowPoints => SettingValue::Points(self.match_window_points),
            Key::MatchWindowGrowSecs => SettingValue::Secs(self.match_window_grow_secs),
            Key::QueueExpirySecs => SettingValue::Secs(self.queue_expiry_secs),
            Key::DeploySecs => SettingValue::Secs(self.deploy_secs),
            Key::MineSurvives => SettingValue::Flag(self.mine_survives),
            Key::EngineerScouts => SettingValue::Flag(self.engineer_scouts),
            Key::MaxLiveGamesPerMember => SettingValue::Count(self.max_live_games_per_member),
        }
    }

    /// Sets `key` to `value` (a value of another kind is ignored).
    pub fn set(&mut self, key: Key, value: SettingValue) {
        match (key, value) {
            (Key::TurnSecs, SettingValue::Secs(secs)) => self.turn_secs = secs,
            (Key::MinTurnSecs, SettingValue::Secs(secs)) => self.min_turn_secs = secs,
            (Key::MaxTurnSecs, SettingValue::Secs(secs)) => self.max_turn_secs = secs,
            (Key::ChallengeExpirySecs, SettingValue::Secs(secs)) => {
                self.challenge_expiry_secs = secs;
            }
            (Key::Language, SettingValue::Language(language)) => {
                self.language = language_setting(language);
            }
            (Key::GameThreads, SettingValue::Flag(flag)) => self.game_threads = flag,
            (Key::RateAiGames, SettingValue::Flag(flag)) => self.rate_ai_games = flag,
            (Key::GamesChannels, SettingValue::Channels(channels)) => {
                self.games_channels = channels;
            }
            (Key::OrganiserRole, SettingValue::Role(role)) => self.organiser_role = role,
            (Key::MatchWindowPoints, SettingValue::Points(points)) => {
                self.match_window_points = points;
            }
            (Key::MatchWindowGrowSecs, SettingValue::Secs(secs)) => {
                self.match_window_grow_secs = secs;
            }
            (Key::QueueExpirySecs, SettingValue::Secs(secs)) => self.queue_expiry_secs = secs,
            (Key::DeploySecs, SettingValue::Secs(secs)) => self.deploy_secs = secs,
            (Key::MineSurvives, SettingValue::Flag(flag)) => self.mine_survives = flag,
            (Key::EngineerScouts, SettingValue::Flag(flag)) => self.engineer_scouts = flag,
            (Key::MaxLiveGamesPerMember, SettingValue::Count(count)) => {
                self.max_live_games_per_member = count;
            }
            _ => {}
        }
    }

    /// Whether a game may be started in `channel` (`/challenge`, `/play`, `/tournament`).
    pub fn allows_games_in(&self, channel: u64) -> bool {
        self.games_channels.is_empty() || self.games_channels.contains(&channel)
    }

    /// Whether a member with these rights organises (tournaments, `/cancel`): `permission` is
    /// the Discord permission that also does (Manage Events, Manage Messages).
    pub fn organises(&self, permission: bool, roles: &[u64]) -> bool {
        permission
            || self
                .organiser_role
                .is_some_and(|role| roles.contains(&role))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_values_read_back() {
        let values = [
            (Key::TurnSecs, SettingValue::Secs(45)),
            (Key::Language, SettingValue::Language(None)),
            (
                Key::Language,
                SettingValue::Language(Some(Language::ZhHant)),
            ),
            (Key::GameThreads, SettingValue::Flag(false)),
            (Key::GamesChannels, SettingValue::Channels(vec![])),
            (Key::GamesChannels, SettingValue::Channels(vec![5, 7])),
            (Key::OrganiserRole, SettingValue::Role(Some(9))),
            (Key::OrganiserRole, SettingValue::Role(None)),
            (Key::MatchWindowPoints, SettingValue::Points(0)),
            (Key::MatchWindowPoints, SettingValue::Points(250)),
            (Key::MatchWindowGrowSecs, SettingValue::Secs(15)),
            (Key::QueueExpirySecs, SettingValue::Secs(120)),
        ];
        for (key, value) in values {
            assert_eq!(parse(key, &stored_text(&value)), Ok(value));
        }
    }

    #[test]
    fn unfit_values_are_refused() {
        assert!(parse(Key::TurnSecs, "0").is_err());
        assert!(parse(Key::TurnSecs, "ten").is_err());
        assert!(parse(Key::ChallengeExpirySecs, "5").is_err());
        assert!(parse(Key::QueueExpirySecs, "5").is_err());
        assert!(parse(Key::MatchWindowGrowSecs, "0").is_err());
        assert!(parse(Key::MatchWindowPoints, "-1").is_err());
        assert!(parse(Key::MatchWindowPoints, "100001").is_err());
        assert!(parse(Key::Language, "fr").is_err());
        assert!(parse(Key::GameThreads, "maybe").is_err());
        assert!(parse(Key::GamesChannels, "<#x>").is_err());
        assert_eq!(
            parse(Key::GamesChannels, "<#5> <#7>"),
            Ok(SettingValue::Channels(vec![5, 7]))
        );
    }
}
