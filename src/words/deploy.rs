//! The words of the standard games' deployment (布阵) and of the game kinds: the kinds' names,
//! the deployment's announcement and state, each player's private panel, Ready, the
//! deployment clock's end and the refusals of `/deploy`.

use super::{Surface, say, slash};
use crate::GameKind;
use crate::config::Language;
use crate::game::Colour;
use crate::standard::{DeploymentError, DeploymentRule};

/// The game's name: 翻翻棋, 暗棋 or 明棋 (English adds what it means).
pub fn kind_name(lang: Language, kind: GameKind) -> String {
    match (kind, lang) {
        (GameKind::Flip, Language::English) => "flip junqi (翻翻棋)".into(),
        (GameKind::Dark, Language::English) => "dark junqi (暗棋, the bot referees)".into(),
        (GameKind::Open, Language::English) => "open junqi (明棋)".into(),
        (GameKind::Flip, _) => "翻翻棋".into(),
        (GameKind::Dark, Language::ZhHant) => "暗棋（機器人當裁判）".into(),
        (GameKind::Dark, _) => "暗棋（机器人当裁判）".into(),
        (GameKind::Open, _) => "明棋".into(),
    }
}

/// The game a challenge is for, as a challenge names it (翻翻棋 with its full name).
pub fn challenge_name(lang: Language, game: GameKind) -> &'static str {
    match (game, lang) {
        (GameKind::Flip, Language::ZhHant) => "軍棋翻翻棋",
        (GameKind::Flip, _) => "军棋翻翻棋",
        (GameKind::Dark, Language::English) => "暗棋 (dark junqi, the bot referees)",
        (GameKind::Dark, _) => "暗棋",
        (GameKind::Open, Language::English) => "明棋 (open junqi)",
        (GameKind::Open, _) => "明棋",
    }
}

/// The game's short name, for lists: 翻翻棋, 暗棋 or 明棋 (English adds a word).
pub fn kind_short(lang: Language, kind: GameKind) -> &'static str {
    match (kind, lang) {
        (GameKind::Flip, Language::English) => "flip (翻翻棋)",
        (GameKind::Dark, Language::English) => "dark (暗棋)",
        (GameKind::Open, Language::English) => "open (明棋)",
        (GameKind::Flip, _) => "翻翻棋",
        (GameKind::Dark, _) => "暗棋",
        (GameKind::Open, _) => "明棋",
    }
}

/// The line under a challenge or a new game naming a game that is not 翻翻棋.
pub fn game_line(lang: Language, kind: GameKind) -> String {
    let name = kind_name(lang, kind);
    say!(lang, "Game: {name}.", "棋种：{name}。", "棋種：{name}。")
}

/// How a new standard game's deployment is announced.
pub fn deployment_begins(lang: Language, surface: Surface, deadline_secs: u64) -> String {
    let deploy = slash(lang, surface, super::Cmd::Deploy);
    let when = super::deadline(lang, deadline_secs);
    match surface {
        Surface::Discord => say!(
            lang,
            "Deploy your pieces in private: press Deploy or use {deploy}. Deployment {when}.",
            "请私下布阵：点「布阵」或用 {deploy}。布阵{when}。",
            "請私下佈陣：點「佈陣」或用 {deploy}。佈陣{when}。"
        ),
        Surface::Console => say!(
            lang,
            "Deploy your pieces: {deploy} shows your layout ({deploy} random, preset name:classic, swap B2 C5, ready). Deployment {when}.",
            "请布阵：{deploy} 显示你的布阵（{deploy} random、preset name:classic、swap B2 C5、ready）。布阵{when}。",
            "請佈陣：{deploy} 顯示你的佈陣（{deploy} random、preset name:classic、swap B2 C5、ready）。佈陣{when}。"
        ),
    }
}

