//! The words of `/settings` (a server's own settings): the keys' values as shown, where each
//! comes from, the before → after of a change, the log, and the refusals.

use super::{Surface, say};
use crate::config::Language;

/// A setting's value, as the service reads and shows it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SettingValue {
    /// A number of seconds.
    Secs(u32),
    /// A number of points (the quick-match window).
    Points(u32),
    /// A number of games.
    Count(u32),
    /// A language; `None`: `auto`.
    Language(Option<Language>),
    /// On or off.
    Flag(bool),
    /// Channels (empty: any channel).
    Channels(Vec<u64>),
    /// A role, or none.
    Role(Option<u64>),
}

/// A channel as a surface shows it: a link on Discord.
pub fn channel_mention(surface: Surface, channel: u64) -> String {
    match surface {
        Surface::Discord => format!("<#{channel}>"),
        Surface::Console => format!("#{channel}"),
    }
}

/// A value as shown in `/settings` and its log.
pub fn value_text(lang: Language, surface: Surface, value: &SettingValue) -> String {
    match value {
        SettingValue::Secs(secs) => say!(lang, "{secs} s", "{secs} 秒", "{secs} 秒"),
        SettingValue::Points(points) => match lang {
            Language::English => super::count_en(*points, "point", "points"),
            _ => say!(lang, "{points} points", "{points} 分", "{points} 分"),
        },
        SettingValue::Count(count) => match lang {
            Language::English => super::count_en(*count, "game", "games"),
            _ => say!(lang, "{count} games", "{count} 局", "{count} 局"),
        },
        SettingValue::Language(None) => say!(
            lang,
            "auto (each member's and the server's)",
            "自动（跟随成员与服务器）",
            "自動（跟隨成員與伺服器）"
        ),
        SettingValue::Language(Some(language)) => language.tag().to_string(),
        SettingValue::Flag(true) => say!(lang, "on", "开", "開"),
        SettingValue::Flag(false) => say!(lang, "off", "关", "關"),
        SettingValue::Channels(channels) if channels.is_empty() => {
            say!(lang, "any channel", "任意频道", "任意頻道")
        }
        SettingValue::Channels(channels) => channels
            .iter()
            .map(|channel| channel_mention(surface, *channel))
            .collect::<Vec<_>>()
            .join(" "),
        SettingValue::Role(None) => say!(lang, "none", "无", "無"),
        SettingValue::Role(Some(role)) => match surface {
            Surface::Discord => format!("<@&{role}>"),
            Surface::Console => format!("@&{role}"),
        },
    }
}

/// The heading of `/settings`.
pub fn settings_title(lang: Language) -> String {
    say!(
        lang,
        "This server's settings:",
        "本服务器的设置：",
        "本伺服器的設定："
    )
}

/// One key's line of `/settings`: `turn_secs: 45 s (server)`.
pub fn setting_line(lang: Language, key: &str, value: &str, from_server: bool) -> String {
    if from_server {
        say!(
            lang,
            "{key}: {value} (server)",
            "{key}：{value}（服务器）",
            "{key}：{value}（伺服器）"
        )
    } else {
        say!(
            lang,
            "{key}: {value} (default)",
            "{key}：{value}（默认）",
            "{key}：{value}（預設）"
        )
    }
}

/// One change: `turn_secs: 30 s → 45 s`.
pub fn setting_changed(lang: Language, key: &str, before: &str, after: &str) -> String {
    say!(
        lang,
        "{key}: {before} → {after}",
        "{key}：{before} → {after}",
        "{key}：{before} → {after}"
    )
}

/// The heading of a change's answer.
pub fn settings_changed_title(lang: Language) -> String {
    say!(lang, "Settings changed:", "设置已更改：", "設定已變更：")
}

/// One line of `/settings log`: when, who, what.
pub fn settings_log_line(
    lang: Language,
    at_secs: u64,
    name: &str,
    key: &str,
    before: &str,
    after: &str,
) -> String {
    say!(
        lang,
        "<t:{at_secs}:f> {name}: {key} {before} → {after}",
        "<t:{at_secs}:f> {name}：{key} {before} → {after}",
        "<t:{at_secs}:f> {name}：{key} {before} → {after}"
    )
}

