//! The sentences of `/analyse`: the chart's title and axis, the caption with the three biggest
//! swings, the "analysing…" answer, and the refusals (no such game, a live, cancelled or other
//! server's game, a standard game that ended before its first move).

use super::turns::kind_name;
use super::{Cmd, Surface, say, slash};
use crate::analysis::Swing;
use crate::config::Language;
use crate::game::{Effect, Kind};

/// A chance in thousandths as whole percent.
fn percent(thousandths: u16) -> u16 {
    (thousandths + 5) / 10
}

pub fn chart_title(lang: Language, game: u64, names: &[String; 2]) -> String {
    let [a, b] = names;
    say!(
        lang,
        "Game #{game}: {a} vs {b}, estimated chance of winning",
        "第 {game} 号对局：{a} 对 {b}，估计胜率",
        "第 {game} 號對局：{a} 對 {b}，估計勝率"
    )
}

pub fn chart_axis(lang: Language) -> String {
    say!(lang, "action", "步数", "步數")
}

/// The first line of the answer: which game, and how it ended.
pub fn caption(
    lang: Language,
    game: u64,
    names: &[String; 2],
    actions: usize,
    result: &str,
) -> String {
    let [a, b] = names;
    say!(
        lang,
        "Analysis of game #{game}: {a} vs {b}, {actions} actions, {result}. Each chance is estimated from what both players could see at that point.",
        "第 {game} 号对局分析：{a} 对 {b}，共 {actions} 步，{result}。每一点的胜率只依据当时双方都看得到的局面估计。",
        "第 {game} 號對局分析：{a} 對 {b}，共 {actions} 步，{result}。每一點的勝率只依據當時雙方都看得到的局面估計。"
    )
}

pub fn swings_title(lang: Language, count: usize) -> String {
    match count {
        0 => say!(
            lang,
            "No action changed the chances.",
            "没有哪一步改变了胜率。",
            "沒有哪一步改變了勝率。"
        ),
        1 => say!(lang, "The biggest swing:", "最大的转折：", "最大的轉折："),
        _ => say!(
            lang,
            "The {count} biggest swings:",
            "最大的 {count} 次转折：",
            "最大的 {count} 次轉折："
        ),
    }
}

/// `1. action 57: bob B5 → B9 attacked and lost his Major: 62 % → 31 %`
pub fn swing_line(lang: Language, rank: usize, swing: &Swing, names: &[String; 2]) -> String {
    let name = &names[swing.seat.index()];
    let what = did(lang, name, swing);
    let action = swing.action;
    let (before, after) = (percent(swing.before), percent(swing.after));
    say!(
        lang,
        "{rank}. action {action}: {what}: {before} % → {after} %",
        "{rank}. 第 {action} 步：{what}：{before}% → {after}%",
        "{rank}. 第 {action} 步：{what}：{before}% → {after}%"
    )
}

