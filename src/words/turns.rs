//! The words of the bot's messages: what an action did, who acts next, the board drawn in
//! text, titles (how a game ended: `ending.rs`). Built only from the public view, so no message can reveal a
//! face-down piece. Everything follows the configured language except the `/export` line,
//! whose form is fixed for tools.

use std::fmt::Write;

use crate::config::Language;
use crate::game::geometry::CAMPS;
use crate::game::{Action, Colour, Effect, Kind, Piece, PublicCell, PublicView, Seat, Square};
use crate::game::{COLUMNS, ROWS};
use crate::scoring::Title;
use crate::standard::{Removed, Verdict};

use crate::words::{self, say};

/// A piece's name in the configured language.
pub fn kind_name(kind: Kind, language: Language) -> &'static str {
    match language {
        Language::English => kind.name_english(),
        Language::ZhHans => kind.name_simplified(),
        Language::ZhHant => kind.name_traditional(),
    }
}

/// `Red Major (R4)`; `红营长（R4）`.
pub fn piece_name(piece: Piece, language: Language) -> String {
    let kind = kind_name(piece.kind, language);
    match language {
        Language::English => format!("{} {kind} ({piece})", piece.colour.name()),
        _ => format!("{}{kind}（{piece}）", words::colour(language, piece.colour)),
    }
}

/// A title's name in the configured language.
pub fn title_name(title: &Title, language: Language) -> String {
    match language {
        Language::English => format!("{} {}", title.name_zh, title.name_en),
        Language::ZhHans => title.name_zh.to_string(),
        Language::ZhHant => words::traditional(title.name_zh),
    }
}

/// What one action did: `alice flips B3: Red Major (R4).`
pub fn describe_action(name: &str, action: Action, effect: Effect, lang: Language) -> String {
    let (from, to) = action.squares();
    match effect {
        Effect::Flipped(p) => {
            let piece = piece_name(p, lang);
            say!(
                lang,
                "{name} flips {from}: {piece}.",
                "{name} 翻开 {from}：{piece}。",
                "{name} 翻開 {from}：{piece}。"
            )
        }
        Effect::Moved(p) => {
            let piece = piece_name(p, lang);
            say!(
                lang,
                "{name} moves {piece} {from} → {to}.",
                "{name} 把{piece}从 {from} 走到 {to}。",
                "{name} 把{piece}從 {from} 走到 {to}。"
            )
        }
        Effect::Attacked {
            attacker,
            target,
            attacker_survives,
        } => {
            let result = if target.kind == Kind::Flag {
                say!(lang, "captures the flag", "夺得军旗", "奪得軍旗")
            } else if attacker_survives {
                say!(lang, "takes it", "吃掉了它", "吃掉了它")
            } else if attacker.kind == Kind::Bomb || target.kind == Kind::Bomb {
                say!(lang, "both are blown up", "双双被炸掉", "雙雙被炸掉")
            } else {
                say!(lang, "both are removed", "同归于尽", "同歸於盡")
            };
            let (attacker, target) = (piece_name(attacker, lang), piece_name(target, lang));
            say!(
                lang,
                "{name}'s {attacker} on {from} attacks {target} on {to}: {result}.",
                "{name} 的{attacker}从 {from} 攻击 {to} 的{target}：{result}。",
                "{name} 的{attacker}從 {from} 攻擊 {to} 的{target}：{result}。"
            )
        }
        Effect::Judged {
            verdict,
            attacker,
            target,
            shown,
            ..
        } => {
            let mut line = referee_line(name, (from, to), verdict, (attacker, target), lang);
            for (square, piece) in shown.into_iter().flatten() {
                line.push(' ');
                line.push_str(&shown_line(lang, square, piece));
            }
            line
        }
    }
}

