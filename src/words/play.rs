//! The words of a game in play: the move guide, counters, resigning, draws, clocks and the
//! buttons of turn messages.

use super::Surface;
use super::say;
use crate::config::Language;

/// The three lines of a move guide; `to` and `attacks` list squares, or are empty.
pub fn guide(lang: Language, piece: &str, square: &str, to: &str, attacks: &str) -> Vec<String> {
    let none = say!(lang, "none", "无", "無");
    let to = if to.is_empty() {
        none.clone()
    } else {
        to.to_string()
    };
    let attacks = if attacks.is_empty() {
        none
    } else {
        attacks.to_string()
    };
    vec![
        say!(
            lang,
            "moves of your {piece} on {square}:",
            "你在 {square} 的{piece}可以：",
            "你在 {square} 的{piece}可以："
        ),
        say!(lang, "to: {to}", "走到：{to}", "走到：{to}"),
        say!(
            lang,
            "attacks: {attacks}",
            "攻击：{attacks}",
            "攻擊：{attacks}"
        ),
    ]
}

pub fn board_caption(
    lang: Language,
    id: u64,
    first: &str,
    second: &str,
    turn_secs: u32,
    base: u32,
) -> String {
    say!(
        lang,
        "game {id}: {first} vs {second}, {turn_secs} s per turn, base score {base}",
        "第 {id} 局：{first} 对 {second}，每步 {turn_secs} 秒，基础分 {base}",
        "第 {id} 局：{first} 對 {second}，每步 {turn_secs} 秒，基礎分 {base}"
    )
}

pub fn counters(
    lang: Language,
    plies: u16,
    quiet: u16,
    names: &[String; 2],
    timeouts: [u8; 2],
) -> String {
    let (a, b) = (&names[0], &names[1]);
    let (ta, tb) = (timeouts[0], timeouts[1]);
    say!(
        lang,
        "actions {plies}, since last attack {quiet}, timeouts {a} {ta} / {b} {tb}",
        "已走 {plies} 步，距上次吃子 {quiet} 步，超时 {a} {ta} / {b} {tb}",
        "已走 {plies} 步，距上次吃子 {quiet} 步，超時 {a} {ta} / {b} {tb}"
    )
}

pub fn resigns(lang: Language, name: &str) -> String {
    say!(lang, "{name} resigns.", "{name} 认输。", "{name} 認輸。")
}

pub fn abandons(lang: Language, name: &str) -> String {
    say!(
        lang,
        "{name} abandons the game.",
        "{name} 逃跑了。",
        "{name} 逃跑了。"
    )
}

pub fn offers_draw(lang: Language, surface: Surface, name: &str, opponent: &str) -> String {
    match surface {
        Surface::Console => say!(
            lang,
            "{name} offers a draw. {opponent}: /draw accept or /draw decline.",
            "{name} 提和。{opponent}：/draw accept 同意或 /draw decline 拒绝。",
            "{name} 提和。{opponent}：/draw accept 同意或 /draw decline 拒絕。"
        ),
        Surface::Discord => say!(
            lang,
            "{name} offers a draw. {opponent}: press Accept draw or Decline draw.",
            "{name} 提和。{opponent}：请按“同意和棋”或“拒绝和棋”。",
            "{name} 提和。{opponent}：請按「同意和棋」或「拒絕和棋」。"
        ),
    }
}

pub fn offers_draw_ai_declines(lang: Language, name: &str, opponent: &str) -> String {
    say!(
        lang,
        "{name} offers a draw; {opponent} declines.",
        "{name} 提和；{opponent} 拒绝。",
        "{name} 提和；{opponent} 拒絕。"
    )
}

pub fn draw_of_finished_game(lang: Language) -> String {
    say!(
        lang,
        "that draw offer belongs to a game that is over",
        "那个提和属于一局已经结束的对局",
        "那個提和屬於一局已經結束的對局"
    )
}

pub fn accepts_draw(lang: Language, name: &str) -> String {
    say!(
        lang,
        "{name} accepts the draw.",
        "{name} 同意和棋。",
        "{name} 同意和棋。"
    )
}

