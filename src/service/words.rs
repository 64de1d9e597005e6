//! Every sentence the service says, in the three configured languages (English, Simplified and
//! Traditional Chinese). One function per message keeps the wording in one place; the English
//! wording is what the console tests and transcripts check.

use super::types::Surface;
use crate::config::Language;
use crate::game::{ActionError, AttackRefusal, Colour, GameError};

/// `say!(lang, "English {x}", "简体 {x}", "繁體 {x}")`: the sentence in `lang`, arguments
/// captured from the surrounding scope.
macro_rules! say {
    ($lang:expr, $en:literal, $hans:literal, $hant:literal) => {
        match $lang {
            Language::English => format!($en),
            Language::ZhHans => format!($hans),
            Language::ZhHant => format!($hant),
        }
    };
}
pub(crate) use say;

/// An English count with its noun: "1 minute", "2 minutes", "-1 points" (Chinese needs no
/// plural, so only the English wording calls this).
fn count_en(count: impl Into<i64>, singular: &str, plural: &str) -> String {
    let count = count.into();
    let noun = if count == 1 { singular } else { plural };
    format!("{count} {noun}")
}

pub fn colour(lang: Language, colour: Colour) -> &'static str {
    match (lang, colour) {
        (Language::English, _) => colour.name(),
        (_, Colour::Black) => "黑",
        (Language::ZhHans, Colour::Red) => "红",
        (Language::ZhHant, Colour::Red) => "紅",
    }
}

/// Simplified to Traditional for the characters of titles (the store keeps simplified).
pub fn traditional(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '长' => '長',
            '连' => '連',
            '营' => '營',
            '团' => '團',
            '师' => '師',
            '军' => '軍',
            other => other,
        })
        .collect()
}

pub fn store_failure(lang: Language) -> String {
    say!(
        lang,
        "the bot could not save this, so nothing changed; please try again",
        "机器人无法保存，所以什么都没有改变；请再试一次",
        "機器人無法儲存，所以什麼都沒有改變；請再試一次"
    )
}

pub fn no_game(lang: Language) -> String {
    say!(
        lang,
        "there is no game in this channel: start one with /challenge",
        "这个频道没有对局：用 /challenge 开始一局",
        "這個頻道沒有對局：用 /challenge 開始一局"
    )
}

pub fn not_playing(lang: Language) -> String {
    say!(
        lang,
        "you are not playing in this game",
        "你不是这局的棋手",
        "你不是這局的棋手"
    )
}

pub fn refused(lang: Language, action: &str, reason: &str) -> String {
    say!(
        lang,
        "{action} refused: {reason}",
        "{action} 不可行：{reason}",
        "{action} 不可行：{reason}"
    )
}

pub fn repetition_warning(lang: Language, action: &str) -> String {
    say!(
        lang,
        "warning: {action} would be the 4th time in your last 7 actions and lose the game by repetition. Send the same command again to play it anyway.",
        "警告：{action} 将是你最近 7 步中的第 4 次重复，会因重复判负。再发送同一命令即照走。",
        "警告：{action} 將是你最近 7 步中的第 4 次重複，會因重複判負。再發送同一命令即照走。"
    )
}