/// Why a piece is now shown to everyone (docs/rules.md §12): a field marshal fell, so its
/// side's flag is shown; or an engineer was removed by the piece it attacked
/// (reconnaissance).
pub fn shown_line(lang: Language, square: Square, piece: Piece) -> String {
    let colour = words::colour(lang, piece.colour);
    if piece.kind == Kind::Flag {
        return say!(
            lang,
            "{colour}'s field marshal has fallen: {colour}'s flag on {square} is shown to everyone.",
            "{colour}司令阵亡：{colour}军旗在 {square}，亮给所有人。",
            "{colour}司令陣亡：{colour}軍旗在 {square}，亮給所有人。"
        );
    }
    let piece = piece_name(piece, lang);
    say!(
        lang,
        "Reconnaissance: the engineer fell to {piece} on {square}, shown to everyone from now on.",
        "工兵侦察：工兵被 {square} 的{piece}吃掉，此子从此亮给所有人。",
        "工兵偵察：工兵被 {square} 的{piece}吃掉，此子從此亮給所有人。"
    )
}

/// The referee's line on a standard game's action (docs/rules.md §12): what was removed and
/// nothing more, so that a dug mine reads like any other win. A piece is named only when
/// everyone had been shown it (in 明棋, always).
pub fn referee_line(
    name: &str,
    (from, to): (Square, Square),
    verdict: Verdict,
    (attacker, target): (Option<Piece>, Option<Piece>),
    lang: Language,
) -> String {
    let pieces = match (attacker, target) {
        (Some(attacker), Some(target)) => {
            let (a, t) = (piece_name(attacker, lang), piece_name(target, lang));
            say!(lang, " ({a} × {t})", "（{a} × {t}）", "（{a} × {t}）")
        }
        (Some(attacker), None) => {
            let a = piece_name(attacker, lang);
            say!(lang, " ({a})", "（{a}）", "（{a}）")
        }
        (None, _) => String::new(),
    };
    let result = match verdict {
        Verdict::Moved => say!(lang, "moved", "走子", "走子"),
        Verdict::Attacked(Removed::Target) => {
            say!(lang, "target removed", "守方被吃", "守方被吃")
        }
        Verdict::Attacked(Removed::Attacker) => {
            say!(lang, "attacker removed", "攻方被吃", "攻方被吃")
        }
        Verdict::Attacked(Removed::Both) => {
            say!(lang, "both removed", "双方同归于尽", "雙方同歸於盡")
        }
    };
    say!(
        lang,
        "{name} {from} → {to}{pieces}: {result}.",
        "{name} {from} → {to}{pieces}：{result}。",
        "{name} {from} → {to}{pieces}：{result}。"
    )
}

/// `alice (Red)` once colours are decided, else `alice`.
pub fn seat_label(view: &PublicView, names: &[String; 2], seat: Seat, lang: Language) -> String {
    let name = &names[seat.index()];
    match view.colour_of(seat) {
        Some(colour) if lang == Language::English => format!("{name} ({colour})"),
        Some(colour) => format!("{name}（{}）", words::colour(lang, colour)),
        None => name.clone(),
    }
}

/// `to act: alice (Red), 30 s` or, before colours, `to act: alice (flip a piece), 30 s`.
pub fn to_act_line(
    view: &PublicView,
    names: &[String; 2],
    seconds_left: Option<u64>,
    lang: Language,
) -> String {
    let who = seat_label(view, names, view.to_act, lang);
    let mut line = say!(lang, "to act: {who}", "轮到：{who}", "輪到：{who}");
    if view.colours.is_none() {
        line.push_str(&say!(lang, " (flip a piece)", "（请翻棋）", "（請翻棋）"));
    }
    if let Some(seconds) = seconds_left {
        line.push_str(&say!(
            lang,
            ", {seconds} s",
            "，{seconds} 秒",
            "，{seconds} 秒"
        ));
    }
    line
}