pub fn declines_draw(lang: Language, name: &str) -> String {
    say!(
        lang,
        "{name} declines the draw.",
        "{name} 拒绝和棋。",
        "{name} 拒絕和棋。"
    )
}

pub fn seconds_left(lang: Language, name: &str, left: u64, id: u64) -> String {
    say!(
        lang,
        "{name}: {left} s left to act in game {id}.",
        "{name}：第 {id} 局还剩 {left} 秒。",
        "{name}：第 {id} 局還剩 {left} 秒。"
    )
}

pub fn ran_out_of_time(lang: Language, name: &str, count: u8, limit: u8) -> String {
    say!(
        lang,
        "{name} ran out of time (timeout {count} of {limit}).",
        "{name} 超时（第 {count} 次，共 {limit} 次判负）。",
        "{name} 超時（第 {count} 次，共 {limit} 次判負）。"
    )
}

/// The line that tells a game's base score.
pub fn base_score_line(lang: Language, base: u32) -> String {
    say!(
        lang,
        "base score {base}.",
        "基础分 {base}。",
        "基礎分 {base}。"
    )
}

pub fn unrated(lang: Language) -> String {
    say!(
        lang,
        "unrated game: points unchanged.",
        "不计分对局：积分不变。",
        "不計分對局：積分不變。"
    )
}

pub fn button_rematch(lang: Language) -> String {
    say!(lang, "Rematch", "再来一局", "再來一局")
}

pub fn button_accept_draw(lang: Language) -> String {
    say!(lang, "Accept draw", "同意和棋", "同意和棋")
}

pub fn button_decline_draw(lang: Language) -> String {
    say!(lang, "Decline draw", "拒绝和棋", "拒絕和棋")
}

pub fn button_accept(lang: Language) -> String {
    say!(lang, "Accept", "接受", "接受")
}

pub fn button_decline(lang: Language) -> String {
    say!(lang, "Decline", "拒绝", "拒絕")
}

pub fn button_withdraw(lang: Language) -> String {
    say!(lang, "Withdraw", "撤回", "撤回")
}

pub fn stale_button(lang: Language) -> String {
    say!(
        lang,
        "this button belongs to a game that is over",
        "这个按钮属于一局已经结束的对局",
        "這個按鈕屬於一局已經結束的對局"
    )
}

/// A button pressed on a turn message that a newer one has replaced: nothing was done.
pub fn old_message(lang: Language) -> String {
    say!(
        lang,
        "this message is old: use the buttons of the game's latest message",
        "这条消息已过时：请使用对局最新消息上的按钮",
        "這則訊息已過時：請使用對局最新訊息上的按鈕"
    )
}

pub fn button_offer_draw(lang: Language) -> String {
    say!(lang, "Offer draw", "提和", "提和")
}

pub fn button_resign(lang: Language) -> String {
    say!(lang, "Resign", "认输", "認輸")
}

pub fn button_abandon(lang: Language) -> String {
    say!(lang, "Abandon", "逃跑", "逃跑")
}

pub fn button_cancel(lang: Language) -> String {
    say!(lang, "Cancel", "取消", "取消")
}

pub fn confirm_resign(lang: Language) -> String {
    say!(
        lang,
        "Resign this game? You lose it.",
        "确定认输吗？本局判负。",
        "確定認輸嗎？本局判負。"
    )
}

pub fn confirm_abandon(lang: Language) -> String {
    say!(
        lang,
        "Leave this game? You lose it with the abandonment penalty.",
        "确定逃跑吗？本局判负并按逃跑扣分。",
        "確定逃跑嗎？本局判負並按逃跑扣分。"
    )
}

/// `action 13`: the number of the action to play next.
pub fn action_number(lang: Language, number: u32) -> String {
    say!(lang, "action {number}", "第 {number} 步", "第 {number} 步")
}

/// A Discord timestamp (`<t:UNIX:R>`, shown as a live countdown) as the turn's deadline.
pub fn deadline(lang: Language, unix_secs: u64) -> String {
    say!(
        lang,
        "deadline <t:{unix_secs}:R>",
        "截止 <t:{unix_secs}:R>",
        "截止 <t:{unix_secs}:R>"
    )
}
