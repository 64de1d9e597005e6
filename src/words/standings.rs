//! Points, titles, records, ranks and the leaderboard.

use super::deploy::kind_short;
use super::{count_en, say};
use crate::GameKind;
use crate::config::Language;

/// The ladder a `/rank` or `/leaderboard` shows, when it is not 翻翻棋's (the default).
pub fn ladder_heading(lang: Language, kind: GameKind) -> String {
    let name = kind_short(lang, kind);
    say!(lang, "{name} ladder", "{name}天梯", "{name}天梯")
}

/// A line of `/rank` naming another ladder the member stands on, and how to see it.
pub fn other_ladder(lang: Language, kind: GameKind, points: i64, title: &str) -> String {
    let name = kind_short(lang, kind);
    let points_en = count_en(points, "point", "points");
    let game = kind.name();
    say!(
        lang,
        "{name}: {points_en}, {title} (/rank game:{game})",
        "{name}：{points} 分，{title}（/rank game:{game}）",
        "{name}：{points} 分，{title}（/rank game:{game}）"
    )
}

pub fn points(lang: Language, points: i64) -> String {
    let points_en = count_en(points, "point", "points");
    say!(lang, "{points_en}", "{points} 分", "{points} 分")
}

pub fn next_title(lang: Language, title: &str, at: i64, needed: i64) -> String {
    say!(
        lang,
        "next title: {title} at {at} points ({needed} to go)",
        "下一等级：{title}（{at} 分，还差 {needed} 分）",
        "下一等級：{title}（{at} 分，還差 {needed} 分）"
    )
}

pub fn highest_title(lang: Language) -> String {
    say!(lang, "the highest title", "已是最高等级", "已是最高等級")
}

pub fn record(lang: Language, w: u32, l: u32, d: u32, abandoned: u32, games: u32) -> String {
    let games_en = count_en(games, "game", "games");
    say!(
        lang,
        "wins {w}, losses {l}, draws {d} ({abandoned} abandoned), {games_en}",
        "胜 {w}，负 {l}，和 {d}（逃跑 {abandoned}），共 {games} 局",
        "勝 {w}，負 {l}，和 {d}（逃跑 {abandoned}），共 {games} 局"
    )
}

pub fn position(lang: Language, position: usize) -> String {
    say!(
        lang,
        "position {position} on this server",
        "本服务器第 {position} 名",
        "本伺服器第 {position} 名"
    )
}

pub fn leaderboard_title(lang: Language, global: bool, kind: GameKind) -> String {
    let board = board_title(lang, global);
    match kind {
        GameKind::Flip => board,
        _ => format!("{} · {board}", ladder_heading(lang, kind)),
    }
}

fn board_title(lang: Language, global: bool) -> String {
    match global {
        true => say!(
            lang,
            "leaderboard (all servers):",
            "排行榜（所有服务器）：",
            "排行榜（所有伺服器）："
        ),
        false => say!(
            lang,
            "leaderboard (this server):",
            "排行榜（本服务器）：",
            "排行榜（本伺服器）："
        ),
    }
}

pub fn leaderboard_empty(lang: Language) -> String {
    say!(
        lang,
        "nobody has finished a game yet.",
        "还没有人下完一局。",
        "還沒有人下完一局。"
    )
}

#[allow(clippy::too_many_arguments)]
pub fn leaderboard_row(
    lang: Language,
    place: usize,
    name: &str,
    points: i64,
    title: &str,
    w: u32,
    l: u32,
    d: u32,
) -> String {
    let points_en = count_en(points, "point", "points");
    say!(
        lang,
        "{place}. {name} — {points_en}, {title} (W{w} L{l} D{d})",
        "{place}. {name} — {points} 分，{title}（胜{w} 负{l} 和{d}）",
        "{place}. {name} — {points} 分，{title}（勝{w} 負{l} 和{d}）"
    )
}

pub fn unrated_record(lang: Language, w: u32, l: u32, d: u32) -> String {
    say!(
        lang,
        "unrated games (against the bot): wins {w}, losses {l}, draws {d}",
        "不计分对局（对机器人）：胜 {w}，负 {l}，和 {d}",
        "不計分對局（對機器人）：勝 {w}，負 {l}，和 {d}"
    )
}