/// A refusal from the rules engine, in `lang` (the engine words them in English).
pub fn game_error(lang: Language, error: &GameError) -> String {
    if lang == Language::English {
        return error.to_string();
    }
    let hans = lang == Language::ZhHans;
    let pick = |hans_text: String, hant_text: String| if hans { hans_text } else { hant_text };
    match error {
        GameError::Over => pick("对局已经结束".into(), "對局已經結束".into()),
        GameError::NotYourTurn => pick("还没轮到你".into(), "還沒輪到你".into()),
        GameError::Illegal(action) => action_error(lang, action),
        GameError::TooEarlyToResign { needed, played } => pick(
            format!("{needed} 步之后才能认输（现在 {played} 步）"),
            format!("{needed} 步之後才能認輸（現在 {played} 步）"),
        ),
        GameError::TooEarlyForDraw { needed, played } => pick(
            format!("{needed} 步之后才能提和（现在 {played} 步）"),
            format!("{needed} 步之後才能提和（現在 {played} 步）"),
        ),
        GameError::NoDrawOffersLeft(count) => pick(
            format!("你的 {count} 次提和机会已经用完"),
            format!("你的 {count} 次提和機會已經用完"),
        ),
        GameError::DrawAlreadyOffered => pick(
            "已有一个提和在等待回答".into(),
            "已有一個提和在等待回答".into(),
        ),
        GameError::NoDrawOffer => pick("没有需要回答的提和".into(), "沒有需要回答的提和".into()),
        GameError::OwnDrawOffer => {
            pick("你不能回答自己的提和".into(), "你不能回答自己的提和".into())
        }
        GameError::ClockNotExpired => pick("对局还没到时限".into(), "對局還沒到時限".into()),
    }
}

fn action_error(lang: Language, error: &ActionError) -> String {
    let hans = lang == Language::ZhHans;
    let pick = |hans_text: String, hant_text: String| if hans { hans_text } else { hant_text };
    match error {
        ActionError::NothingToFlip(square) => pick(
            format!("{square} 没有可翻的暗棋"),
            format!("{square} 沒有可翻的暗棋"),
        ),
        ActionError::NoPiece(square) => {
            pick(format!("{square} 没有棋子"), format!("{square} 沒有棋子"))
        }
        ActionError::MoverFaceDown(square) => pick(
            format!("{square} 的棋子还没翻开：先翻开它"),
            format!("{square} 的棋子還沒翻開：先翻開它"),
        ),
        ActionError::NotYourPiece(square) => pick(
            format!("{square} 的棋子不是你的"),
            format!("{square} 的棋子不是你的"),
        ),
        ActionError::Immobile(kind) => {
            let name = if hans {
                kind.name_simplified()
            } else {
                kind.name_traditional()
            };
            pick(format!("{name}不能移动"), format!("{name}不能移動"))
        }
        ActionError::HeadquartersLocked => pick(
            "按本局规则，大本营里的棋子不能移动".into(),
            "按本局規則，大本營裡的棋子不能移動".into(),
        ),
        ActionError::SameSquare => pick("棋子不能走到原位".into(), "棋子不能走到原位".into()),
        ActionError::Unreachable { from, to } => pick(
            format!("{from} 的棋子走不到 {to}"),
            format!("{from} 的棋子走不到 {to}"),
        ),
        ActionError::Attack(refusal) => match refusal {
            AttackRefusal::OwnPiece => pick("不能吃自己的棋子".into(), "不能吃自己的棋子".into()),
            AttackRefusal::FaceDown => pick(
                "不能攻击暗棋：先翻开它".into(),
                "不能攻擊暗棋：先翻開它".into(),
            ),
            AttackRefusal::InCamp => pick(
                "行营里的棋子不能被攻击".into(),
                "行營裡的棋子不能被攻擊".into(),
            ),
            AttackRefusal::MineNeedsEngineer => pick(
                "只有工兵（或炸弹）能排地雷".into(),
                "只有工兵（或炸彈）能排地雷".into(),
            ),
            AttackRefusal::FlagGuarded => pick(
                "要等同色的 3 个地雷都被排除后才能攻击军旗".into(),
                "要等同色的 3 個地雷都被排除後才能攻擊軍旗".into(),
            ),
            AttackRefusal::LowerRank => pick("小的不能吃大的".into(), "小的不能吃大的".into()),
        },
        ActionError::ColoursUndecided => {
            pick("颜色确定之前只能翻棋".into(), "顏色確定之前只能翻棋".into())
        }
        ActionError::GameOver => pick("对局已经结束".into(), "對局已經結束".into()),
    }
}

pub fn no_piece(lang: Language, square: &str) -> String {
    say!(
        lang,
        "there is no piece on {square}",
        "{square} 没有棋子",
        "{square} 沒有棋子"
    )
}

