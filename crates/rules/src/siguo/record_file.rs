//! The record file of a finished 四国 game (docs/rules.md §22): the table's options, then one
//! event a line, each action with the referee's verdict after a `#`. `junqi-bot apply
//! --variant siguo --record FILE` replays it through every check of a live game and compares
//! each verdict. Written only once the game is over: it holds the seed and every layout.
//!
//! ```text
//! # a table's game
//! variant siguo
//! deal standard
//! seed 7
//! view dark
//! quiet_draw 40
//! first S
//! ready S 6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4
//! leave N
//! move SA2 SA3 # moved
//! timeout
//! raise W WD1
//! propose S
//! decline E
//! # result: EW wins
//! ```

use std::fmt::Write as _;

use thiserror::Error;

use super::action::SiguoAction;
use super::deal::SiguoDeal;
use super::play::SiguoOutcome;
use super::position::SiguoPosition;
use super::record::{SiguoEvent, SiguoOptions, SiguoRecord, SiguoReplayError};
use super::round::SiguoRound;
use super::seat::SiguoSeat;
use super::view::SiguoViewMode;
use crate::standard::{Layout, Verdict};

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SiguoRecordFileError {
    #[error("line {line}: {reason}")]
    Line { line: usize, reason: String },
    #[error("the record has no `{0}` line")]
    Missing(&'static str),
    #[error(transparent)]
    Replay(#[from] SiguoReplayError),
    #[error("line {line}: the record says `{written}` but {action} did `{found}`")]
    Mismatch {
        line: usize,
        action: SiguoAction,
        written: String,
        found: String,
    },
    #[error("the game is not over: only a finished game's record may show its layouts")]
    NotOver,
}

impl SiguoRecordFileError {
    /// A file that cannot be read is exit code 2; a game that does not hold together, 1.
    pub fn is_malformed(&self) -> bool {
        matches!(
            self,
            SiguoRecordFileError::Line { .. } | SiguoRecordFileError::Missing(_)
        )
    }
}

/// The record file of the finished game of `record`, its seats named `names` (by seat index).
pub fn write_siguo_record_file(
    record: &SiguoRecord,
    names: &[String; 4],
    title: &str,
) -> Result<String, SiguoRecordFileError> {
    let mut verdicts = Vec::new();
    let round = SiguoRound::replay_observed(record, |round, event| {
        if let (SiguoEvent::Act(_), Some(judgement)) = (event, round.last_judgement()) {
            verdicts.push(judgement.verdict);
        }
    })?;
    let outcome = round.outcome().ok_or(SiguoRecordFileError::NotOver)?;
    let options = record.options;
    let mut out = String::new();
    let _ = writeln!(out, "# {title}");
    let players: Vec<String> = SiguoSeat::ALL
        .into_iter()
        .map(|seat| format!("{}: {}", seat.code(), names[seat.index()]))
        .collect();
    let _ = writeln!(
        out,
        "# {}; check with `junqi-bot apply --variant siguo --record FILE`",
        players.join(", ")
    );
    let _ = writeln!(out, "variant siguo");
    let _ = writeln!(out, "deal {}", options.deal);
    let _ = writeln!(out, "seed {}", options.seed);
    let _ = writeln!(out, "view {}", options.view);
    let _ = writeln!(out, "quiet_draw {}", options.rules.quiet_draw);
    let _ = writeln!(out, "first {}", record.first);
    let mut verdicts = verdicts.into_iter();
    for event in &record.events {
        let line = match *event {
            SiguoEvent::Pick { seat, share } => format!("pick {seat} {share}"),
            SiguoEvent::Redeal(seat) => format!("redeal {seat}"),
            SiguoEvent::Ready { seat, layout } => format!("ready {seat} {layout}"),
            SiguoEvent::RaiseFlag { seat, headquarters } => format!("raise {seat} {headquarters}"),
            SiguoEvent::Act(action) => match verdicts.next() {
                Some(verdict) => format!("{action} # {verdict}"),
                None => action.to_string(),
            },
            SiguoEvent::Timeout => "timeout".into(),
            SiguoEvent::Leave(seat) => format!("leave {seat}"),
            SiguoEvent::ProposeDraw(seat) => format!("propose {seat}"),
            SiguoEvent::AnswerDraw { seat, accept: true } => format!("accept {seat}"),
            SiguoEvent::AnswerDraw {
                seat,
                accept: false,
            } => format!("decline {seat}"),
        };
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "# result: {outcome}");
    Ok(out)
}

/// The verdict written after an action (`None`: none written), with its line.
pub type VerdictNote = (usize, Option<Verdict>);

/// Reads a record file: the record, and the verdict written after each action (by the
/// action's place among the events).
pub fn parse_siguo_record_file(
    text: &str,
) -> Result<(SiguoRecord, Vec<VerdictNote>), SiguoRecordFileError> {
    let mut options = SiguoOptions::default();
    let (mut variant, mut first) = (false, None);
    let mut events = Vec::new();
    let mut notes = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let fail = |reason: String| SiguoRecordFileError::Line { line, reason };
        let (body, note) = match raw.split_once('#') {
            Some((body, note)) => (body.trim(), Some(note.trim())),
            None => (raw.trim(), None),
        };
        if body.is_empty() {
            continue;
        }
        let (word, rest) = body.split_once(' ').unwrap_or((body, ""));
        let rest = rest.trim();
        let seat = |text: &str| text.parse::<SiguoSeat>().map_err(|e| fail(e.to_string()));
        let (who, more) = rest.split_once(' ').unwrap_or((rest, ""));
        let more = more.trim();
        let event = match word {
            "variant" if rest == "siguo" => {
                variant = true;
                continue;
            }
            "variant" => return Err(fail(format!("not a 四国 game: variant {rest}"))),
            "deal" => {
                options.deal = rest.parse::<SiguoDeal>().map_err(|e| fail(e.to_string()))?;
                continue;
            }
            "seed" => {
                options.seed = rest
                    .parse()
                    .map_err(|_| fail(format!("seed must be a whole number, not \"{rest}\"")))?;
                continue;
            }
            "view" => {
                options.view = rest
                    .parse::<SiguoViewMode>()
                    .map_err(|e| fail(e.to_string()))?;
                continue;
            }
            "quiet_draw" => {
                options.rules.quiet_draw = rest.parse().map_err(|_| {
                    fail(format!("quiet_draw must be a whole number, not \"{rest}\""))
                })?;
                continue;
            }
            "first" => {
                first = Some(seat(rest)?);
                continue;
            }
            "pick" => SiguoEvent::Pick {
                seat: seat(who)?,
                share: seat(more)?,
            },
            "redeal" => SiguoEvent::Redeal(seat(rest)?),
            "ready" => {
                let layout = Layout::parse_any_army(more).map_err(|e| fail(e.to_string()))?;
                SiguoEvent::Ready {
                    seat: seat(who)?,
                    layout,
                }
            }
            "raise" => {
                let headquarters = more.parse().map_err(|e| fail(format!("{e}")))?;
                SiguoEvent::RaiseFlag {
                    seat: seat(who)?,
                    headquarters,
                }
            }
            "timeout" if rest.is_empty() => SiguoEvent::Timeout,
            "leave" => SiguoEvent::Leave(seat(rest)?),
            "propose" => SiguoEvent::ProposeDraw(seat(rest)?),
            "accept" | "decline" => SiguoEvent::AnswerDraw {
                seat: seat(rest)?,
                accept: word == "accept",
            },
            _ => {
                let action: SiguoAction = body.parse().map_err(|e| fail(format!("{e}")))?;
                let verdict = match note.filter(|note| !note.is_empty()) {
                    Some(note) => Some(note.parse::<Verdict>().map_err(|e| fail(e.to_string()))?),
                    None => None,
                };
                notes.push((line, verdict));
                SiguoEvent::Act(action)
            }
        };
        events.push(event);
    }
    if !variant {
        return Err(SiguoRecordFileError::Missing("variant siguo"));
    }
    let first = first.ok_or(SiguoRecordFileError::Missing("first"))?;
    let mut record = SiguoRecord::new(options, first);
    record.events = events;
    Ok((record, notes))
}

/// Replays a record file, comparing every written verdict: the referee's final board and the
/// outcome (`None`: the game did not end).
pub fn check_siguo_record_file(
    text: &str,
) -> Result<(SiguoPosition, Option<SiguoOutcome>), SiguoRecordFileError> {
    let (record, notes) = parse_siguo_record_file(text)?;
    let mut notes = notes.into_iter();
    let mut mismatch = None;
    let round = SiguoRound::replay_observed(&record, |round, event| {
        let SiguoEvent::Act(action) = event else {
            return;
        };
        let Some((line, written)) = notes.next() else {
            return;
        };
        let found = round.last_judgement().map(|judgement| judgement.verdict);
        if let (Some(written), Some(found), None) = (written, found, &mismatch)
            && written != found
        {
            mismatch = Some(SiguoRecordFileError::Mismatch {
                line,
                action: *action,
                written: written.to_string(),
                found: found.to_string(),
            });
        }
    })?;
    if let Some(mismatch) = mismatch {
        return Err(mismatch);
    }
    let position = round
        .position()
        .cloned()
        .unwrap_or_else(|| SiguoPosition::empty(record.first));
    Ok((position, round.outcome()))
}
