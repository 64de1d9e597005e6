//! The record file of a finished game, and its check (`junqi-bot apply --record FILE`): the
//! starting position in docs/rules.md §8 notation, then one action a line with what it did
//! after a `#`. Lines starting with `#` are comments (the players, draw offers, how the game
//! ended); `timeout` is a line of its own because a timeout passes the turn. Written only for
//! a finished game: the starting position holds the whole deal, which only the end reveals.
//!
//! The TURN of the starting position is the colour the first player ended up with, not `R`:
//! before colours are decided only flips are played (which either side may make), so with
//! that letter the position's alternating turn agrees with the game's from the first move on.

use std::fmt::Write as _;

use thiserror::Error;

use super::action::Action;
use super::board::Effect;
use super::deal::deal;
use super::outcome::Outcome;
use super::piece::Colour;
use super::position::Position;
use super::record::{Event, GameRecord, ReplayError};
use super::round::Game;
use super::seat::Seat;

/// The line that stands for a timeout: the side to act passes.
pub const TIMEOUT_LINE: &str = "timeout";

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordFileError {
    #[error(transparent)]
    Replay(#[from] ReplayError),
    #[error("the game is not over: only a finished game's record may show its deal")]
    NotOver,
    #[error("the record has no starting position (the first line that is not a `#` comment)")]
    NoPosition,
    #[error("line {line}: malformed position: {reason}")]
    Position { line: usize, reason: String },
    #[error("line {line}: malformed action: {reason}")]
    Action { line: usize, reason: String },
    #[error("line {line}: illegal action {action}: {reason}")]
    Illegal {
        line: usize,
        action: Action,
        reason: String,
    },
    #[error("line {line}: the record says `{written}` but {action} did `{found}`")]
    Mismatch {
        line: usize,
        action: Action,
        written: String,
        found: String,
    },
    #[error("line {line}: an action after the game ended ({outcome})")]
    AfterEnd { line: usize, outcome: String },
}

impl RecordFileError {
    /// A malformed file is exit code 2, a file whose game does not hold together 1 (as
    /// `apply`'s malformed and illegal cases).
    pub fn is_malformed(&self) -> bool {
        matches!(
            self,
            RecordFileError::NoPosition
                | RecordFileError::Position { .. }
                | RecordFileError::Action { .. }
        )
    }
}

/// What an action did, as the record writes it after the `#`: `R5` for a flip or a move,
/// `R5 x B4 (R5 stays)` or `R5 x B4 (R5 removed)` for an attack.
pub fn effect_note(effect: Effect) -> String {
    match effect {
        Effect::Flipped(piece) | Effect::Moved(piece) => piece.to_string(),
        Effect::Attacked {
            attacker,
            target,
            attacker_survives,
        } => {
            let fate = if attacker_survives {
                "stays"
            } else {
                "removed"
            };
            format!("{attacker} x {target} ({attacker} {fate})")
        }
        // A standard game's record file writes the referee's verdict (crate::standard::record).
        Effect::Judged { verdict, .. } => verdict.to_string(),
    }
}

fn seat_label(seat: Seat, names: &[String; 2]) -> String {
    format!("{} (seat {})", names[seat.index()], seat.index() + 1)
}

/// The record file of the finished game of `record`, its seats named `names`.
pub fn write_record_file(
    record: &GameRecord,
    names: &[String; 2],
    title: &str,
) -> Result<String, RecordFileError> {
    let finished = Game::replay(record)?;
    let outcome = finished.outcome().ok_or(RecordFileError::NotOver)?;
    let dealt = deal(record.seed);
    let start = Position {
        board: dealt.board,
        turn: finished.colour_of(dealt.first).unwrap_or(Colour::Red),
        quiet: 0,
        plies: 0,
        rules: record.rules,
    };
    let mut out = String::new();
    let _ = writeln!(out, "# {title}");
    let _ = writeln!(
        out,
        "# {} vs {}; check with `junqi-bot apply --record FILE`",
        seat_label(Seat::First, names),
        seat_label(Seat::Second, names)
    );
    let _ = writeln!(out, "{start}");
    let mut game = Game::new(record.seed, record.rules);
    for event in &record.events {
        let seat = game.to_act();
        match *event {
            Event::Act(action) => {
                let played = game
                    .act(seat, action)
                    .map_err(|error| ReplayError::BadEvent {
                        index: game.record().events.len(),
                        reason: error.to_string(),
                    })?;
                let _ = writeln!(out, "{action} # {}", effect_note(played.effect));
                if played.colours_decided {
                    let colour = game.colour_of(seat).unwrap_or(Colour::Red);
                    let _ = writeln!(out, "# {} plays {colour}", seat_label(seat, names));
                }
                continue;
            }
            Event::Timeout => {
                let _ = writeln!(out, "{TIMEOUT_LINE} # {}", seat_label(seat, names));
            }
            Event::Resign(who) => {
                let _ = writeln!(out, "# {} resigns", seat_label(who, names));
            }
            Event::OfferDraw(who) => {
                let _ = writeln!(out, "# {} offers a draw", seat_label(who, names));
            }
            Event::AnswerDraw { seat: who, accept } => {
                let answer = if accept { "accepts" } else { "declines" };
                let _ = writeln!(out, "# {} {answer} the draw", seat_label(who, names));
            }
            Event::Abandon(who) => {
                let _ = writeln!(out, "# {} abandons", seat_label(who, names));
            }
            Event::ClockDraw => {
                let _ = writeln!(out, "# the game reached its time limit");
            }
            // A standard game's record is written by `crate::standard::record`: replaying
            // these in a flip game fails just below.
            Event::Standard { .. } | Event::Draft { .. } | Event::Ready(_) => {}
        }
        game.apply_event(*event)
            .map_err(|error| ReplayError::BadEvent {
                index: game.record().events.len(),
                reason: error.to_string(),
            })?;
    }
    let ending = match outcome {
        Outcome::Win { winner, reason } => {
            format!("{} wins: {}", seat_label(winner, names), reason.word())
        }
        Outcome::Draw(reason) => format!("draw: {}", reason.word()),
    };
    let _ = writeln!(out, "# result: {ending}");
    Ok(out)
}

/// The position a record file leads to and the outcome the rules give it (`None`: the rules
/// did not end it; the game ended another way, told in the comments).
pub fn check_record_file(
    text: &str,
) -> Result<(Position, Option<Outcome<Colour>>), RecordFileError> {
    let mut position: Option<Position> = None;
    let mut outcome: Option<Outcome<Colour>> = None;
    for (number, raw) in text.lines().enumerate() {
        let line = number + 1;
        let (body, note) = match raw.split_once('#') {
            Some((body, note)) => (body.trim(), Some(note.trim())),
            None => (raw.trim(), None),
        };
        if body.is_empty() {
            continue;
        }
        let Some(current) = position.as_mut() else {
            let start = body
                .parse::<Position>()
                .map_err(|error| RecordFileError::Position {
                    line,
                    reason: error.to_string(),
                })?;
            position = Some(start);
            continue;
        };
        if let Some(ended) = outcome {
            return Err(RecordFileError::AfterEnd {
                line,
                outcome: ended.to_string(),
            });
        }
        if body == TIMEOUT_LINE {
            current.turn = current.turn.other();
            continue;
        }
        let action = body
            .parse::<Action>()
            .map_err(|error| RecordFileError::Action {
                line,
                reason: error.to_string(),
            })?;
        let (effect, ended) = current
            .apply(action)
            .map_err(|error| RecordFileError::Illegal {
                line,
                action,
                reason: error.to_string(),
            })?;
        let found = effect_note(effect);
        if let Some(written) = note.filter(|note| !note.is_empty())
            && written != found
        {
            return Err(RecordFileError::Mismatch {
                line,
                action,
                written: written.to_string(),
                found,
            });
        }
        outcome = ended;
    }
    let position = position.ok_or(RecordFileError::NoPosition)?;
    Ok((position, outcome))
}
