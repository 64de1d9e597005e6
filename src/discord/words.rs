//! The few texts the Discord front end writes itself (everything about games comes from the
//! service): confirmation prompts, expired buttons, internal errors, in the configured language.

use crate::config::Language;
use crate::service::{Button, Reply};

/// Actions that ask "are you sure?" first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Confirm {
    Resign,
    Abandon,
}

/// Custom ids of the confirmation buttons (routed in `buttons`).
pub const CONFIRM_RESIGN: &str = "confirm:resign";
pub const CONFIRM_ABANDON: &str = "confirm:abandon";
pub const CONFIRM_CANCEL: &str = "confirm:cancel";

/// The private "are you sure?" message with its two buttons.
pub fn confirm_prompt(what: Confirm, language: Language) -> Reply {
    let (question, yes, cancel) = match (what, language) {
        (Confirm::Resign, Language::English) => (
            "Resign this game? You lose it (allowed once 50 actions have been played).",
            "Resign",
            "Cancel",
        ),
        (Confirm::Resign, Language::ZhHans) => {
            ("确定认输吗？本局判负（须已走满 50 步）。", "认输", "取消")
        }
        (Confirm::Resign, Language::ZhHant) => {
            ("確定認輸嗎？本局判負（須已走滿 50 步）。", "認輸", "取消")
        }
        (Confirm::Abandon, Language::English) => (
            "Leave this game? You lose it with the abandonment penalty.",
            "Leave the game",
            "Cancel",
        ),
        (Confirm::Abandon, Language::ZhHans) => {
            ("确定逃跑吗？本局判负并按逃跑扣分。", "逃跑", "取消")
        }
        (Confirm::Abandon, Language::ZhHant) => {
            ("確定逃跑嗎？本局判負並按逃跑扣分。", "逃跑", "取消")
        }
    };
    let yes_id = match what {
        Confirm::Resign => CONFIRM_RESIGN,
        Confirm::Abandon => CONFIRM_ABANDON,
    };
    Reply::private(vec![question.to_string()]).with_buttons(vec![
        Button::new(yes, yes_id),
        Button::new(cancel, CONFIRM_CANCEL),
    ])
}

pub fn cancelled(language: Language) -> &'static str {
    match language {
        Language::English => "Cancelled: nothing changed.",
        Language::ZhHans => "已取消，什么都没有改变。",
        Language::ZhHant => "已取消，什麼都沒有改變。",
    }
}

pub fn expired(language: Language) -> &'static str {
    match language {
        Language::English => "This button has expired.",
        Language::ZhHans => "这个按钮已失效。",
        Language::ZhHant => "這個按鈕已失效。",
    }
}

pub fn internal_error(language: Language) -> &'static str {
    match language {
        Language::English => {
            "Something went wrong on the bot's side; nothing changed. Please try again."
        }
        Language::ZhHans => "机器人出错了，什么都没有改变，请重试。",
        Language::ZhHant => "機器人出錯了，什麼都沒有改變，請重試。",
    }
}

pub fn other_bot(language: Language) -> &'static str {
    match language {
        Language::English => "Bots cannot play; challenge me instead to play the AI.",
        Language::ZhHans => "其他机器人不能下棋；要和 AI 下棋请挑战我。",
        Language::ZhHant => "其他機器人不能下棋；要和 AI 下棋請挑戰我。",
    }
}
