//! The words of the bot's messages: what an action did, who acts next, how a game ended, the
//! board drawn in text, titles. Built only from the public view, so no message can reveal a
//! face-down piece. Messages are in English; piece names and titles follow the configured
//! language.

use std::fmt::Write;

use crate::config::Language;
use crate::game::geometry::CAMPS;
use crate::game::square::{COLUMNS, ROWS};
use crate::game::{
    Colour, DrawReason, Effect, Kind, Outcome, Piece, PublicCell, PublicView, Seat, Square,
    WinReason,
};
use crate::scoring::Title;

/// A piece's name in the configured language.
pub fn kind_name(kind: Kind, language: Language) -> &'static str {
    match language {
        Language::English => kind.name_english(),
        Language::ZhHans => kind.name_simplified(),
        Language::ZhHant => kind.name_traditional(),
    }
}

/// `Red Major (R4)`.
pub fn piece_name(piece: Piece, language: Language) -> String {
    format!(
        "{} {} ({piece})",
        piece.colour.name(),
        kind_name(piece.kind, language)
    )
}

/// A title's name in the configured language.
pub fn title_name(title: &Title, language: Language) -> String {
    match language {
        Language::English => format!("{} {}", title.name_zh, title.name_en),
        Language::ZhHans | Language::ZhHant => title.name_zh.to_string(),
    }
}

/// What one action did: `alice flips B3: Red Major (R4).`
pub fn describe_action(
    name: &str,
    from: Square,
    to: Square,
    effect: Effect,
    language: Language,
) -> String {
    let piece = |p| piece_name(p, language);
    match effect {
        Effect::Flipped(p) => format!("{name} flips {from}: {}.", piece(p)),
        Effect::Moved(p) => format!("{name} moves {} {from} → {to}.", piece(p)),
        Effect::Attacked {
            attacker,
            target,
            attacker_survives,
        } => {
            let result = if target.kind == Kind::Flag {
                "captures the flag".to_string()
            } else if attacker_survives {
                "takes it".to_string()
            } else if attacker.kind == Kind::Bomb || target.kind == Kind::Bomb {
                "both are blown up".to_string()
            } else {
                "both are removed".to_string()
            };
            format!(
                "{name}'s {} on {from} attacks {} on {to}: {result}.",
                piece(attacker),
                piece(target)
            )
        }
    }
}

/// `alice (Red)` once colours are decided, else `alice`.
pub fn seat_label(view: &PublicView, names: &[String; 2], seat: Seat) -> String {
    match view.colour_of(seat) {
        Some(colour) => format!("{} ({colour})", names[seat.index()]),
        None => names[seat.index()].clone(),
    }
}

/// `to act: alice (Red), 30 s` or, before colours, `to act: alice (flip a piece), 30 s`.
pub fn to_act_line(view: &PublicView, names: &[String; 2], seconds_left: Option<u64>) -> String {
    let mut line = format!("to act: {}", seat_label(view, names, view.to_act));
    if view.colours.is_none() {
        line.push_str(" (flip a piece)");
    }
    if let Some(seconds) = seconds_left {
        let _ = write!(line, ", {seconds} s");
    }
    line
}

/// `colours: alice plays Red, bob plays Black.`
pub fn colours_line(view: &PublicView, names: &[String; 2]) -> Option<String> {
    let colours = view.colours?;
    Some(format!(
        "colours decided: {} plays {}, {} plays {}.",
        names[0], colours[0], names[1], colours[1]
    ))
}

fn win_reason_text(reason: WinReason) -> &'static str {
    match reason {
        WinReason::Flag => "captured the flag",
        WinReason::NoMoves => "the opponent has no legal action",
        WinReason::Timeouts => "the opponent ran out of time too often",
        WinReason::Repetition => "the opponent repeated a move too often",
        WinReason::Resignation => "the opponent resigned",
        WinReason::Abandonment => "the opponent abandoned the game",
    }
}

