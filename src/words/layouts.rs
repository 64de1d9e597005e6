//! A member's saved layouts: `/deploy save` and `/deploy load` (the panel's first line and
//! their refusals) and `/layouts` (the list, a deletion and its refusal). Every one of these
//! is private: a layout is hidden information.

use super::{Cmd, Surface, say, slash};
use crate::config::Language;
use crate::store::{LAYOUT_NAME_CHARS, MAX_SAVED_LAYOUTS, NameError};

/// The panel's first line after `/deploy save`.
pub fn saved(lang: Language, name: &str, replaced: bool, count: usize) -> String {
    let max = MAX_SAVED_LAYOUTS;
    if replaced {
        say!(
            lang,
            "Saved as \"{name}\", replacing the layout of that name ({count} of {max} kept). Your layout:",
            "已保存为「{name}」，替换了同名布阵（已存 {count}/{max}）。你的布阵：",
            "已儲存為「{name}」，取代了同名佈陣（已存 {count}/{max}）。你的佈陣："
        )
    } else {
        say!(
            lang,
            "Saved as \"{name}\" ({count} of {max} kept). Your layout:",
            "已保存为「{name}」（已存 {count}/{max}）。你的布阵：",
            "已儲存為「{name}」（已存 {count}/{max}）。你的佈陣："
        )
    }
}

/// The panel's first line after `/deploy load`.
pub fn loaded(lang: Language, name: &str) -> String {
    say!(
        lang,
        "Your saved layout \"{name}\":",
        "你保存的布阵「{name}」：",
        "你儲存的佈陣「{name}」："
    )
}

/// A name that cannot be kept.
pub fn bad_name(lang: Language, error: NameError) -> String {
    let max = LAYOUT_NAME_CHARS;
    match error {
        NameError::Empty => say!(
            lang,
            "A layout needs a name: name:… with 1 to {max} characters. Nothing was saved.",
            "布阵需要名称：name:…，1 到 {max} 个字符。没有保存。",
            "佈陣需要名稱：name:…，1 到 {max} 個字元。沒有儲存。"
        ),
        NameError::TooLong => say!(
            lang,
            "That name is too long: at most {max} characters. Nothing was saved.",
            "名称太长：最多 {max} 个字符。没有保存。",
            "名稱太長：最多 {max} 個字元。沒有儲存。"
        ),
        NameError::Control => say!(
            lang,
            "A name is one line of text, without tabs or line breaks. Nothing was saved.",
            "名称只能是一行文字，不能有制表符或换行。没有保存。",
            "名稱只能是一行文字，不能有定位字元或換行。沒有儲存。"
        ),
    }
}

pub fn nothing_to_save(lang: Language) -> String {
    say!(
        lang,
        "There is no layout on your screen to save yet: choose one first (random, a preset or a layout).",
        "你的屏幕上还没有布阵可保存：请先选一个（随机、预设或布阵文本）。",
        "你的螢幕上還沒有佈陣可儲存：請先選一個（隨機、預設或佈陣文字）。"
    )
}

/// A 21st name.
pub fn full(lang: Language, surface: Surface) -> String {
    let max = MAX_SAVED_LAYOUTS;
    let layouts = slash(lang, surface, Cmd::Layouts);
    say!(
        lang,
        "You already keep {max} layouts, the most there is room for: delete one with {layouts} delete name:… or save under a name you have. Nothing was saved.",
        "你已保存 {max} 个布阵，已达上限：用 {layouts} delete name:… 删除一个，或用已有的名称覆盖。没有保存。",
        "你已儲存 {max} 個佈陣，已達上限：用 {layouts} delete name:… 刪除一個，或用已有的名稱覆蓋。沒有儲存。"
    )
}

/// A load or a deletion of a name the member has not saved.
pub fn unknown(lang: Language, surface: Surface, name: &str, saved: &[String]) -> String {
    if saved.is_empty() {
        let deploy = slash(lang, surface, Cmd::Deploy);
        return say!(
            lang,
            "You have no saved layout \"{name}\": you have none yet. Save one with {deploy} save name:….",
            "你没有名为「{name}」的布阵：你还没有保存过布阵。用 {deploy} save name:… 保存。",
            "你沒有名為「{name}」的佈陣：你還沒有儲存過佈陣。用 {deploy} save name:… 儲存。"
        );
    }
    let names = saved.join(", ");
    say!(
        lang,
        "You have no saved layout \"{name}\". Yours: {names}.",
        "你没有名为「{name}」的布阵。你保存的有：{names}。",
        "你沒有名為「{name}」的佈陣。你儲存的有：{names}。"
    )
}

/// `/layouts`: the heading of a member's list.
pub fn list_heading(lang: Language, count: usize) -> String {
    let max = MAX_SAVED_LAYOUTS;
    say!(
        lang,
        "Your saved layouts ({count} of {max}), only you see this:",
        "你保存的布阵（{count}/{max}），只有你能看到：",
        "你儲存的佈陣（{count}/{max}），只有你能看到："
    )
}

/// `/layouts` with none saved.
pub fn list_empty(lang: Language, surface: Surface) -> String {
    let deploy = slash(lang, surface, Cmd::Deploy);
    say!(
        lang,
        "You have no saved layouts. While you deploy, {deploy} save name:… keeps the layout on your screen.",
        "你还没有保存布阵。布阵时用 {deploy} save name:… 保存屏幕上的布阵。",
        "你還沒有儲存佈陣。佈陣時用 {deploy} save name:… 儲存螢幕上的佈陣。"
    )
}

/// The list's closing hint.
pub fn list_hint(lang: Language, surface: Surface) -> String {
    let deploy = slash(lang, surface, Cmd::Deploy);
    let layouts = slash(lang, surface, Cmd::Layouts);
    say!(
        lang,
        "Use one with {deploy} load name:…; remove one with {layouts} delete name:….",
        "用 {deploy} load name:… 使用；用 {layouts} delete name:… 删除。",
        "用 {deploy} load name:… 使用；用 {layouts} delete name:… 刪除。"
    )
}

/// `/layouts delete`: done.
pub fn deleted(lang: Language, name: &str, left: usize) -> String {
    say!(
        lang,
        "Deleted your layout \"{name}\" ({left} left).",
        "已删除你的布阵「{name}」（还剩 {left} 个）。",
        "已刪除你的佈陣「{name}」（還剩 {left} 個）。"
    )
}