/// `alice: ready · bob: deploying`.
pub fn deployment_state(lang: Language, names: &[String; 2], ready: [bool; 2]) -> String {
    let state = |ready: bool| match (ready, lang) {
        (true, Language::English) => "ready ✓",
        (false, Language::English) => "deploying…",
        (true, Language::ZhHans) => "已就绪 ✓",
        (false, Language::ZhHans) => "布阵中…",
        (true, Language::ZhHant) => "已就緒 ✓",
        (false, Language::ZhHant) => "佈陣中…",
    };
    let (first, second) = (&names[0], &names[1]);
    let (a, b) = (state(ready[0]), state(ready[1]));
    say!(
        lang,
        "{first}: {a} · {second}: {b}",
        "{first}：{a} · {second}：{b}",
        "{first}：{a} · {second}：{b}"
    )
}

/// `alice is ready.`
pub fn is_ready(lang: Language, name: &str) -> String {
    say!(
        lang,
        "{name} is ready.",
        "{name} 已确认布阵。",
        "{name} 已確認佈陣。"
    )
}

pub fn both_deployed(lang: Language) -> String {
    say!(
        lang,
        "Both armies are deployed: the game begins.",
        "双方布阵完毕：对局开始。",
        "雙方佈陣完畢：對局開始。"
    )
}

/// The deployment clock ran out for `name`: the layout on screen, or a random one.
pub fn deployment_expired(lang: Language, name: &str, had_layout: bool) -> String {
    if had_layout {
        say!(
            lang,
            "Deployment time is up: {name} plays the layout on their screen.",
            "布阵时间到：{name} 使用屏幕上的布阵。",
            "佈陣時間到：{name} 使用螢幕上的佈陣。"
        )
    } else {
        say!(
            lang,
            "Deployment time is up: {name} gets a random layout.",
            "布阵时间到：{name} 使用随机布阵。",
            "佈陣時間到：{name} 使用隨機佈陣。"
        )
    }
}

/// The first line of a private panel: what the step did.
pub fn panel_note(lang: Language, note: PanelNote) -> String {
    match note {
        PanelNote::Shown => say!(lang, "Your layout:", "你的布阵：", "你的佈陣："),
        PanelNote::Random => say!(lang, "A random layout:", "随机布阵：", "隨機佈陣："),
        PanelNote::Preset(name) => say!(
            lang,
            "The preset {name}:",
            "预设布阵 {name}：",
            "預設佈陣 {name}："
        ),
        PanelNote::Layout => say!(
            lang,
            "Your layout, as typed:",
            "你输入的布阵：",
            "你輸入的佈陣："
        ),
        PanelNote::Swapped(from, to) => say!(
            lang,
            "Swapped {from} and {to}:",
            "已交换 {from} 和 {to}：",
            "已交換 {from} 和 {to}："
        ),
        PanelNote::Waiting => say!(
            lang,
            "You are ready; waiting for your opponent. Your layout:",
            "你已确认，等待对手。你的布阵：",
            "你已確認，等待對手。你的佈陣："
        ),
        PanelNote::Saved {
            name,
            replaced,
            count,
        } => super::layouts::saved(lang, name, replaced, count),
        PanelNote::Loaded(name) => super::layouts::loaded(lang, name),
    }
}