/// What the action of a swing did, short: `bob B5 → B9 took Black's Major`.
fn did(lang: Language, name: &str, swing: &Swing) -> String {
    let (from, to) = swing.played.squares();
    match swing.effect {
        Effect::Flipped(piece) => {
            let kind = kind_name(piece.kind, lang);
            let colour = super::colour(lang, piece.colour);
            say!(
                lang,
                "{name} flipped {from}: {colour} {kind}",
                "{name} 翻开 {from}：{colour}{kind}",
                "{name} 翻開 {from}：{colour}{kind}"
            )
        }
        Effect::Moved(_) => say!(
            lang,
            "{name} moved {from} → {to}",
            "{name} 从 {from} 走到 {to}",
            "{name} 從 {from} 走到 {to}"
        ),
        Effect::Attacked {
            attacker,
            target,
            attacker_survives,
        } => {
            let mine = kind_name(attacker.kind, lang);
            let theirs = kind_name(target.kind, lang);
            let both = attacker.kind == Kind::Bomb
                || target.kind == Kind::Bomb
                || attacker.kind.rank().is_some() && attacker.kind.rank() == target.kind.rank();
            if target.kind == Kind::Flag {
                say!(
                    lang,
                    "{name} {from} → {to} captured the flag",
                    "{name} {from} → {to} 夺得军旗",
                    "{name} {from} → {to} 奪得軍旗"
                )
            } else if attacker_survives {
                say!(
                    lang,
                    "{name} {from} → {to} took a {theirs} with a {mine}",
                    "{name} {from} → {to} 用{mine}吃掉{theirs}",
                    "{name} {from} → {to} 用{mine}吃掉{theirs}"
                )
            } else if both {
                say!(
                    lang,
                    "{name} {from} → {to} traded a {mine} for a {theirs}",
                    "{name} {from} → {to} 以{mine}换掉{theirs}",
                    "{name} {from} → {to} 以{mine}換掉{theirs}"
                )
            } else {
                say!(
                    lang,
                    "{name} {from} → {to} attacked and lost a {mine} to a {theirs}",
                    "{name} {from} → {to} 进攻失利，{mine}被{theirs}吃掉",
                    "{name} {from} → {to} 進攻失利，{mine}被{theirs}吃掉"
                )
            }
        }
        Effect::Judged {
            verdict,
            attacker,
            target,
            ..
        } => super::turns::referee_line(name, (from, to), verdict, (attacker, target), lang)
            .trim_end_matches(['.', '。'])
            .to_string(),
    }
}

/// The answer while the analysis runs (the chart follows).
pub fn analysing(lang: Language, game: u64) -> String {
    say!(
        lang,
        "Analysing game #{game}… the chart follows when it is ready.",
        "正在分析第 {game} 号对局……完成后发出图表。",
        "正在分析第 {game} 號對局……完成後發出圖表。"
    )
}

pub fn analyse_live_game(lang: Language, surface: Surface, game: u64) -> String {
    let board = slash(lang, surface, Cmd::Board);
    say!(
        lang,
        "Game #{game} is still being played: it can be analysed once it ends (`{board}` shows it now).",
        "第 {game} 号对局仍在进行：结束后才能分析（现在可用 `{board}` 查看）。",
        "第 {game} 號對局仍在進行：結束後才能分析（現在可用 `{board}` 查看）。"
    )
}

pub fn analyse_cancelled_game(lang: Language, game: u64) -> String {
    say!(
        lang,
        "Game #{game} was cancelled: with no result there is nothing to analyse.",
        "第 {game} 号对局已被取消：没有结果，无从分析。",
        "第 {game} 號對局已被取消：沒有結果，無從分析。"
    )
}

/// `/analyse` of a 暗棋 or 明棋 game that ended while its players deployed.
pub fn analyse_never_played(lang: Language, game: u64) -> String {
    say!(
        lang,
        "Game #{game} ended before its first move: with no move played there is nothing to analyse.",
        "第 {game} 号对局在第一步之前就结束了：没有走过一步，无从分析。",
        "第 {game} 號對局在第一步之前就結束了：沒有走過一步，無從分析。"
    )
}

pub fn analyse_other_server(lang: Language, game: u64) -> String {
    say!(
        lang,
        "Game #{game} was played in another server: only its own server can analyse it.",
        "第 {game} 号对局是在其他服务器下的：只能在那个服务器分析。",
        "第 {game} 號對局是在其他伺服器下的：只能在那個伺服器分析。"
    )
}

pub fn analysis_failed(lang: Language, game: u64) -> String {
    say!(
        lang,
        "Game #{game} could not be analysed; the operators were told.",
        "第 {game} 号对局无法分析，已通知管理员。",
        "第 {game} 號對局無法分析，已通知管理員。"
    )
}

pub fn analysis_busy(lang: Language) -> String {
    say!(
        lang,
        "Too many games are being analysed right now: try again in a minute.",
        "目前正在分析的对局太多，请一分钟后再试。",
        "目前正在分析的對局太多，請一分鐘後再試。"
    )
}

pub fn button_analyse(lang: Language) -> String {
    say!(lang, "Analyse", "分析", "分析")
}
