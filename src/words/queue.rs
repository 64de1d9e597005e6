//! Quick match (`/play`): joining and leaving the server's queue of a game and clock, moving
//! to another, being paired, lapsing.

use super::Surface;
use super::deploy::kind_short;
use super::{Cmd, count_en, say, slash};
use crate::GameKind;
use crate::config::Language;

/// The private answer to `/play`: in the queue of that game and clock, with how many wait
/// there.
pub fn queue_joined(
    lang: Language,
    (game, turn_secs): (GameKind, u32),
    waiting: usize,
    minutes: u32,
) -> Vec<String> {
    let name = kind_short(lang, game);
    let waiting_en = count_en(
        i64::try_from(waiting).unwrap_or(i64::MAX),
        "member",
        "members",
    );
    let minutes_en = count_en(minutes, "minute", "minutes");
    vec![
        say!(
            lang,
            "You are in this server's quick-match queue for {name}, {turn_secs} s per turn: {waiting_en} waiting, you included.",
            "你已进入本服务器的{name}快速匹配队列（每步 {turn_secs} 秒）：连你在内有 {waiting} 人在等。",
            "你已進入本伺服器的{name}快速配對佇列（每步 {turn_secs} 秒）：連你在內有 {waiting} 人在等。"
        ),
        say!(
            lang,
            "You will be paired with the closest in points; if nobody is found you leave the queue after {minutes_en}.",
            "将与积分最接近的人配对；{minutes} 分钟内没有对手就会自动离开队列。",
            "將與積分最接近的人配對；{minutes} 分鐘內沒有對手就會自動離開佇列。"
        ),
    ]
}

/// The line above the answer to a `/play` for another game or clock than the one the member
/// waited for: they left that queue for this one.
pub fn queue_moved(
    lang: Language,
    (from_game, from_secs): (GameKind, u32),
    (to_game, to_secs): (GameKind, u32),
) -> String {
    let (from, to) = (kind_short(lang, from_game), kind_short(lang, to_game));
    say!(
        lang,
        "You left the queue for {from}, {from_secs} s per turn, for the one for {to}, {to_secs} s per turn.",
        "你已从{from}（每步 {from_secs} 秒）的队列换到{to}（每步 {to_secs} 秒）的队列。",
        "你已從{from}（每步 {from_secs} 秒）的佇列換到{to}（每步 {to_secs} 秒）的佇列。"
    )
}

pub fn button_leave_queue(lang: Language) -> String {
    say!(lang, "Leave queue", "离开队列", "離開佇列")
}

pub fn queue_left(lang: Language) -> String {
    say!(
        lang,
        "you left the quick-match queue",
        "你已离开快速匹配队列",
        "你已離開快速配對佇列"
    )
}

pub fn not_in_queue(lang: Language) -> String {
    say!(
        lang,
        "you are not waiting in a quick-match queue",
        "你不在快速匹配队列里",
        "你不在快速配對佇列裡"
    )
}

pub fn already_queued(lang: Language, surface: Surface, game: GameKind, turn_secs: u32) -> String {
    let name = kind_short(lang, game);
    match surface {
        Surface::Console => say!(
            lang,
            "you are already waiting for a quick match of {name}, {turn_secs} s per turn: /play cancel:true leaves the queue",
            "你已经在等{name}快速匹配（每步 {turn_secs} 秒）：/play cancel:true 可离开队列",
            "你已經在等{name}快速配對（每步 {turn_secs} 秒）：/play cancel:true 可離開佇列"
        ),
        Surface::Discord => say!(
            lang,
            "you are already waiting for a quick match of {name}, {turn_secs} s per turn: press Leave queue to leave it",
            "你已经在等{name}快速匹配（每步 {turn_secs} 秒）：按“离开队列”可离开",
            "你已經在等{name}快速配對（每步 {turn_secs} 秒）：按「離開佇列」可離開"
        ),
    }
}

/// The private answer to a `/play` that found an opponent at once: who, and the room the game
/// is played in (a channel mention).
pub fn queue_paired(lang: Language, opponent: &str, room: u64) -> String {
    say!(
        lang,
        "quick match found: you play {opponent} in <#{room}>, the game begins now",
        "快速匹配成功：你的对手是 {opponent}，对局马上在 <#{room}> 开始",
        "快速配對成功：你的對手是 {opponent}，對局馬上在 <#{room}> 開始"
    )
}

/// The public line in the longer-waiting member's channel when the other one typed `/play`
/// elsewhere: where their game is played.
pub fn quick_match_room(lang: Language, first: &str, second: &str, room: u64) -> String {
    say!(
        lang,
        "Quick match: {first} and {second} play in <#{room}>.",
        "快速匹配：{first} 与 {second} 在 <#{room}> 对局。",
        "快速配對：{first} 與 {second} 在 <#{room}> 對局。"
    )
}

/// The private refusal of `/play`, `/challenge` or `/accept` to a member who plays as many
/// live games as the server allows: the newest of them, by number and where.
pub fn already_playing(lang: Language, game: u64, channel: u64, limit: u32) -> String {
    let limit_en = count_en(limit, "live game", "live games");
    say!(
        lang,
        "you are already playing game #{game} in <#{channel}>, and this server allows {limit_en} at a time: finish it first",
        "你正在 <#{channel}> 下第 {game} 号对局，本服务器每人同时最多 {limit} 局：请先下完",
        "你正在 <#{channel}> 下第 {game} 號對局，本伺服器每人同時最多 {limit} 局：請先下完"
    )
}

/// The private refusal of `/accept` when the challenger plays as many live games as the
/// server allows.
pub fn opponent_already_playing(lang: Language, name: &str, game: u64, channel: u64) -> String {
    say!(
        lang,
        "{name} is already playing game #{game} in <#{channel}> and cannot start another now; the challenge stays open",
        "{name} 正在 <#{channel}> 下第 {game} 号对局，现在不能再开一局；挑战仍然有效",
        "{name} 正在 <#{channel}> 下第 {game} 號對局，現在不能再開一局；挑戰仍然有效"
    )
}

/// The public line above a quick-match game's start: who was paired.
pub fn quick_match_found(lang: Language, first: &str, second: &str) -> String {
    say!(
        lang,
        "Quick match: {first} and {second} are paired.",
        "快速匹配：{first} 与 {second} 配对成功。",
        "快速配對：{first} 與 {second} 配對成功。"
    )
}

/// The notice to a member whose entry (for `game`) lapsed.
pub fn queue_lapsed(
    lang: Language,
    surface: Surface,
    (name, game): (&str, GameKind),
    minutes: u32,
) -> String {
    let minutes_en = count_en(minutes, "minute", "minutes");
    let play = slash(lang, surface, Cmd::Play);
    let game = kind_short(lang, game);
    say!(
        lang,
        "{name}: no quick match was found within {minutes_en} for {game}; you have left the queue ({play} to try again).",
        "{name}：{minutes} 分钟内没有找到{game}快速匹配的对手，你已离开队列（可再次 {play}）。",
        "{name}：{minutes} 分鐘內沒有找到{game}快速配對的對手，你已離開佇列（可再次 {play}）。"
    )
}

pub fn no_quick_match_game(lang: Language, surface: Surface) -> String {
    let play = slash(lang, surface, Cmd::Play);
    say!(
        lang,
        "the quick-match game could not be started and you are in no queue now: try {play} again",
        "快速匹配的对局没能开始，你现在不在队列中：请再试一次 {play}",
        "快速配對的對局沒能開始，你現在不在佇列中：請再試一次 {play}"
    )
}
