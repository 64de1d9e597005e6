//! One live game: its actor (`mailbox.rs`: the task that owns the game and takes one command or
//! clock event at a time), the decisions it makes (`decide.rs`: play, draw, resign, clocks,
//! each returning what happened or a refusal), the commit of each change to the store
//! (`commit.rs`; `settle.rs` when a lost connection hides whether a write was stored), what
//! the actor keeps beside the game (`table.rs`; the game holds the record),
//! what happened as a plain value (`happened.rs`), and the presenter beside the actor
//! (`presenter.rs`) that words (`tell.rs`) and draws each decision and delivers it in the order
//! decided. Both run only while the game is busy: an idle game sleeps, its clock in one shared
//! timer, and wakes for its next command or clock event (`sleep.rs`). Every way a game ends goes
//! through one finisher (`finish.rs`), a moderator's cancel (`cancel.rs`) among them.

mod cancel;
mod commit;
mod decide;
mod finish;
mod happened;
mod mailbox;
mod presenter;
mod settle;
mod sleep;
mod table;
mod tell;

pub(super) use mailbox::{ActorMsg, send};
pub(super) use sleep::{
    GameHandle, awake_count, deliver, legal_actions, relocate, ring, spawn, stop_all,
};

use super::button::Turn;

/// The turn a game is at: its actions and timeouts so far. Each turn gets one turn message
/// (with the game's buttons); a button from an earlier one is refused as old.
fn turn_number(view: &crate::game::PublicView) -> u32 {
    u32::from(view.plies) + view.timeouts.iter().map(|t| u32::from(*t)).sum::<u32>()
}

// What the game's modules take from the service around them.
use super::{
    AiRequest, Button, ButtonId, Caller, Command, GameEvent, GameNews, Inner, Outbound, Reply,
    ServiceError, Surface, Tongues, ai_move, clock, lock, note_store_failure, picture, text, words,
};
