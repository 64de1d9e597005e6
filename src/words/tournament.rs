//! Arena tournaments (`/tournament`): the announcement, the start and the end, joining and
//! leaving, the standings (text and the image's labels) and every refusal.

use super::Surface;
use super::{Cmd, count_en, say, slash};
use crate::GameKind;
use crate::config::Language;

/// A Discord timestamp shown relative to now (`in 5 minutes`); the console prints it plainly.
fn relative(at_secs: u64) -> String {
    format!("<t:{at_secs}:R>")
}

fn rated_word(lang: Language, rated: bool) -> String {
    match rated {
        true => say!(lang, "rated", "计分", "計分"),
        false => say!(lang, "unrated", "不计分", "不計分"),
    }
}

/// The announcement's first lines: who opens which tournament of which game, what it is and
/// when it starts (`None`: now).
pub fn announcement(
    lang: Language,
    (creator, id, game): (&str, u64, GameKind),
    minutes: u32,
    turn_secs: u32,
    rated: bool,
    starts_at_secs: Option<u64>,
) -> Vec<String> {
    let rated = rated_word(lang, rated);
    let name = super::deploy::challenge_name(lang, game);
    let minutes_en = count_en(minutes, "minute", "minutes");
    let mut lines = vec![say!(
        lang,
        "{creator} opens arena tournament {id} of {name}: {minutes_en}, {turn_secs} s per turn, {rated}.",
        "{creator} 开设{name}竞技场锦标赛 {id}：{minutes} 分钟，每步 {turn_secs} 秒，{rated}。",
        "{creator} 開設{name}競技場錦標賽 {id}：{minutes} 分鐘，每步 {turn_secs} 秒，{rated}。"
    )];
    lines.push(match starts_at_secs {
        Some(at) => {
            let at = relative(at);
            say!(
                lang,
                "It starts {at}.",
                "开始时间：{at}。",
                "開始時間：{at}。"
            )
        }
        None => say!(
            lang,
            "It starts now: free players are paired at once.",
            "现在开始：有空的棋手立即配对。",
            "現在開始：有空的棋手立即配對。"
        ),
    });
    lines
}

/// How to take part, under the announcement.
pub fn how_to_join(lang: Language, surface: Surface) -> String {
    match surface {
        Surface::Console => say!(
            lang,
            "/tournament join to play, /tournament leave to stop, /tournament for the standings",
            "/tournament join 参赛，/tournament leave 退出，/tournament 看排名",
            "/tournament join 參賽，/tournament leave 退出，/tournament 看排名"
        ),
        Surface::Discord => {
            let command = slash(lang, surface, Cmd::Tournament);
            say!(
                lang,
                "Press Join to play and Leave to stop; {command} shows the standings.",
                "按“加入”参赛，按“退出”离开；{command} 看排名。",
                "按「加入」參賽，按「退出」離開；{command} 看排名。"
            )
        }
    }
}

pub fn button_join(lang: Language) -> String {
    say!(lang, "Join", "加入", "加入")
}

pub fn button_leave(lang: Language) -> String {
    say!(lang, "Leave", "退出", "退出")
}

pub fn begun(lang: Language, id: u64, players: usize, ends_at_secs: u64) -> String {
    let at = relative(ends_at_secs);
    let players_en = count_en(players as i64, "player", "players");
    say!(
        lang,
        "Tournament {id} has begun with {players_en}; it ends {at}.",
        "锦标赛 {id} 开始了，共 {players} 名棋手；结束时间：{at}。",
        "錦標賽 {id} 開始了，共 {players} 名棋手；結束時間：{at}。"
    )
}

pub fn time_up(lang: Language, id: u64, in_progress: usize) -> String {
    let games_en = count_en(in_progress as i64, "game", "games");
    let games = in_progress;
    say!(
        lang,
        "Tournament {id}: time is up. No new games; the {games_en} in progress will still count.",
        "锦标赛 {id}：时间到。不再配对；进行中的 {games} 局照常计入。",
        "錦標賽 {id}：時間到。不再配對；進行中的 {games} 局照常計入。"
    )
}

pub fn joined(lang: Language, name: &str, id: u64, players: usize) -> String {
    let players_en = count_en(players as i64, "player", "players");
    say!(
        lang,
        "{name} joins tournament {id} ({players_en}).",
        "{name} 加入锦标赛 {id}（{players} 名棋手）。",
        "{name} 加入錦標賽 {id}（{players} 名棋手）。"
    )
}

