//! The sentences of `/history`, `/replay` and `/games` in the three languages. Dates are
//! written as Discord timestamps (`<t:UNIX:d>`) and channels as mentions (`<#ID>`); the console
//! prints both its own way.

use super::Surface;
use super::{Cmd, Opt, colour, option, say, slash};
use crate::config::Language;
use crate::game::{Colour, DrawReason, WinReason};

pub fn history_title(
    lang: Language,
    name: &str,
    first: usize,
    last: usize,
    total: usize,
) -> String {
    say!(
        lang,
        "{name}'s finished games {first}–{last} of {total}, newest first:",
        "{name} 的已结束对局（第 {first}–{last} 局，共 {total} 局，最新在前）：",
        "{name} 的已結束對局（第 {first}–{last} 局，共 {total} 局，最新在前）："
    )
}

pub fn history_empty(lang: Language, name: &str) -> String {
    say!(
        lang,
        "{name} has no finished games yet.",
        "{name} 还没有已结束的对局。",
        "{name} 還沒有已結束的對局。"
    )
}

pub fn history_page_empty(lang: Language, name: &str, total: usize) -> String {
    say!(
        lang,
        "{name} has only {total} finished games: this page is empty.",
        "{name} 只有 {total} 局已结束的对局：这一页是空的。",
        "{name} 只有 {total} 局已結束的對局：這一頁是空的。"
    )
}

/// How the game ended for the player whose history it is.
pub fn result(
    lang: Language,
    won: Option<bool>,
    win: Option<WinReason>,
    draw: Option<DrawReason>,
) -> String {
    let how = match (win, draw) {
        (Some(reason), _) => win_word(lang, reason),
        (None, Some(reason)) => draw_word(lang, reason),
        (None, None) => String::new(),
    };
    match won {
        Some(true) => say!(lang, "won ({how})", "胜（{how}）", "勝（{how}）"),
        Some(false) => say!(lang, "lost ({how})", "负（{how}）", "負（{how}）"),
        None => say!(lang, "draw ({how})", "和（{how}）", "和（{how}）"),
    }
}

fn win_word(lang: Language, reason: WinReason) -> String {
    match reason {
        WinReason::Flag => say!(lang, "flag", "夺旗", "奪旗"),
        WinReason::NoMoves => say!(lang, "no moves", "无棋可走", "無棋可走"),
        WinReason::Timeouts => say!(lang, "timeouts", "超时", "超時"),
        WinReason::Repetition => say!(lang, "repetition", "重复走子", "重複走子"),
        WinReason::Resignation => say!(lang, "resignation", "认输", "認輸"),
        WinReason::Abandonment => say!(lang, "abandonment", "逃跑", "逃跑"),
    }
}

fn draw_word(lang: Language, reason: DrawReason) -> String {
    match reason {
        DrawReason::NoCapture => say!(lang, "no attacks", "久无吃子", "久無吃子"),
        DrawReason::PlyLimit => say!(lang, "action limit", "步数上限", "步數上限"),
        DrawReason::Agreement => say!(lang, "agreed", "双方同意", "雙方同意"),
        DrawReason::ClockLimit => say!(lang, "time limit", "对局时限", "對局時限"),
    }
}

/// One finished game in a history: `#12 <t:…:d> vs bob · red · won (flag) · +5 · 87 actions`.
pub struct HistoryRow<'a> {
    pub game: u64,
    /// 暗棋 and 明棋 are named; 翻翻棋, the default, is not.
    pub kind: crate::GameKind,
    pub ended_secs: u64,
    pub opponent: &'a str,
    pub colour: Option<Colour>,
    pub result: String,
    /// `None` for an unrated game.
    pub points: Option<i64>,
    pub actions: u16,
}

pub fn history_row(lang: Language, row: &HistoryRow<'_>) -> String {
    let HistoryRow {
        game,
        ended_secs,
        opponent,
        ..
    } = row;
    let colour = row.colour.map_or("—", |c| colour(lang, c));
    let result = &row.result;
    let points = match row.points {
        Some(points) => format!("{points:+}"),
        None => say!(lang, "unrated", "不计分", "不計分"),
    };
    let actions = row.actions;
    let game = match row.kind {
        crate::GameKind::Flip => game.to_string(),
        kind => format!("{game} · {}", super::deploy::kind_short(lang, kind)),
    };
    say!(
        lang,
        "#{game} <t:{ended_secs}:d> vs {opponent} · {colour} · {result} · {points} · {actions} actions",
        "#{game} <t:{ended_secs}:d> 对 {opponent} · {colour} · {result} · {points} · {actions} 步",
        "#{game} <t:{ended_secs}:d> 對 {opponent} · {colour} · {result} · {points} · {actions} 步"
    )
}

/// One cancelled game in a history: `#12 <t:…:d> vs bob · cancelled by carol: spam · 9 actions`.
pub fn cancelled_row(
    lang: Language,
    game: u64,
    ended_secs: u64,
    opponent: &str,
    by: &str,
    reason: &str,
    actions: u16,
) -> String {
    if reason.is_empty() {
        return say!(
            lang,
            "#{game} <t:{ended_secs}:d> vs {opponent} · cancelled by {by} · {actions} actions",
            "#{game} <t:{ended_secs}:d> 对 {opponent} · 被 {by} 取消 · {actions} 步",
            "#{game} <t:{ended_secs}:d> 對 {opponent} · 被 {by} 取消 · {actions} 步"
        );
    }
    say!(
        lang,
        "#{game} <t:{ended_secs}:d> vs {opponent} · cancelled by {by}: {reason} · {actions} actions",
        "#{game} <t:{ended_secs}:d> 对 {opponent} · 被 {by} 取消：{reason} · {actions} 步",
        "#{game} <t:{ended_secs}:d> 對 {opponent} · 被 {by} 取消：{reason} · {actions} 步"
    )
}

