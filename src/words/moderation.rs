//! The sentences of moderation (`/cancel`): who may cancel a game, the refusals, the public
//! notice that pings both players, and the moderator's own answer.

use super::{Cmd, Surface, say, slash};
use crate::config::Language;

pub fn cancel_not_allowed(lang: Language) -> String {
    say!(
        lang,
        "only members with the Manage Messages permission (or the server's organiser role) may cancel games",
        "只有拥有“管理消息”权限（或本服务器组织者身份组）的成员才能取消对局",
        "只有擁有「管理訊息」權限（或本伺服器主辦者身分組）的成員才能取消對局"
    )
}

pub fn cancel_own_game(lang: Language, surface: Surface, game: u64) -> String {
    let abandon = slash(lang, surface, Cmd::Abandon);
    say!(
        lang,
        "you play in game #{game}: a player cannot cancel their own game ({abandon} leaves it)",
        "你是第 {game} 号对局的棋手，不能取消自己的对局（要离开请用 {abandon}）",
        "你是第 {game} 號對局的棋手，不能取消自己的對局（要離開請用 {abandon}）"
    )
}

pub fn no_live_game(lang: Language, surface: Surface, game: u64) -> String {
    let games = slash(lang, surface, Cmd::Games);
    say!(
        lang,
        "there is no live game #{game} in this server ({games} lists them)",
        "本服务器没有进行中的第 {game} 号对局（{games} 可列出进行中的对局）",
        "本伺服器沒有進行中的第 {game} 號對局（{games} 可列出進行中的對局）"
    )
}

pub fn game_already_over(lang: Language, game: u64) -> String {
    say!(
        lang,
        "game #{game} is already over: there is nothing to cancel",
        "第 {game} 号对局已经结束，无需取消",
        "第 {game} 號對局已經結束，無需取消"
    )
}

/// The public notice of a cancel (`reason` may be empty).
pub fn cancelled(lang: Language, game: u64, names: &[String; 2], by: &str, reason: &str) -> String {
    let [a, b] = names;
    if reason.is_empty() {
        return say!(
            lang,
            "Game #{game} ({a} vs {b}) was cancelled by {by}.",
            "第 {game} 号对局（{a} 对 {b}）已被 {by} 取消。",
            "第 {game} 號對局（{a} 對 {b}）已被 {by} 取消。"
        );
    }
    say!(
        lang,
        "Game #{game} ({a} vs {b}) was cancelled by {by}: {reason}",
        "第 {game} 号对局（{a} 对 {b}）已被 {by} 取消：{reason}",
        "第 {game} 號對局（{a} 對 {b}）已被 {by} 取消：{reason}"
    )
}

pub fn cancelled_counts_for_nobody(lang: Language) -> String {
    say!(
        lang,
        "No points and no result: the game counts for neither player, not even in a tournament.",
        "积分不变，不计胜负，锦标赛中也不计分。",
        "積分不變，不計勝負，錦標賽中也不計分。"
    )
}

/// The moderator's answer when the game plays elsewhere (its players were told there).
pub fn cancel_done(lang: Language, game: u64, channel: u64) -> String {
    say!(
        lang,
        "Game #{game} is cancelled; its players were told in <#{channel}>.",
        "第 {game} 号对局已取消，已在 <#{channel}> 通知双方棋手。",
        "第 {game} 號對局已取消，已在 <#{channel}> 通知雙方棋手。"
    )
}

pub fn replay_of_cancelled_game(lang: Language, game: u64) -> String {
    say!(
        lang,
        "Game #{game} was cancelled: it has no result and no replay.",
        "第 {game} 号对局已被取消：没有结果，也没有回放。",
        "第 {game} 號對局已被取消：沒有結果，也沒有回放。"
    )
}
