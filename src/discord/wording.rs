//! The texts the Discord front end writes itself (everything about games comes from the
//! service): the game's thread, expired buttons, cancelled confirmations, internal errors,
//! `/help` — each in the language it is given (the member's for private texts, the server's
//! for public ones).

use poise::serenity_prelude as serenity;
use serenity::ChannelId;

use crate::config::Language;
use crate::discord::NoThread;
use crate::service::Surface;
use crate::words::{Cmd, say, slash};

/// The name of a game's thread: `alice vs bob · game 12`.
pub fn thread_name(lang: Language, game: u64, first: &str, second: &str) -> String {
    say!(
        lang,
        "{first} vs {second} · game {game}",
        "{first} 对 {second} · 第 {game} 局",
        "{first} 對 {second} · 第 {game} 局"
    )
}

/// What the channel keeps of a starting game: where it is played.
pub fn game_in_thread(
    lang: Language,
    game: u64,
    first: &str,
    second: &str,
    thread: Option<ChannelId>,
) -> String {
    match thread {
        Some(thread) => say!(
            lang,
            "Game {game}: {first} vs {second} is played in <#{thread}>.",
            "第 {game} 局：{first} 对 {second}，在 <#{thread}> 中进行。",
            "第 {game} 局：{first} 對 {second}，在 <#{thread}> 中進行。"
        ),
        None => say!(
            lang,
            "Game {game}: {first} vs {second} is played in the thread of this message.",
            "第 {game} 局：{first} 对 {second}，在这条消息的子区中进行。",
            "第 {game} 局：{first} 對 {second}，在這則訊息的討論串中進行。"
        ),
    }
}

/// Why a game plays in the channel rather than in its own thread.
pub fn no_thread(lang: Language, why: NoThread) -> String {
    match why {
        NoThread::Off => say!(
            lang,
            "(This game is played here: game threads are turned off for this bot.)",
            "（本局在此频道进行：本机器人关闭了对局子区。）",
            "（本局在此頻道進行：本機器人關閉了對局討論串。）"
        ),
        NoThread::NoPermission => say!(
            lang,
            "(This game is played here: the bot may not create threads in this channel. Give it Create Public Threads and Send Messages in Threads to play each game in its own thread.)",
            "（本局在此频道进行：机器人无权在此频道创建子区。授予“创建公开子区”和“在子区中发送消息”权限后，每局将在自己的子区中进行。）",
            "（本局在此頻道進行：機器人無權在此頻道建立討論串。授予「建立公開討論串」和「在討論串中傳送訊息」權限後，每局將在自己的討論串中進行。）"
        ),
        NoThread::Failed => say!(
            lang,
            "(This game is played here: Discord did not let the bot create its thread.)",
            "（本局在此频道进行：Discord 未能创建对局子区。）",
            "（本局在此頻道進行：Discord 未能建立對局討論串。）"
        ),
    }
}

pub fn cancelled(lang: Language) -> String {
    say!(
        lang,
        "Cancelled: nothing changed.",
        "已取消，什么都没有改变。",
        "已取消，什麼都沒有改變。"
    )
}

pub fn expired(lang: Language) -> String {
    say!(
        lang,
        "This button has expired.",
        "这个按钮已失效。",
        "這個按鈕已失效。"
    )
}

pub fn internal_error(lang: Language) -> String {
    say!(
        lang,
        "Something went wrong on the bot's side; nothing changed. Please try again.",
        "机器人出错了，什么都没有改变，请重试。",
        "機器人出錯了，什麼都沒有改變，請重試。"
    )
}

pub fn other_bot(lang: Language) -> String {
    say!(
        lang,
        "Bots cannot play; challenge me instead to play the AI.",
        "其他机器人不能下棋；要和 AI 下棋请挑战我。",
        "其他機器人不能下棋；要和 AI 下棋請挑戰我。"
    )
}

/// The first line of `/help`.
pub fn help_title(lang: Language) -> String {
    let challenge = slash(lang, Surface::Discord, Cmd::Challenge);
    say!(
        lang,
        "军棋翻翻棋 on Discord: challenge a member (or the bot) with {challenge}; buttons answer challenges and draw offers. Commands:",
        "在 Discord 上下军棋翻翻棋：用 {challenge} 向成员（或机器人）发起对局；按钮用来回答挑战和提和。命令：",
        "在 Discord 上下軍棋翻翻棋：用 {challenge} 向成員（或機器人）發起對局；按鈕用來回答挑戰和提和。命令："
    )
}

/// Added to a message whose board image Discord would not take.
pub fn image_not_uploaded(lang: Language) -> String {
    let board = slash(lang, Surface::Discord, Cmd::Board);
    say!(
        lang,
        "(the board image could not be uploaded; `{board}` shows it)",
        "（棋盘图片上传失败；可用 `{board}` 查看）",
        "（棋盤圖片上傳失敗；可用 `{board}` 查看）"
    )
}

/// Added to a message whose files (a replay) Discord would not take.
pub fn files_not_uploaded(lang: Language) -> String {
    say!(
        lang,
        "(the files could not be uploaded; the bot's operator can make them with `junqi-bot replay`)",
        "（文件上传失败；机器人的管理员可用 `junqi-bot replay` 生成）",
        "（檔案上傳失敗；機器人的管理員可用 `junqi-bot replay` 產生）"
    )
}