/// A panel's first line, as the presenter hands it over.
#[derive(Clone, Copy, Debug)]
pub enum PanelNote<'a> {
    Shown,
    Random,
    Preset(&'a str),
    Layout,
    Swapped(&'a str, &'a str),
    Waiting,
    /// Saved under a name (which the member already had: `replaced`); they keep `count`.
    Saved {
        name: &'a str,
        replaced: bool,
        count: usize,
    },
    Loaded(&'a str),
}

/// The panel's closing hint.
pub fn panel_hint(lang: Language, surface: Surface) -> String {
    let deploy = slash(lang, surface, super::Cmd::Deploy);
    say!(
        lang,
        "Change it with {deploy} swap B2 C5, random or preset name:…; confirm with {deploy} ready.",
        "用 {deploy} swap B2 C5、random 或 preset name:… 调整；用 {deploy} ready 确认。",
        "用 {deploy} swap B2 C5、random 或 preset name:… 調整；用 {deploy} ready 確認。"
    )
}

/// The presets, for a refusal and the panel's menu.
pub fn presets_line(lang: Language, names: &str) -> String {
    say!(
        lang,
        "Presets: {names}.",
        "预设布阵：{names}。",
        "預設佈陣：{names}。"
    )
}

/// The player's saved layouts on their panel, and how to load one.
pub fn saved_line(lang: Language, surface: Surface, names: &str) -> String {
    let deploy = slash(lang, surface, super::Cmd::Deploy);
    say!(
        lang,
        "Your saved layouts: {names} (load one with {deploy} load name:…).",
        "你保存的布阵：{names}（用 {deploy} load name:… 载入）。",
        "你儲存的佈陣：{names}（用 {deploy} load name:… 載入）。"
    )
}

/// The placeholder of the panel's menu of presets.
pub fn menu_presets(lang: Language) -> String {
    say!(
        lang,
        "Start from a preset…",
        "选一个预设布阵…",
        "選一個預設佈陣…"
    )
}

/// The placeholder of the panel's menu of saved layouts.
pub fn menu_saved(lang: Language) -> String {
    say!(
        lang,
        "Load a saved layout…",
        "载入保存的布阵…",
        "載入儲存的佈陣…"
    )
}

pub fn not_standard(lang: Language) -> String {
    say!(
        lang,
        "This is a 翻翻棋 game: its pieces are dealt face down, there is nothing to deploy.",
        "这是翻翻棋：棋子背面朝上发下，无需布阵。",
        "這是翻翻棋：棋子背面朝上發下，無需佈陣。"
    )
}

pub fn unknown_preset(lang: Language, name: &str, presets: &str) -> String {
    say!(
        lang,
        "There is no preset \"{name}\". Presets: {presets}.",
        "没有名为「{name}」的预设布阵。预设布阵：{presets}。",
        "沒有名為「{name}」的預設佈陣。預設佈陣：{presets}。"
    )
}

/// A square that is not one of the caller's deployment posts.
pub fn not_your_post(lang: Language, square: &str) -> String {
    say!(
        lang,
        "{square} is not on your half: you deploy only on your own half.",
        "{square} 不在你的半场：只能在自己的半场布阵。",
        "{square} 不在你的半場：只能在自己的半場佈陣。"
    )
}

/// A layout or swap refused by a deployment rule, naming the rule and the board square.
pub fn rule_broken(lang: Language, error: &DeploymentError, square: &str) -> String {
    let rule = match (error.rule(), lang) {
        (DeploymentRule::FlagInHeadquarters, Language::English) => {
            "the flag must stand in a headquarters"
        }
        (DeploymentRule::FlagInHeadquarters, Language::ZhHans) => "军旗必须放在大本营",
        (DeploymentRule::FlagInHeadquarters, Language::ZhHant) => "軍旗必須放在大本營",
        (DeploymentRule::MinesOnLastTwoRows, Language::English) => {
            "mines stand only on your last two rows"
        }
        (DeploymentRule::MinesOnLastTwoRows, Language::ZhHans) => "地雷只能放在最后两排",
        (DeploymentRule::MinesOnLastTwoRows, Language::ZhHant) => "地雷只能放在最後兩排",
        (DeploymentRule::NoBombOnFrontRow, Language::English) => {
            "a bomb may not stand on your front row"
        }
        (DeploymentRule::NoBombOnFrontRow, Language::ZhHans) => "炸弹不能放在第一排",
        (DeploymentRule::NoBombOnFrontRow, Language::ZhHant) => "炸彈不能放在第一排",
        (DeploymentRule::CampsEmpty, Language::English) => "camps start empty",
        (DeploymentRule::CampsEmpty, Language::ZhHans) => "行营开局必须空着",
        (DeploymentRule::CampsEmpty, Language::ZhHant) => "行營開局必須空著",
        (DeploymentRule::WholeArmy, Language::English) => {
            "each of the 25 posts that are not camps holds one of your 25 pieces"
        }
        (DeploymentRule::WholeArmy, Language::ZhHans) => "行营以外的 25 个位置各放你的一枚棋子",
        (DeploymentRule::WholeArmy, Language::ZhHant) => "行營以外的 25 個位置各放你的一枚棋子",
    };
    if let DeploymentError::TooMany { kind, allowed, .. } = *error {
        let piece = match lang {
            Language::English => kind.name_english().to_lowercase(),
            Language::ZhHans => kind.name_simplified().to_string(),
            Language::ZhHant => kind.name_traditional().to_string(),
        };
        return say!(
            lang,
            "Refused: one {piece} too many ({square}): an army has {allowed}. Nothing changed.",
            "不允许：多了一个{piece}（{square}）：一支军队只有 {allowed} 个。布阵没有改变。",
            "不允許：多了一個{piece}（{square}）：一支軍隊只有 {allowed} 個。佈陣沒有改變。"
        );
    }
    say!(
        lang,
        "Refused: {rule} ({square}). Nothing changed.",
        "不允许：{rule}（{square}）。布阵没有改变。",
        "不允許：{rule}（{square}）。佈陣沒有改變。"
    )
}

/// A layout that could not be read at all (the notation's own words follow).
pub fn unreadable_layout(lang: Language, detail: &str) -> String {
    say!(
        lang,
        "That is not a layout: {detail}. Write 6 ranks from your front row to your back row, separated by '/', each 5 codes separated by ','.",
        "这不是布阵：{detail}。从第一排写到最后一排共 6 排，用 '/' 分隔，每排 5 个代码用 ',' 分隔。",
        "這不是佈陣：{detail}。從第一排寫到最後一排共 6 排，用 '/' 分隔，每排 5 個代碼用 ',' 分隔。"
    )
}

pub fn button_deploy(lang: Language) -> String {
    say!(lang, "Deploy", "布阵", "佈陣")
}

pub fn button_random(lang: Language) -> String {
    say!(lang, "Random", "随机", "隨機")
}

pub fn button_ready(lang: Language) -> String {
    say!(lang, "Ready", "出征", "出征")
}

pub fn button_my_pieces(lang: Language) -> String {
    say!(lang, "My pieces", "我的棋子", "我的棋子")
}

/// The caption of a player's private view of their own pieces.
pub fn my_pieces(lang: Language, id: u64) -> String {
    say!(
        lang,
        "Game {id}: your pieces (only you see this).",
        "第 {id} 局：你的棋子（只有你能看到）。",
        "第 {id} 局：你的棋子（只有你能看到）。"
    )
}

/// `/deploy preset` without a name (and the like).
pub fn missing_option(lang: Language, option: &str) -> String {
    say!(
        lang,
        "That needs {option}: too.",
        "还需要 {option}: 选项。",
        "還需要 {option}: 選項。"
    )
}

/// A swap naming a camp.
pub fn camp(lang: Language, square: &str) -> String {
    say!(
        lang,
        "Refused: {square} is a camp, and camps start empty. Nothing changed.",
        "不允许：{square} 是行营，行营开局必须空着。布阵没有改变。",
        "不允許：{square} 是行營，行營開局必須空著。佈陣沒有改變。"
    )
}

/// At the end of a standard game, one player's layout, revealed to everyone.
pub fn layout_revealed(lang: Language, name: &str, colour: Colour, layout: &str) -> String {
    let colour = super::colour(lang, colour);
    say!(
        lang,
        "{name}'s layout ({colour}): {layout}",
        "{name} 的布阵（{colour}）：{layout}",
        "{name} 的佈陣（{colour}）：{layout}"
    )
}