pub fn left(lang: Language, name: &str, id: u64) -> String {
    say!(
        lang,
        "{name} leaves tournament {id}: no new games for them (their score stays).",
        "{name} 退出锦标赛 {id}：不再配对（积分保留）。",
        "{name} 退出錦標賽 {id}：不再配對（積分保留）。"
    )
}

pub fn cancelled(lang: Language, name: &str, id: u64) -> String {
    say!(
        lang,
        "{name} cancels tournament {id}. Games in progress go on as ordinary games.",
        "{name} 取消了锦标赛 {id}。进行中的对局作为普通对局继续。",
        "{name} 取消了錦標賽 {id}。進行中的對局作為普通對局繼續。"
    )
}

/// Where a tournament stands, above its standings.
pub enum StandingsHeading {
    Upcoming { starts_at_secs: u64 },
    Live { ends_at_secs: u64 },
    Ending,
    Final,
    Cancelled,
}

pub fn standings_heading(lang: Language, id: u64, heading: &StandingsHeading) -> String {
    match heading {
        StandingsHeading::Upcoming { starts_at_secs } => {
            let at = relative(*starts_at_secs);
            say!(
                lang,
                "Tournament {id}, starting {at}:",
                "锦标赛 {id}，开始时间 {at}：",
                "錦標賽 {id}，開始時間 {at}："
            )
        }
        StandingsHeading::Live { ends_at_secs } => {
            let at = relative(*ends_at_secs);
            say!(
                lang,
                "Tournament {id}, live standings (ends {at}):",
                "锦标赛 {id} 实时排名（结束时间 {at}）：",
                "錦標賽 {id} 即時排名（結束時間 {at}）："
            )
        }
        StandingsHeading::Ending => say!(
            lang,
            "Tournament {id}, time is up; the last games are being played:",
            "锦标赛 {id} 时间已到，最后几局进行中：",
            "錦標賽 {id} 時間已到，最後幾局進行中："
        ),
        StandingsHeading::Final => say!(
            lang,
            "Tournament {id}, final standings:",
            "锦标赛 {id} 最终排名：",
            "錦標賽 {id} 最終排名："
        ),
        StandingsHeading::Cancelled => say!(
            lang,
            "Tournament {id} was cancelled. Standings when it was:",
            "锦标赛 {id} 已取消。取消时的排名：",
            "錦標賽 {id} 已取消。取消時的排名："
        ),
    }
}

/// The mark of a player on a streak (their next game scores double).
pub const STREAK_MARK: &str = "🔥";

/// One row of the standings.
pub fn standings_row(
    lang: Language,
    place: usize,
    name: &str,
    score: u32,
    games: u32,
    streak: bool,
    gone: bool,
) -> String {
    let mark = if streak {
        format!(" {STREAK_MARK}")
    } else {
        String::new()
    };
    let gone = match gone {
        true => say!(lang, " (left)", "（已退出）", "（已退出）"),
        false => String::new(),
    };
    let games_en = count_en(games, "game", "games");
    say!(
        lang,
        "{place}. {name}: {score} ({games_en}){mark}{gone}",
        "{place}. {name}：{score} 分（{games} 局）{mark}{gone}",
        "{place}. {name}：{score} 分（{games} 局）{mark}{gone}"
    )
}

pub fn nobody_joined(lang: Language) -> String {
    say!(
        lang,
        "nobody has joined yet",
        "还没有人加入",
        "還沒有人加入"
    )
}

/// The final result in text: the top three (fewer when fewer played).
pub fn podium(lang: Language, id: u64, top: &[(String, u32)]) -> String {
    let medals = ["🥇", "🥈", "🥉"];
    let names: Vec<String> = top
        .iter()
        .zip(medals)
        .map(|((name, score), medal)| format!("{medal} {name} ({score})"))
        .collect();
    let names = names.join(", ");
    say!(
        lang,
        "Tournament {id} is over: {names}",
        "锦标赛 {id} 结束：{names}",
        "錦標賽 {id} 結束：{names}"
    )
}

pub fn over_without_games(lang: Language, id: u64) -> String {
    say!(
        lang,
        "Tournament {id} is over: no game was played.",
        "锦标赛 {id} 结束：没有下过一局。",
        "錦標賽 {id} 結束：沒有下過一局。"
    )
}