pub fn history_hint(lang: Language, surface: Surface) -> String {
    let replay = slash(lang, surface, Cmd::Replay);
    let game = option(lang, surface, Opt::ReplayGame);
    say!(
        lang,
        "`{replay} {game}` shows any of these games.",
        "用 `{replay} {game}` 回放其中任一局。",
        "用 `{replay} {game}` 回放其中任一局。"
    )
}

pub fn button_newer(lang: Language) -> String {
    say!(lang, "◀ Newer", "◀ 较新", "◀ 較新")
}

pub fn button_older(lang: Language) -> String {
    say!(lang, "Older ▶", "较早 ▶", "較早 ▶")
}

pub fn no_such_game(lang: Language, game: u64) -> String {
    say!(
        lang,
        "There is no game #{game}.",
        "没有第 {game} 号对局。",
        "沒有第 {game} 號對局。"
    )
}

pub fn replay_of_live_game(lang: Language, surface: Surface, game: u64) -> String {
    let board = slash(lang, surface, Cmd::Board);
    say!(
        lang,
        "Game #{game} is still being played: its replay comes when it ends (`{board}` shows it now).",
        "第 {game} 号对局仍在进行：结束后才能回放（现在可用 `{board}` 查看）。",
        "第 {game} 號對局仍在進行：結束後才能回放（現在可用 `{board}` 查看）。"
    )
}

pub fn speed_bounds(lang: Language, min: u32, max: u32) -> String {
    say!(
        lang,
        "The replay speed is {min}–{max} actions per second.",
        "回放速度为每秒 {min}–{max} 步。",
        "回放速度為每秒 {min}–{max} 步。"
    )
}

pub fn replay_failed(lang: Language, game: u64) -> String {
    say!(
        lang,
        "Game #{game} could not be replayed from its record; nothing was changed.",
        "第 {game} 号对局无法从记录回放；没有任何改动。",
        "第 {game} 號對局無法從記錄回放；沒有任何改動。"
    )
}

pub fn replay_caption(
    lang: Language,
    game: u64,
    names: &[String; 2],
    actions: usize,
    result: &str,
) -> String {
    let [a, b] = names;
    say!(
        lang,
        "Replay of game #{game}: {a} vs {b}, {actions} actions, {result}. The record replays with `junqi-bot apply`.",
        "第 {game} 号对局回放：{a} 对 {b}，{actions} 步，{result}。记录可用 `junqi-bot apply` 复核。",
        "第 {game} 號對局回放：{a} 對 {b}，{actions} 步，{result}。記錄可用 `junqi-bot apply` 複核。"
    )
}

pub fn games_title(lang: Language, count: usize) -> String {
    say!(
        lang,
        "Live games in this server: {count}",
        "本服务器进行中的对局：{count}",
        "本伺服器進行中的對局：{count}"
    )
}

pub fn games_empty(lang: Language, surface: Surface) -> String {
    let challenge = slash(lang, surface, Cmd::Challenge);
    say!(
        lang,
        "No games are being played in this server; `{challenge}` starts one.",
        "本服务器没有进行中的对局；用 `{challenge}` 开始一局。",
        "本伺服器沒有進行中的對局；用 `{challenge}` 開始一局。"
    )
}

pub fn games_row(
    lang: Language,
    game: u64,
    names: &[String; 2],
    actions: u16,
    to_act: &str,
    channel: u64,
) -> String {
    let [a, b] = names;
    say!(
        lang,
        "#{game} {a} vs {b} · action {actions} · {to_act} to act · <#{channel}>",
        "#{game} {a} 对 {b} · 第 {actions} 步 · 轮到 {to_act} · <#{channel}>",
        "#{game} {a} 對 {b} · 第 {actions} 步 · 輪到 {to_act} · <#{channel}>"
    )
}

pub fn replay_too_big(lang: Language, bytes: usize, game: u64) -> String {
    let megabytes = format!("{:.1}", bytes as f64 / (1024.0 * 1024.0));
    say!(
        lang,
        "The animation is {megabytes} MB, over Discord's upload limit: only the record is attached (an operator can make the animation with `junqi-bot replay --data DIR {game}`).",
        "动画有 {megabytes} MB，超过 Discord 的上传上限：只附上记录（管理员可用 `junqi-bot replay --data DIR {game}` 生成动画）。",
        "動畫有 {megabytes} MB，超過 Discord 的上傳上限：只附上記錄（管理員可用 `junqi-bot replay --data DIR {game}` 產生動畫）。"
    )
}

pub fn replay_frames_left_out(lang: Language, step: usize, game: u64) -> String {
    say!(
        lang,
        "To fit Discord's upload limit the animation shows every {step}th action (an operator can make the full one with `junqi-bot replay --data DIR {game}`).",
        "为了不超过 Discord 的上传上限，动画每 {step} 步显示一次（管理员可用 `junqi-bot replay --data DIR {game}` 生成完整动画）。",
        "為了不超過 Discord 的上傳上限，動畫每 {step} 步顯示一次（管理員可用 `junqi-bot replay --data DIR {game}` 產生完整動畫）。"
    )
}
