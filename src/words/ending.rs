//! How a game ended, worded once per reason and surface: the line of a message
//! (`game over: alice wins (captured the flag).`) and the banner drawn on the board image
//! (`RED WINS` over `bob has no move left`). The two surfaces say different sentences (the
//! banner names the loser, and is short enough to fit), but each reason is worded here only.

use crate::config::Language;
use crate::game::{DrawReason, Outcome, Rules, Seat, WinReason};
use crate::words::say;

/// Why `winner` won, as the message says it (from the winner's side).
fn win_reason_text(reason: WinReason, lang: Language) -> String {
    match reason {
        WinReason::Flag => say!(lang, "captured the flag", "夺得军旗", "奪得軍旗"),
        WinReason::NoMoves => say!(
            lang,
            "the opponent has no legal action",
            "对方无棋可走",
            "對方無棋可走"
        ),
        WinReason::Timeouts => say!(
            lang,
            "the opponent ran out of time too often",
            "对方超时过多",
            "對方超時過多"
        ),
        WinReason::Repetition => say!(
            lang,
            "the opponent repeated a move too often",
            "对方重复走子过多",
            "對方重複走子過多"
        ),
        WinReason::Resignation => say!(lang, "the opponent resigned", "对方认输", "對方認輸"),
        WinReason::Abandonment => say!(
            lang,
            "the opponent abandoned the game",
            "对方逃跑",
            "對方逃跑"
        ),
    }
}

/// Why the game was drawn, as the message says it.
fn draw_reason_text(reason: DrawReason, lang: Language) -> String {
    match reason {
        DrawReason::NoCapture => say!(
            lang,
            "no attack in the last actions allowed",
            "连续多步无吃子",
            "連續多步無吃子"
        ),
        DrawReason::PlyLimit => say!(
            lang,
            "the action limit was reached",
            "达到总步数上限",
            "達到總步數上限"
        ),
        DrawReason::Agreement => say!(lang, "agreed", "双方同意", "雙方同意"),
        DrawReason::ClockLimit => say!(
            lang,
            "the game reached its time limit",
            "对局达到时限",
            "對局達到時限"
        ),
    }
}

/// `game over: alice wins (captured the flag).` / `game over: draw (agreed).`
pub fn outcome_line(outcome: Outcome<Seat>, names: &[String; 2], lang: Language) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            let name = &names[winner.index()];
            let why = win_reason_text(reason, lang);
            say!(
                lang,
                "game over: {name} wins ({why}).",
                "对局结束：{name} 胜（{why}）。",
                "對局結束：{name} 勝（{why}）。"
            )
        }
        Outcome::Draw(reason) => {
            let why = draw_reason_text(reason, lang);
            say!(
                lang,
                "game over: draw ({why}).",
                "对局结束：和棋（{why}）。",
                "對局結束：和棋（{why}）。"
            )
        }
    }
}

/// The banner's title for a win: `RED WINS`, `alice WINS`; `winner` is a colour or a name.
pub fn banner_wins(lang: Language, winner: &str) -> String {
    say!(lang, "{winner} WINS", "{winner}胜", "{winner}勝")
}

/// The banner's title for a draw.
pub fn banner_draw(lang: Language) -> String {
    say!(lang, "DRAW", "和棋", "和棋")
}

/// The banner's line under a win: what the loser did, or what the winner took.
pub fn banner_win_reason(
    lang: Language,
    reason: WinReason,
    winner: &str,
    loser: &str,
    rules: &Rules,
) -> String {
    match reason {
        WinReason::Flag => say!(
            lang,
            "{winner} captured the flag",
            "{winner} 夺得军旗",
            "{winner} 奪得軍旗"
        ),
        WinReason::NoMoves => say!(
            lang,
            "{loser} has no move left",
            "{loser} 无子可走",
            "{loser} 無子可走"
        ),
        WinReason::Timeouts => {
            let times = rules.timeouts_to_lose;
            say!(
                lang,
                "{loser} ran out of time {times} times",
                "{loser} 超时 {times} 次",
                "{loser} 超時 {times} 次"
            )
        }
        WinReason::Repetition => say!(
            lang,
            "{loser} repeated a move too often",
            "{loser} 重复走子过多",
            "{loser} 重複走子過多"
        ),
        WinReason::Resignation => say!(lang, "{loser} resigned", "{loser} 认输", "{loser} 認輸"),
        WinReason::Abandonment => say!(
            lang,
            "{loser} left the game",
            "{loser} 弃局",
            "{loser} 棄局"
        ),
    }
}

/// The banner's line under a draw.
pub fn banner_draw_reason(lang: Language, reason: DrawReason, rules: &Rules) -> String {
    match reason {
        DrawReason::NoCapture => {
            let quiet = rules.quiet_limit;
            say!(
                lang,
                "{quiet} actions without a capture",
                "{quiet} 步未吃子",
                "{quiet} 步未吃子"
            )
        }
        DrawReason::PlyLimit => {
            let plies = rules.ply_limit;
            say!(
                lang,
                "{plies} actions played",
                "已走 {plies} 步",
                "已走 {plies} 步"
            )
        }
        DrawReason::Agreement => say!(lang, "draw agreed", "双方议和", "雙方議和"),
        DrawReason::ClockLimit => {
            let minutes = rules.clock_limit_secs / 60;
            if minutes.is_multiple_of(60) {
                let hours = minutes / 60;
                say!(
                    lang,
                    "time limit of {hours} hours",
                    "时限 {hours} 小时",
                    "時限 {hours} 小時"
                )
            } else {
                say!(
                    lang,
                    "time limit of {minutes} minutes",
                    "时限 {minutes} 分钟",
                    "時限 {minutes} 分鐘"
                )
            }
        }
    }
}