pub fn settings_log_title(lang: Language) -> String {
    say!(
        lang,
        "The last changes of this server's settings:",
        "本服务器设置的最近更改：",
        "本伺服器設定的最近變更："
    )
}

pub fn settings_log_empty(lang: Language) -> String {
    say!(
        lang,
        "nobody has changed this server's settings yet",
        "还没有人更改过本服务器的设置",
        "還沒有人變更過本伺服器的設定"
    )
}

/// `/settings` without Manage Server.
pub fn settings_not_allowed(lang: Language) -> String {
    say!(
        lang,
        "only members with the Manage Server permission may change the bot's settings here",
        "只有拥有“管理服务器”权限的成员才能更改本服务器的机器人设置",
        "只有擁有「管理伺服器」權限的成員才能變更本伺服器的機器人設定"
    )
}

pub fn unknown_setting(lang: Language, key: &str, keys: &str) -> String {
    say!(
        lang,
        "there is no setting \"{key}\"; the settings are: {keys}",
        "没有名为“{key}”的设置；可用的设置有：{keys}",
        "沒有名為「{key}」的設定；可用的設定有：{keys}"
    )
}

/// A value that does not fit its key; nothing changed.
pub fn bad_setting(lang: Language, key: &str, value: &str, expected: &str) -> String {
    say!(
        lang,
        "{key}: \"{value}\" does not fit ({expected}); nothing changed",
        "{key}：“{value}”不合适（{expected}）；什么都没有改变",
        "{key}：「{value}」不合適（{expected}）；什麼都沒有改變"
    )
}

/// What a key takes, for [`bad_setting`].
pub fn expected_secs(lang: Language, min: u32, max: u32) -> String {
    say!(
        lang,
        "seconds from {min} to {max}",
        "{min} 到 {max} 秒",
        "{min} 到 {max} 秒"
    )
}

pub fn expected_points(lang: Language, max: u32) -> String {
    say!(
        lang,
        "points from 0 to {max}",
        "0 到 {max} 分",
        "0 到 {max} 分"
    )
}

pub fn expected_count(lang: Language, max: u32) -> String {
    say!(
        lang,
        "a number of games from 1 to {max}",
        "1 到 {max} 局",
        "1 到 {max} 局"
    )
}

pub fn expected_language(lang: Language) -> String {
    say!(
        lang,
        "auto, en, zh-Hans or zh-Hant",
        "auto、en、zh-Hans 或 zh-Hant",
        "auto、en、zh-Hans 或 zh-Hant"
    )
}

pub fn expected_flag(lang: Language) -> String {
    say!(lang, "on or off", "on 或 off", "on 或 off")
}

pub fn expected_channels(lang: Language) -> String {
    say!(
        lang,
        "channels, or \"any\"",
        "频道，或 “any”",
        "頻道，或「any」"
    )
}

pub fn expected_role(lang: Language) -> String {
    say!(
        lang,
        "a role, or \"none\"",
        "身份组，或 “none”",
        "身分組，或「none」"
    )
}

/// The turn clock's default must lie between its minimum and maximum.
pub fn clock_settings_disagree(lang: Language, min: u32, default: u32, max: u32) -> String {
    say!(
        lang,
        "the turn clock must satisfy min_turn_secs ≤ turn_secs ≤ max_turn_secs (here {min} ≤ {default} ≤ {max}); nothing changed",
        "回合时限须满足 min_turn_secs ≤ turn_secs ≤ max_turn_secs（此处为 {min} ≤ {default} ≤ {max}）；什么都没有改变",
        "回合時限須滿足 min_turn_secs ≤ turn_secs ≤ max_turn_secs（此處為 {min} ≤ {default} ≤ {max}）；什麼都沒有改變"
    )
}

/// `/challenge`, `/play` or `/tournament` outside the server's games channels.
pub fn games_channels_only(lang: Language, channels: &str) -> String {
    say!(
        lang,
        "games are played in {channels} on this server",
        "本服务器的对局在 {channels} 进行",
        "本伺服器的對局在 {channels} 進行"
    )
}