pub fn piece_face_down(lang: Language, square: &str) -> String {
    say!(
        lang,
        "the piece on {square} is face down: flip it first",
        "{square} 的棋子还没翻开：先翻开它",
        "{square} 的棋子還沒翻開：先翻開它"
    )
}

pub fn not_your_piece(lang: Language, square: &str) -> String {
    say!(
        lang,
        "the piece on {square} is not yours",
        "{square} 的棋子不是你的",
        "{square} 的棋子不是你的"
    )
}

pub fn no_moves_now(lang: Language, piece: &str, square: &str) -> String {
    say!(
        lang,
        "your {piece} on {square} has no moves now",
        "你在 {square} 的{piece}现在无路可走",
        "你在 {square} 的{piece}現在無路可走"
    )
}

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

pub fn base_score(lang: Language, base: u32) -> String {
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

pub fn channel_busy(lang: Language) -> String {
    say!(
        lang,
        "a game is already being played in this channel (one game per channel): finish it or play in another channel",
        "这个频道已经有一局在进行（每个频道一局）：先下完，或到别的频道下",
        "這個頻道已經有一局在進行（每個頻道一局）：先下完，或到別的頻道下"
    )
}

pub fn clock_bounds(lang: Language, min: u32, max: u32) -> String {
    say!(
        lang,
        "the turn clock must be between {min} and {max} seconds",
        "每步时限必须在 {min} 到 {max} 秒之间",
        "每步時限必須在 {min} 到 {max} 秒之間"
    )
}

pub fn unknown_ai_level(lang: Language, level: &str) -> String {
    say!(
        lang,
        "there is no AI level \"{level}\": choose easy, normal or hard",
        "没有 \"{level}\" 这个电脑难度：请选 easy、normal 或 hard",
        "沒有 \"{level}\" 這個電腦難度：請選 easy、normal 或 hard"
    )
}

pub fn challenge_yourself(lang: Language) -> String {
    say!(
        lang,
        "you cannot challenge yourself",
        "你不能挑战自己",
        "你不能挑戰自己"
    )
}

pub fn open_challenge_exists(lang: Language, surface: Surface) -> String {
    match surface {
        Surface::Console => say!(
            lang,
            "you already have an open challenge in this channel: /withdraw it first",
            "你在这个频道已有一个挑战：先 /withdraw 撤回",
            "你在這個頻道已有一個挑戰：先 /withdraw 撤回"
        ),
        Surface::Discord => say!(
            lang,
            "you already have an open challenge in this channel: press Withdraw on it first",
            "你在这个频道已有一个挑战：先在挑战消息上按“撤回”",
            "你在這個頻道已有一個挑戰：先在挑戰訊息上按「撤回」"
        ),
    }
}

/// The two lines announcing a challenge (`rematch`: asked after a game between the two).
#[allow(clippy::too_many_arguments)]
pub fn challenge_lines(
    lang: Language,
    rematch: bool,
    challenger: &str,
    challenged: &str,
    turn_secs: u32,
    minutes: u32,
    id: u64,
    surface: Surface,
) -> Vec<String> {
    let first = match (rematch, lang) {
        (false, _) => say!(
            lang,
            "{challenger} challenges {challenged} to a game of 军棋翻翻棋 ({turn_secs} s per turn).",
            "{challenger} 向 {challenged} 发起军棋翻翻棋挑战（每步 {turn_secs} 秒）。",
            "{challenger} 向 {challenged} 發起軍棋翻翻棋挑戰（每步 {turn_secs} 秒）。"
        ),
        (true, _) => say!(
            lang,
            "{challenger} asks for a rematch: challenges {challenged} to a game of 军棋翻翻棋 ({turn_secs} s per turn).",
            "{challenger} 要求再来一局：向 {challenged} 发起挑战（每步 {turn_secs} 秒）。",
            "{challenger} 要求再來一局：向 {challenged} 發起挑戰（每步 {turn_secs} 秒）。"
        ),
    };
    let within = count_en(minutes, "minute", "minutes");
    let answer = match surface {
        Surface::Console => say!(
            lang,
            "{challenged}: /accept or /decline within {within} (challenge {id}).",
            "{challenged}：请在 {minutes} 分钟内 /accept 接受或 /decline 拒绝（挑战 {id}）。",
            "{challenged}：請在 {minutes} 分鐘內 /accept 接受或 /decline 拒絕（挑戰 {id}）。"
        ),
        Surface::Discord => say!(
            lang,
            "{challenged}: press Accept or Decline within {within}.",
            "{challenged}：请在 {minutes} 分钟内按“接受”或“拒绝”。",
            "{challenged}：請在 {minutes} 分鐘內按「接受」或「拒絕」。"
        ),
    };
    vec![first, answer]
}

pub fn challenge_expired(lang: Language, challenger: &str, challenged: &str) -> String {
    say!(
        lang,
        "{challenger}'s challenge to {challenged} has expired.",
        "{challenger} 对 {challenged} 的挑战已过期。",
        "{challenger} 對 {challenged} 的挑戰已過期。"
    )
}

pub fn challenge_gone(lang: Language) -> String {
    say!(
        lang,
        "that challenge is no longer open",
        "那个挑战已经不在了",
        "那個挑戰已經不在了"
    )
}

pub fn no_challenge_for_you(lang: Language) -> String {
    say!(
        lang,
        "there is no open challenge for you in this channel",
        "这个频道没有给你的挑战",
        "這個頻道沒有給你的挑戰"
    )
}

pub fn no_challenge_of_yours(lang: Language) -> String {
    say!(
        lang,
        "you have no open challenge in this channel",
        "你在这个频道没有待回答的挑战",
        "你在這個頻道沒有待回答的挑戰"
    )
}

pub fn only_can_accept(lang: Language, name: &str) -> String {
    say!(
        lang,
        "only {name} can accept this challenge",
        "只有 {name} 能接受这个挑战",
        "只有 {name} 能接受這個挑戰"
    )
}

pub fn only_can_decline(lang: Language, surface: Surface, name: &str, own: bool) -> String {
    match (own, surface) {
        (true, Surface::Discord) => say!(
            lang,
            "only {name} can decline this challenge: press Withdraw to take your own challenge back",
            "只有 {name} 能拒绝这个挑战：撤回自己的挑战请按“撤回”",
            "只有 {name} 能拒絕這個挑戰：撤回自己的挑戰請按「撤回」"
        ),
        (false, _) => say!(
            lang,
            "only {name} can decline this challenge",
            "只有 {name} 能拒绝这个挑战",
            "只有 {name} 能拒絕這個挑戰"
        ),
        (true, Surface::Console) => say!(
            lang,
            "only {name} can decline this challenge: use /withdraw to take your own challenge back",
            "只有 {name} 能拒绝这个挑战：撤回自己的挑战请用 /withdraw",
            "只有 {name} 能拒絕這個挑戰：撤回自己的挑戰請用 /withdraw"
        ),
    }
}

pub fn only_can_withdraw(lang: Language, name: &str) -> String {
    say!(
        lang,
        "only {name} can withdraw this challenge",
        "只有 {name} 能撤回这个挑战",
        "只有 {name} 能撤回這個挑戰"
    )
}

pub fn declines_challenge(lang: Language, name: &str, challenger: &str) -> String {
    say!(
        lang,
        "{name} declines {challenger}'s challenge.",
        "{name} 拒绝了 {challenger} 的挑战。",
        "{name} 拒絕了 {challenger} 的挑戰。"
    )
}

pub fn withdraws_challenge(lang: Language, name: &str, challenged: &str) -> String {
    say!(
        lang,
        "{name} withdraws the challenge to {challenged}.",
        "{name} 撤回了对 {challenged} 的挑战。",
        "{name} 撤回了對 {challenged} 的挑戰。"
    )
}

pub fn nothing_to_rematch(lang: Language) -> String {
    say!(
        lang,
        "you have no finished game in this channel to play again",
        "你在这个频道没有可以再来一局的对局",
        "你在這個頻道沒有可以再來一局的對局"
    )
}

pub fn game_begins(
    lang: Language,
    id: u64,
    first: &str,
    second: &str,
    turn_secs: u32,
    base: u32,
    rated: bool,
) -> String {
    let unrated = match (rated, lang) {
        (true, _) => String::new(),
        (false, Language::English) => " (unrated)".into(),
        (false, Language::ZhHans) => "（不计分）".into(),
        (false, Language::ZhHant) => "（不計分）".into(),
    };
    say!(
        lang,
        "game {id} begins: {first} vs {second}, {turn_secs} s per turn, base score {base}{unrated}.",
        "第 {id} 局开始：{first} 对 {second}，每步 {turn_secs} 秒，基础分 {base}{unrated}。",
        "第 {id} 局開始：{first} 對 {second}，每步 {turn_secs} 秒，基礎分 {base}{unrated}。"
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

pub fn leaderboard_title(lang: Language, global: bool) -> String {
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

pub fn stale_button(lang: Language) -> String {
    say!(
        lang,
        "this button belongs to a game that is over",
        "这个按钮属于一局已经结束的对局",
        "這個按鈕屬於一局已經結束的對局"
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

pub fn unrated_record(lang: Language, w: u32, l: u32, d: u32) -> String {
    say!(
        lang,
        "unrated games (against the bot): wins {w}, losses {l}, draws {d}",
        "不计分对局（对机器人）：胜 {w}，负 {l}，和 {d}",
        "不計分對局（對機器人）：勝 {w}，負 {l}，和 {d}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Discord has no `/accept`, `/decline`, `/withdraw` or `/draw accept`: its words name
    /// buttons instead; the console keeps its own commands.
    #[test]
    fn discord_words_name_buttons_not_console_commands() {
        let console_only = [
            "/accept",
            "/decline",
            "/withdraw",
            "/draw accept",
            "/draw decline",
        ];
        for lang in [Language::English, Language::ZhHans, Language::ZhHant] {
            let mut texts = vec![
                offers_draw(lang, Surface::Discord, "alice", "bob"),
                open_challenge_exists(lang, Surface::Discord),
                only_can_decline(lang, Surface::Discord, "bob", true),
                only_can_decline(lang, Surface::Discord, "bob", false),
            ];
            for rematch in [false, true] {
                texts.extend(challenge_lines(
                    lang,
                    rematch,
                    "alice",
                    "bob",
                    30,
                    10,
                    7,
                    Surface::Discord,
                ));
            }
            for text in &texts {
                for command in console_only {
                    assert!(!text.contains(command), "{lang:?}: {text}");
                }
            }
            let console = offers_draw(lang, Surface::Console, "alice", "bob");
            assert!(console.contains("/draw accept"), "{console}");
        }
    }
}

#[cfg(test)]
mod plural_tests {
    use super::*;

    #[test]
    fn english_counts_agree_with_their_noun() {
        let en = Language::English;
        let table = [
            (
                challenge_lines(en, false, "a", "b", 30, 1, 7, Surface::Console)[1].clone(),
                "within 1 minute (",
            ),
            (
                challenge_lines(en, false, "a", "b", 30, 10, 7, Surface::Console)[1].clone(),
                "within 10 minutes (",
            ),
            (points(en, 1), "1 point"),
            (points(en, 0), "0 points"),
            (points(en, -1), "-1 points"),
            (record(en, 1, 0, 0, 0, 1), "1 game"),
            (record(en, 1, 1, 0, 0, 2), "2 games"),
        ];
        for (text, expected) in table {
            assert!(
                text.ends_with(expected) || text.contains(expected),
                "{text:?}"
            );
            assert!(
                !text.contains("1 minutes") && !text.contains(" 1 points"),
                "{text:?}"
            );
        }
        assert_eq!(points(en, 1), "1 point");
        assert_eq!(points(Language::ZhHans, 1), "1 分");
    }
}