/// `colours decided: alice plays Red, bob plays Black.`
pub fn colours_line(view: &PublicView, names: &[String; 2], lang: Language) -> Option<String> {
    let colours = view.colours?;
    let (a, b) = (&names[0], &names[1]);
    let (ca, cb) = (
        words::colour(lang, colours[0]),
        words::colour(lang, colours[1]),
    );
    Some(say!(
        lang,
        "colours decided: {a} plays {ca}, {b} plays {cb}.",
        "颜色确定：{a} 执{ca}，{b} 执{cb}。",
        "顏色確定：{a} 執{ca}，{b} 執{cb}。"
    ))
}

/// `alice +2 points (now 12, 小兵 Private)`: what a finished game did to one player.
pub fn points_line(name: &str, change: i64, total: i64, title: &Title, lang: Language) -> String {
    let title = title_name(title, lang);
    // "+1 point", "-1 point", "+2 points"; Chinese has no plural.
    let points = match lang {
        Language::English => format!("{change:+} {}", super::noun_en(change, "point", "points")),
        Language::ZhHans | Language::ZhHant => format!("{change:+} 分"),
    };
    say!(
        lang,
        "{name} {points} (now {total}, {title})",
        "{name} {points}（现为 {total}，{title}）",
        "{name} {points}（現為 {total}，{title}）"
    )
}

/// The board in text for front ends without images: columns A–E, rows 12 down to 1, camps in
/// brackets, `?` face down, `.` empty.
pub fn board_text(view: &PublicView) -> String {
    let mut out = String::from("     A    B    C    D    E\n");
    for row in (0..ROWS).rev() {
        let _ = write!(out, "{:>2} ", row + 1);
        for column in 0..COLUMNS {
            let Some(square) = Square::new(column, row) else {
                continue;
            };
            let cell = match view.cell(square) {
                PublicCell::Empty => ".".to_string(),
                PublicCell::FaceDown => "?".to_string(),
                PublicCell::Back(colour) => format!("{}?", colour.code()),
                PublicCell::Revealed(piece) => piece.to_string(),
            };
            if CAMPS.contains(square) {
                let _ = write!(out, "[{cell:>2}]");
            } else {
                let _ = write!(out, " {cell:>2} ");
            }
            out.push(' ');
        }
        while out.ends_with(' ') {
            out.pop();
        }
        out.push('\n');
    }
    out
}

/// `players: alice(R) bob(B), to act: alice` — the second line of `/export`.
pub fn export_players_line(view: &PublicView, names: &[String; 2]) -> String {
    let code = |seat: Seat| view.colour_of(seat).map_or('?', Colour::code);
    format!(
        "players: {}({}) {}({}), to act: {}",
        names[0],
        code(Seat::First),
        names[1],
        code(Seat::Second),
        names[view.to_act.index()]
    )
}

