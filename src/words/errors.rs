//! Refusals and failures: what went wrong with a command, an action or the store.

use super::Surface;
use super::{Cmd, say, slash};
use crate::config::Language;
use crate::game::{ActionError, AttackRefusal, GameError};
use crate::standard::StandardError;

/// A lost database connection hid whether the change was saved; the bot checks before the
/// game's next move.
pub fn store_unsure(lang: Language) -> String {
    say!(
        lang,
        "the bot lost its database while saving this and cannot tell yet whether it counted; \
         look at the board before trying again",
        "保存时机器人与数据库断开了连接，暂时无法确认这一步是否生效；请先查看棋盘再重试",
        "儲存時機器人與資料庫斷開了連線，暫時無法確認這一步是否生效；請先查看棋盤再重試"
    )
}

/// A member's image commands came faster than the limit allows.
pub fn slow_down(lang: Language, seconds: u64) -> String {
    say!(
        lang,
        "slow down: you are asking for boards and images too fast; try again in {seconds} s",
        "请慢一点：你请求棋盘和图片太频繁了；请 {seconds} 秒后再试",
        "請慢一點：你請求棋盤和圖片太頻繁了；請 {seconds} 秒後再試"
    )
}

pub fn store_failure(lang: Language) -> String {
    say!(
        lang,
        "the bot could not save this, so nothing changed; please try again",
        "机器人无法保存，所以什么都没有改变；请再试一次",
        "機器人無法儲存，所以什麼都沒有改變；請再試一次"
    )
}

/// The one line of a game's room (a thread) opened just before the store failed, as the room
/// is closed: no game starts there.
pub fn room_unused(lang: Language) -> String {
    say!(
        lang,
        "No game could start here: the bot could not save it. This room is closed; the players \
         will be paired again in a new one.",
        "这里没能开始对局：机器人无法保存它。此房间已关闭；棋手将在新的房间里重新配对。",
        "這裡沒能開始對局：機器人無法儲存它。此房間已關閉；棋手將在新的房間裡重新配對。"
    )
}

/// A command reached a bot process that does not run the server's shard (a sharded bot
/// mid-restart): nothing was done.
pub fn not_this_process(lang: Language) -> String {
    say!(
        lang,
        "this server is served by another of the bot's processes right now, so nothing changed; please try again in a moment",
        "此服务器目前由机器人的另一个进程负责，所以什么都没有改变；请稍后再试",
        "此伺服器目前由機器人的另一個程序負責，所以什麼都沒有改變；請稍後再試"
    )
}

pub fn no_game(lang: Language, surface: Surface) -> String {
    let challenge = slash(lang, surface, Cmd::Challenge);
    say!(
        lang,
        "there is no game in this channel: start one with {challenge}",
        "这个频道没有对局：用 {challenge} 开始一局",
        "這個頻道沒有對局：用 {challenge} 開始一局"
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
        GameError::Referee(StandardError::NoFlips) => pick(
            "这盘棋没有翻棋：走你自己的一个棋子".into(),
            "這盤棋沒有翻棋：走你自己的一個棋子".into(),
        ),
        GameError::Referee(StandardError::Action(action)) => action_error(lang, action),
        GameError::StillDeploying => pick(
            "双方还在布阵：对局还没开始".into(),
            "雙方還在佈陣：對局還沒開始".into(),
        ),
        GameError::NotDeploying => pick("布阵已经结束".into(), "佈陣已經結束".into()),
        GameError::AlreadyReady => pick("你已经确认了布阵".into(), "你已經確認了佈陣".into()),
        GameError::NoLayout => pick(
            "先选一个布阵：随机、预设或保存的布阵".into(),
            "先選一個佈陣：隨機、預設或儲存的佈陣".into(),
        ),
        GameError::WrongKind => pick("这个事件属于另一种棋".into(), "這個事件屬於另一種棋".into()),
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

/// A square that could not be read (`/flip Z9`).
pub fn not_a_square(lang: Language, text: &str) -> String {
    say!(
        lang,
        "\"{text}\" is not a square: write a column A–E then a row 1–12, like B3",
        "“{text}”不是一个格子：先写列 A–E，再写行 1–12，例如 B3",
        "「{text}」不是一個格子：先寫列 A–E，再寫行 1–12，例如 B3"
    )
}

/// An option value Discord delivered but the bot could not read.
pub fn bad_argument(lang: Language, input: &str) -> String {
    say!(
        lang,
        "\"{input}\" is not a value this option takes; nothing was done",
        "“{input}”不是此选项可接受的值；什么都没有做",
        "「{input}」不是此選項可接受的值；什麼都沒有做"
    )
}

/// An option value Discord delivered but the bot could not read (no text to show).
pub fn bad_arguments(lang: Language) -> String {
    say!(
        lang,
        "the bot could not read this command's options; nothing was done",
        "机器人无法读取此命令的选项；什么都没有做",
        "機器人無法讀取此命令的選項；什麼都沒有做"
    )
}