fn draw_reason_text(reason: DrawReason) -> &'static str {
    match reason {
        DrawReason::NoCapture => "no attack in the last actions allowed",
        DrawReason::PlyLimit => "the action limit was reached",
        DrawReason::Agreement => "agreed",
        DrawReason::ClockLimit => "the game reached its time limit",
    }
}

/// `game over: alice wins (captured the flag).` / `game over: draw (agreed).`
pub fn outcome_line(outcome: Outcome<Seat>, names: &[String; 2]) -> String {
    match outcome {
        Outcome::Win { winner, reason } => format!(
            "game over: {} wins ({}).",
            names[winner.index()],
            win_reason_text(reason)
        ),
        Outcome::Draw(reason) => format!("game over: draw ({}).", draw_reason_text(reason)),
    }
}

/// `alice +2 points (now 12, 小兵 Private)`: what a finished game did to one player.
pub fn points_line(
    name: &str,
    change: i64,
    total: i64,
    title: &Title,
    language: Language,
) -> String {
    format!(
        "{name} {change:+} points (now {total}, {})",
        title_name(title, language)
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
                PublicCell::Revealed(piece) => piece.to_string(),
            };
            if CAMPS & square.bit() != 0 {
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
pub fn rules_text(view_rules: &crate::game::Rules) -> Vec<String> {
    vec![
        "军棋翻翻棋 (Junqi flip chess): 50 pieces lie face down on a 5×12 board.".into(),
        "On your turn flip a face-down piece or move one of your revealed pieces. Flip two pieces of one colour in a row and that colour is yours.".into(),
        "Higher rank takes lower (9 > 8 > … > 1), equal ranks both go, a bomb removes whatever it meets, only an engineer digs a mine, mines and the flag never move.".into(),
        "Pieces in a camp cannot be attacked; face-down pieces cannot be attacked. Engineers turn freely on railways; other pieces slide straight along them.".into(),
        "You may attack the flag once all 3 mines of its colour are gone; taking it wins.".into(),
        format!(
            "Draws: {} actions without an attack, {} actions in all, an accepted offer, or {} hours of play. {} timeouts lose; repeating one move 4 times in your last 7 actions loses.",
            view_rules.quiet_limit,
            view_rules.ply_limit,
            view_rules.clock_limit_secs as f64 / 3600.0,
            view_rules.timeouts_to_lose
        ),
        format!(
            "Resigning and draw offers ({} per player) are allowed after {} actions; before that, /abandon is the way out and costs 10× the base score.",
            view_rules.draw_offers_per_player, view_rules.actions_before_resign
        ),
    ]
}

/// The `/help` text.
pub fn help_text() -> Vec<String> {
    [
        "/challenge @member [seconds:N] — challenge a member (@ai: the bot) to a game here",
        "/accept, /decline — answer a challenge; /withdraw — take yours back",
        "/flip B3 — flip a face-down piece; /move B3 C3 — move or attack",
        "/moves B3 — where that piece can go (only you see it)",
        "/board — the board; /export — the position in notation",
        "/draw — offer a draw; /draw accept, /draw decline — answer one",
        "/resign — give up (after 50 actions); /abandon — leave at any time (penalty)",
        "/rematch — play your last opponent here again",
        "/rank [@member], /leaderboard [global:true], /rules, /help",
    ]
    .map(String::from)
    .to_vec()
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
        let table = [
            (Effect::Flipped(red4), "alice flips B3: Red Major (R4)."),
            (Effect::Moved(red4), "alice moves Red Major (R4) B3 → C3."),
            (
                Effect::Attacked {
                    attacker: red4,
                    target: black_bomb,
                    attacker_survives: false,
                },
                "alice's Red Major (R4) on B3 attacks Black Bomb (BX) on C3: both are blown up.",
            ),
        ];
        for (effect, text) in table {
            assert_eq!(
                describe_action("alice", b3, c3, effect, Language::English),
                text
            );
        }
    }
}
