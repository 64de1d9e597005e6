//! Challenges: opening, answering, expiring and the start of a game.

use super::Surface;
use super::{count_en, say};
use crate::GameKind;
use crate::config::Language;

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
        "there is no AI level \"{level}\": choose easy, normal, hard or master",
        "没有 \"{level}\" 这个电脑难度：请选 easy、normal、hard 或 master",
        "沒有 \"{level}\" 這個電腦難度：請選 easy、normal、hard 或 master"
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
    (rematch, game): (bool, GameKind),
    challenger: &str,
    challenged: &str,
    turn_secs: u32,
    minutes: u32,
    id: u64,
    surface: Surface,
) -> Vec<String> {
    let name = super::deploy::challenge_name(lang, game);
    let first = match (rematch, lang) {
        (false, _) => say!(
            lang,
            "{challenger} challenges {challenged} to a game of {name} ({turn_secs} s per turn).",
            "{challenger} 向 {challenged} 发起{name}挑战（每步 {turn_secs} 秒）。",
            "{challenger} 向 {challenged} 發起{name}挑戰（每步 {turn_secs} 秒）。"
        ),
        (true, _) => say!(
            lang,
            "{challenger} asks for a rematch: challenges {challenged} to a game of {name} ({turn_secs} s per turn).",
            "{challenger} 要求再来一局：向 {challenged} 发起{name}挑战（每步 {turn_secs} 秒）。",
            "{challenger} 要求再來一局：向 {challenged} 發起{name}挑戰（每步 {turn_secs} 秒）。"
        ),
    };
    let minutes_en = count_en(minutes, "minute", "minutes");
    let answer = match surface {
        Surface::Console => say!(
            lang,
            "{challenged}: /accept or /decline within {minutes_en} (challenge {id}).",
            "{challenged}：请在 {minutes} 分钟内 /accept 接受或 /decline 拒绝（挑战 {id}）。",
            "{challenged}：請在 {minutes} 分鐘內 /accept 接受或 /decline 拒絕（挑戰 {id}）。"
        ),
        Surface::Discord => say!(
            lang,
            "{challenged}: press Accept or Decline within {minutes_en}.",
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

/// The two lines announcing an open challenge, which anyone but the challenger may take.
pub fn open_challenge_lines(
    lang: Language,
    (challenger, game): (&str, GameKind),
    turn_secs: u32,
    minutes: u32,
    id: u64,
    surface: Surface,
) -> Vec<String> {
    let name = super::deploy::challenge_name(lang, game);
    let first = say!(
        lang,
        "{challenger} is looking for a game of {name} ({turn_secs} s per turn): anyone may take it.",
        "{challenger} 在找人下{name}（每步 {turn_secs} 秒）：谁都可以应战。",
        "{challenger} 在找人下{name}（每步 {turn_secs} 秒）：誰都可以應戰。"
    );
    let minutes_en = count_en(minutes, "minute", "minutes");
    let answer = match surface {
        Surface::Console => say!(
            lang,
            "Type /accept {id} within {minutes_en} to play (open challenge {id}).",
            "请在 {minutes} 分钟内输入 /accept {id} 应战（公开挑战 {id}）。",
            "請在 {minutes} 分鐘內輸入 /accept {id} 應戰（公開挑戰 {id}）。"
        ),
        Surface::Discord => say!(
            lang,
            "Press Accept within {minutes_en} to play.",
            "请在 {minutes} 分钟内按“接受”应战。",
            "請在 {minutes} 分鐘內按「接受」應戰。"
        ),
    };
    vec![first, answer]
}

pub fn open_challenge_expired(lang: Language, challenger: &str) -> String {
    say!(
        lang,
        "{challenger}'s open challenge has expired: nobody took it.",
        "{challenger} 的公开挑战已过期：没有人应战。",
        "{challenger} 的公開挑戰已過期：沒有人應戰。"
    )
}

pub fn withdraws_open_challenge(lang: Language, name: &str) -> String {
    say!(
        lang,
        "{name} withdraws their open challenge.",
        "{name} 撤回了自己的公开挑战。",
        "{name} 撤回了自己的公開挑戰。"
    )
}

/// Someone else took the open challenge first.
pub fn challenge_already_taken(lang: Language) -> String {
    say!(
        lang,
        "too late: someone else has already taken that challenge",
        "晚了一步：这个挑战已经被别人接下了",
        "晚了一步：這個挑戰已經被別人接下了"
    )
}

pub fn accept_own_challenge(lang: Language, surface: Surface) -> String {
    match surface {
        Surface::Console => say!(
            lang,
            "you cannot accept your own open challenge: wait for someone to take it, or /withdraw it",
            "你不能接受自己的公开挑战：等别人应战，或用 /withdraw 撤回",
            "你不能接受自己的公開挑戰：等別人應戰，或用 /withdraw 撤回"
        ),
        Surface::Discord => say!(
            lang,
            "you cannot accept your own open challenge: wait for someone to take it, or press Withdraw",
            "你不能接受自己的公开挑战：等别人应战，或按“撤回”",
            "你不能接受自己的公開挑戰：等別人應戰，或按「撤回」"
        ),
    }
}

/// `/decline` of an open challenge: nobody was asked, so there is nothing to decline.
pub fn cannot_decline_open(lang: Language) -> String {
    say!(
        lang,
        "an open challenge is for anyone: there is nothing to decline, just leave it",
        "公开挑战是给所有人的：不必拒绝，不理会即可",
        "公開挑戰是給所有人的：不必拒絕，不理會即可"
    )
}
