//! The names of the bot's commands and their options as each surface shows them: the console's
//! own syntax (`/challenge`, English everywhere), and on Discord the name the member's client
//! shows for the message's language (`/挑战` in 简体). Discord registers the commands with these
//! localisations (and the rest of what it shows in Chinese, from `registration`).

use super::Surface;
use crate::config::Language;

/// A slash command the bot has on every surface.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cmd {
    Challenge,
    Flip,
    Move,
    Moves,
    Board,
    Resign,
    Draw,
    Abandon,
    Rematch,
    Rank,
    Leaderboard,
    Export,
    Rules,
    Help,
    History,
    Replay,
    Analyse,
    Games,
    Tournament,
    Play,
    Settings,
    Cancel,
}

/// An option of a command that texts tell members to fill in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Opt {
    /// `/replay`'s game number.
    ReplayGame,
}

impl Cmd {
    pub const ALL: [Cmd; 22] = [
        Cmd::Challenge,
        Cmd::Flip,
        Cmd::Move,
        Cmd::Moves,
        Cmd::Board,
        Cmd::Resign,
        Cmd::Draw,
        Cmd::Abandon,
        Cmd::Rematch,
        Cmd::Rank,
        Cmd::Leaderboard,
        Cmd::Export,
        Cmd::Rules,
        Cmd::Help,
        Cmd::History,
        Cmd::Replay,
        Cmd::Analyse,
        Cmd::Games,
        Cmd::Tournament,
        Cmd::Play,
        Cmd::Settings,
        Cmd::Cancel,
    ];

    /// English (the registered name), 简体 (`zh-CN`) and 繁體 (`zh-TW`).
    pub fn names(self) -> [&'static str; 3] {
        match self {
            Cmd::Challenge => ["challenge", "挑战", "挑戰"],
            Cmd::Flip => ["flip", "翻棋", "翻棋"],
            Cmd::Move => ["move", "走棋", "走棋"],
            Cmd::Moves => ["moves", "走法", "走法"],
            Cmd::Board => ["board", "棋盘", "棋盤"],
            Cmd::Resign => ["resign", "认输", "認輸"],
            Cmd::Draw => ["draw", "求和", "求和"],
            Cmd::Abandon => ["abandon", "逃跑", "逃跑"],
            Cmd::Rematch => ["rematch", "再战", "再戰"],
            Cmd::Rank => ["rank", "等级", "等級"],
            Cmd::Leaderboard => ["leaderboard", "排行榜", "排行榜"],
            Cmd::Export => ["export", "导出", "匯出"],
            Cmd::Rules => ["rules", "规则", "規則"],
            Cmd::Help => ["help", "帮助", "幫助"],
            Cmd::History => ["history", "战绩", "戰績"],
            Cmd::Replay => ["replay", "回放", "回放"],
            Cmd::Analyse => ["analyse", "分析", "分析"],
            Cmd::Games => ["games", "对局", "對局"],
            Cmd::Tournament => ["tournament", "锦标赛", "錦標賽"],
            Cmd::Play => ["play", "匹配", "配對"],
            Cmd::Settings => ["settings", "设置", "設定"],
            Cmd::Cancel => ["cancel", "取消对局", "取消對局"],
        }
    }
}

impl Opt {
    pub const ALL: [Opt; 1] = [Opt::ReplayGame];

    /// The command it belongs to, then its names as [`Cmd::names`] (from [`Cmd::options`]).
    pub fn names(self) -> (Cmd, [&'static str; 3]) {
        let (cmd, name) = match self {
            Opt::ReplayGame => (Cmd::Replay, "game"),
        };
        let names = cmd
            .options()
            .iter()
            .find(|option| option.name == name)
            .and_then(|option| option.names);
        let [hans, hant] = names.unwrap_or([name; 2]);
        (cmd, [name, hans, hant])
    }
}

fn pick(lang: Language, names: [&'static str; 3]) -> &'static str {
    match lang {
        Language::English => names[0],
        Language::ZhHans => names[1],
        Language::ZhHant => names[2],
    }
}

/// `/name` of a command, as members of `surface` type it in a `lang` message.
pub fn slash(lang: Language, surface: Surface, command: Cmd) -> String {
    let names = command.names();
    match surface {
        Surface::Console => format!("/{}", names[0]),
        Surface::Discord => format!("/{}", pick(lang, names)),
    }
}

/// The name of an option as members of `surface` see it in a `lang` message (the console
/// takes options by position, so in English there it is a placeholder in capitals).
pub fn option(lang: Language, surface: Surface, option: Opt) -> String {
    let (_, names) = option.names();
    match (surface, lang) {
        (Surface::Console, Language::English) => names[0].to_uppercase(),
        _ => pick(lang, names).to_string(),
    }
}

/// The `/name`s a text tells members to type: a `/` at the start of a word (after a space,
/// an opening bracket or quote, a colon, a comma or a backtick), then letters, digits, `_` or
/// `-`. The tests use it to check that texts name only registered commands.
pub fn slash_names(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut names = Vec::new();
    for (index, c) in chars.iter().enumerate() {
        let starts_word = index == 0
            || chars[index - 1].is_whitespace()
            || "(（“「：:，,、`".contains(chars[index - 1]);
        if *c != '/' || !starts_word {
            continue;
        }
        let name: String = chars[index + 1..]
            .iter()
            .take_while(|c| c.is_alphanumeric() || **c == '_' || **c == '-')
            .collect();
        if !name.is_empty() {
            names.push(name);
        }
    }
    names
}