/// The `/rules` summary.
pub fn rules_text(
    rules: &crate::game::Rules,
    lang: Language,
    surface: super::Surface,
) -> Vec<String> {
    let abandon = super::slash(lang, surface, super::Cmd::Abandon);
    let quiet = rules.quiet_limit;
    let plies = rules.ply_limit;
    let hours = rules.clock_limit_secs as f64 / 3600.0;
    let timeouts = rules.timeouts_to_lose;
    let offers = rules.draw_offers_per_player;
    let actions = rules.actions_before_resign;
    vec![
        say!(
            lang,
            "军棋翻翻棋 (Junqi flip chess): 50 pieces lie face down on a 5×12 board.",
            "军棋翻翻棋：50 枚棋子背面朝上摆在 5×12 的棋盘上。",
            "軍棋翻翻棋：50 枚棋子背面朝上擺在 5×12 的棋盤上。"
        ),
        say!(
            lang,
            "On your turn flip a face-down piece or move one of your revealed pieces. Flip two pieces of one colour in a row and that colour is yours.",
            "轮到你时，翻开一枚暗棋或走动一枚自己的明棋。自己连续两次翻出同一颜色，该颜色就归你。",
            "輪到你時，翻開一枚暗棋或走動一枚自己的明棋。自己連續兩次翻出同一顏色，該顏色就歸你。"
        ),
        say!(
            lang,
            "Higher rank takes lower (9 > 8 > … > 1), equal ranks both go, a bomb removes whatever it meets, only an engineer digs a mine, mines and the flag never move.",
            "大吃小（司令 > 军长 > … > 工兵），同级同归于尽，炸弹与所遇棋子同归于尽，只有工兵能排雷，地雷和军旗不能移动。",
            "大吃小（司令 > 軍長 > … > 工兵），同級同歸於盡，炸彈與所遇棋子同歸於盡，只有工兵能排雷，地雷和軍旗不能移動。"
        ),
        say!(
            lang,
            "Pieces in a camp cannot be attacked; face-down pieces cannot be attacked. Engineers turn freely on railways; other pieces slide straight along them.",
            "行营里的棋子和暗棋不能被攻击。工兵在铁路上可以任意转弯，其他棋子只能沿铁路直行。",
            "行營裡的棋子和暗棋不能被攻擊。工兵在鐵路上可以任意轉彎，其他棋子只能沿鐵路直行。"
        ),
        say!(
            lang,
            "You may attack the flag once all 3 mines of its colour are gone; taking it wins.",
            "同色的 3 个地雷都被排除后才能攻击军旗；夺得军旗即获胜。",
            "同色的 3 個地雷都被排除後才能攻擊軍旗；奪得軍旗即獲勝。"
        ),
        say!(
            lang,
            "Draws: {quiet} actions without an attack, {plies} actions in all, an accepted offer, or {hours} hours of play. {timeouts} timeouts lose; repeating one move 4 times in your last 7 actions loses.",
            "和棋：连续 {quiet} 步无吃子、总共 {plies} 步、提和被接受，或对局满 {hours} 小时。超时 {timeouts} 次判负；最近 7 步中同一走法出现 4 次判负。",
            "和棋：連續 {quiet} 步無吃子、總共 {plies} 步、提和被接受，或對局滿 {hours} 小時。超時 {timeouts} 次判負；最近 7 步中同一走法出現 4 次判負。"
        ),
        say!(
            lang,
            "Resigning and draw offers ({offers} per player) are allowed after {actions} actions; before that, {abandon} is the way out and costs 10× the base score.",
            "{actions} 步之后才能认输和提和（每人 {offers} 次）；在此之前只能 {abandon} 逃跑，扣 10 倍基础分。",
            "{actions} 步之後才能認輸和提和（每人 {offers} 次）；在此之前只能 {abandon} 逃跑，扣 10 倍基礎分。"
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Rules};

    #[test]
    fn board_text_hides_face_down_pieces_and_marks_camps() {
        let game = Game::new(3, Rules::default());
        let text = board_text(&game.view());
        assert_eq!(text.lines().count(), 13);
        assert!(text.contains("[ .]"));
        assert!(!text.contains('R') && !text.contains("B1") && !text.contains('M'));
        assert_eq!(text.matches('?').count(), 50);
    }

    #[test]
    fn actions_read_well() {
        let red4 = Piece::new(Colour::Red, Kind::Major);
        let black_bomb = Piece::new(Colour::Black, Kind::Bomb);
        let b3: Square = "B3".parse().unwrap();
        let c3: Square = "C3".parse().unwrap();
        let flip = Action::Flip(b3);
        let step = Action::Move { from: b3, to: c3 };
        let table = [
            (
                flip,
                Effect::Flipped(red4),
                "alice flips B3: Red Major (R4).",
            ),
            (
                step,
                Effect::Moved(red4),
                "alice moves Red Major (R4) B3 → C3.",
            ),
            (
                step,
                Effect::Attacked {
                    attacker: red4,
                    target: black_bomb,
                    attacker_survives: false,
                },
                "alice's Red Major (R4) on B3 attacks Black Bomb (BX) on C3: both are blown up.",
            ),
        ];
        for (action, effect, text) in table {
            assert_eq!(
                describe_action("alice", action, effect, Language::English),
                text
            );
        }
    }
}