/// The title and column headings of the standings image.
pub struct ImageLabels {
    pub title: String,
    pub place: String,
    pub name: String,
    pub score: String,
    pub games: String,
    pub streak: String,
}

pub fn image_labels(lang: Language, id: u64) -> ImageLabels {
    ImageLabels {
        title: say!(
            lang,
            "Arena tournament {id}: final standings",
            "竞技场锦标赛 {id} 最终排名",
            "競技場錦標賽 {id} 最終排名"
        ),
        place: say!(lang, "#", "名次", "名次"),
        name: say!(lang, "player", "棋手", "棋手"),
        score: say!(lang, "score", "积分", "積分"),
        games: say!(lang, "games", "局数", "局數"),
        streak: say!(lang, "streak", "连胜", "連勝"),
    }
}

// Refusals: each changes nothing.

/// `/tournament create rated:true` for a game whose games are unrated (no ladder of its own).
pub fn no_tournament_here(lang: Language, surface: Surface) -> String {
    match surface {
        Surface::Console => say!(
            lang,
            "there is no tournament in this channel: /tournament create minutes:M seconds:S starts one",
            "这个频道没有锦标赛：用 /tournament create minutes:M seconds:S 开设",
            "這個頻道沒有錦標賽：用 /tournament create minutes:M seconds:S 開設"
        ),
        Surface::Discord => {
            let command = slash(lang, surface, Cmd::Tournament);
            say!(
                lang,
                "there is no tournament in this channel: {command} with the create action starts one",
                "这个频道没有锦标赛：用 {command} 的“开设”操作开设",
                "這個頻道沒有錦標賽：用 {command} 的「開設」操作開設"
            )
        }
    }
}

pub fn tournament_exists(lang: Language, id: u64) -> String {
    say!(
        lang,
        "this channel already has tournament {id} (one at a time per channel): wait for its end or use another channel",
        "这个频道已有锦标赛 {id}（每个频道同时一个）：等它结束或换个频道",
        "這個頻道已有錦標賽 {id}（每個頻道同時一個）：等它結束或換個頻道"
    )
}

pub fn length_bounds(lang: Language, max: u32) -> String {
    say!(
        lang,
        "a tournament lasts from 1 to {max} minutes (24 hours)",
        "锦标赛时长须在 1 到 {max} 分钟（24 小时）之间",
        "錦標賽時長須在 1 到 {max} 分鐘（24 小時）之間"
    )
}

pub fn starts_in_bounds(lang: Language, max: u32) -> String {
    say!(
        lang,
        "starts_in is in minutes, from 0 (now) to {max}",
        "starts_in 以分钟计，从 0（立即）到 {max}",
        "starts_in 以分鐘計，從 0（立即）到 {max}"
    )
}

pub fn already_joined(lang: Language, id: u64) -> String {
    say!(
        lang,
        "you are already in tournament {id}",
        "你已经在锦标赛 {id} 中",
        "你已經在錦標賽 {id} 中"
    )
}

pub fn not_joined(lang: Language, id: u64) -> String {
    say!(
        lang,
        "you are not in tournament {id}",
        "你不在锦标赛 {id} 中",
        "你不在錦標賽 {id} 中"
    )
}

pub fn tournament_over(lang: Language, id: u64) -> String {
    say!(
        lang,
        "tournament {id} is over: nobody can join or leave it any more",
        "锦标赛 {id} 已结束：不能再加入或退出",
        "錦標賽 {id} 已結束：不能再加入或退出"
    )
}

pub fn create_forbidden(lang: Language) -> String {
    say!(
        lang,
        "only members with Manage Events or the server's organiser role may create a tournament",
        "只有拥有“管理活动”权限或本服务器组织者身份组的成员可以开设锦标赛",
        "只有擁有「管理活動」權限或本伺服器組織者身分組的成員可以開設錦標賽"
    )
}

pub fn cancel_forbidden(lang: Language, creator: &str) -> String {
    say!(
        lang,
        "only {creator}, who created it, or a member with Manage Events may cancel this tournament",
        "只有开设者 {creator} 或拥有“管理活动”权限的成员可以取消这个锦标赛",
        "只有開設者 {creator} 或擁有「管理活動」權限的成員可以取消這個錦標賽"
    )
}
