//! One live game: its actor (`mailbox.rs`: the task that owns the game and takes one command or
//! clock event at a time), the decisions it makes (`decide.rs`: play, draw, resign, clocks,
//! each returning what happened or a refusal), the commit of each change to the store
//! (`commit.rs`; `settle.rs` when a lost connection hides whether a write was stored), what
//! the actor keeps beside the game (`table.rs`; the game holds the record),
//! what happened as a plain value (`happened.rs`), and the presenter beside the actor
//! (`presenter.rs`) that words (`tell.rs`) and draws each decision and delivers it in the order
//! decided. Both run only while the game is busy: an idle game sleeps, its clock in one shared
//! timer, and wakes for its next command or clock event (`sleep.rs`). Every way a game ends goes
//! through one finisher (`finish/`), a moderator's cancel (`cancel.rs`) among them.

mod cancel;
mod commit;
mod decide;
mod deploy;
mod deploy_words;
mod finish;
mod happened;
mod mailbox;
mod presenter;
mod settle;
mod sleep;
mod table;
mod tell;

pub use deploy::DeployStep;
pub(super) use deploy::opening;
pub(super) use mailbox::{ActorMsg, send};
pub(super) use presenter::Baton;
pub(super) use sleep::{
    GameHandle, counts, deliver, deploy_posts, is_played_at, legal_actions, place_of, relocate,
    spawn, stop_all,
};

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tokio::task::AbortHandle;

use super::button::Turn;
use crate::store::Place;

/// What the live games share besides the map of games: the sleeping games' clocks in one timer
/// and the task that rings it (`sleep.rs`), where each game moved to a thread came from (both
/// places remember its end for `/rematch`: `finish/`), and the AI's seeds.
pub(super) struct Common {
    /// The clocks of the sleeping games.
    alarms: Arc<clock::Alarms>,
    /// The task that wakes sleeping games when their clocks ring.
    ringer: Mutex<Option<AbortHandle>>,
    /// A game moved to a thread: the thread's place → the place it came from.
    homes: Mutex<HashMap<Place, Place>>,
    /// Varies the AI's seed from move to move.
    ai_seeds: AtomicU64,
}

impl Default for Common {
    fn default() -> Common {
        Common {
            alarms: Arc::default(),
            ringer: Mutex::new(None),
            homes: Mutex::new(HashMap::new()),
            ai_seeds: AtomicU64::new(rand::random::<u64>()),
        }
    }
}

impl Common {
    fn next_ai_seed(&self) -> u64 {
        self.ai_seeds
            .fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed)
    }
}

/// Starts the task that wakes the sleeping games when their clocks ring (`stop_all` ends it).
pub(super) fn start_ringing(inner: &Arc<Inner>) {
    let common = &inner.live;
    let ringer = tokio::spawn(sleep::ring(Arc::downgrade(inner), common.alarms.clone()));
    *lock(&common.ringer) = Some(ringer.abort_handle());
}

/// The turn a game is at: its actions and timeouts so far. Each turn gets one turn message
/// (with the game's buttons); a button from an earlier one is refused as old.
fn turn_number(view: &crate::game::PublicView) -> u32 {
    u32::from(view.plies) + view.timeouts.iter().map(|t| u32::from(*t)).sum::<u32>()
}

// What the game's modules take from the service around them.
use super::{
    AiRequest, Button, ButtonId, Caller, Command, GameEvent, GameNews, Inner, Outbound, Presented,
    Reply, ServiceError, Surface, Tongues, ai_move, clock, lock, note_store_failure, picture, text,
    words,
};
