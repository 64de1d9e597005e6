//! The presenter of one live game: a task beside the game's actor, outside its mailbox, that
//! turns each of the actor's decisions into its reply (the words from `tell.rs`, the board
//! image drawn on the painter threads of `picture.rs`) and delivers it, to the caller waiting
//! for it or to the game's place as a message of the bot's own.
//!
//! One FIFO channel per game, from the actor to its presenter, keeps the order in which the
//! actor decided (a player's move before the AI's answer, a move before the timeout after it),
//! while the actor takes its next command as soon as it has handed a decision over instead of
//! waiting for the picture. What the actor says to the caller alone (refusals, confirmation
//! prompts: text only) takes the same channel, so it cannot overtake an earlier decision.
//!
//! A game whose actor sleeps (`sleep.rs`) has no presenter either; the next waking starts a new
//! one, which waits for the game's [`Baton`] until the last one has delivered everything.

use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc, oneshot};
use tokio::task::JoinHandle;

use super::happened::{Event, Happened, Said, Voice};
use super::picture::{Sheet, render_sheet};
use super::{Outbound, Reply, tell};
use crate::config::Language;
use crate::render::Panel;
use crate::store::Place;

/// Decisions waiting for their picture; the actor waits only when this many are queued.
const QUEUE: usize = 32;

/// What the actor hands over: a decision to present, or what it said to the caller alone
/// (worded here, in the caller's voice).
pub(in crate::service) enum Shown {
    Happened(Box<Happened>),
    Said(Said, Voice),
}

impl From<Happened> for Shown {
    fn from(happened: Happened) -> Shown {
        Shown::Happened(Box::new(happened))
    }
}

/// Where a reply goes: to the caller of a command, or to a place as the bot's own message.
pub(in crate::service) enum Sink {
    Caller(oneshot::Sender<Reply>),
    Place(Place),
}

/// One reply to present, in order.
pub(in crate::service) struct Item {
    pub shown: Shown,
    pub to: Sink,
    /// The command this answers, charged with the drawing (none for the bot's own messages).
    pub ledger: Option<Arc<crate::timings::Ledger>>,
}

/// One per game, for its whole life: the presenter of each waking holds it while it delivers,
/// so the next waking's presenter starts only after the last one has delivered everything.
pub(in crate::service) type Baton = Arc<Semaphore>;

/// A new game's baton.
pub(in crate::service) fn baton() -> Baton {
    Arc::new(Semaphore::new(1))
}

/// Starts the presenter of one game (of one waking of its actor). It delivers nothing before
/// every earlier presenter of the game has finished, and ends once every sender is dropped (its
/// actor has ended or gone to sleep) and everything queued has gone out.
pub(in crate::service) fn spawn(
    outbound: mpsc::UnboundedSender<Outbound>,
    baton: &Baton,
) -> (mpsc::Sender<Item>, JoinHandle<()>) {
    let (tx, rx) = mpsc::channel(QUEUE);
    // Polled once here, so that this presenter queues behind the earlier ones now, in the
    // order of the wakings, whenever its task first runs (nearly always it takes the baton
    // at once: the last presenter is done).
    let mut turn = Box::pin(baton.clone().acquire_owned());
    let ready = futures_util::FutureExt::now_or_never(&mut turn);
    let task = tokio::spawn(async move {
        // Never closed: an error cannot happen, and would leave nothing to wait for.
        let turn: Option<OwnedSemaphorePermit> = match ready {
            Some(taken) => taken.ok(),
            None => turn.await.ok(),
        };
        run(rx, outbound, turn.map(Arc::new)).await;
    });
    (tx, task)
}

/// Delivers each item in order while holding `turn`, the game's baton; a game's end carries a
/// share of it in its reply's receipt, so the baton comes free (and the end counts as
/// presented) only once the front end has delivered that reply too.
async fn run(
    mut rx: mpsc::Receiver<Item>,
    outbound: mpsc::UnboundedSender<Outbound>,
    turn: Option<Arc<OwnedSemaphorePermit>>,
) {
    let mut last = LastPicture::default();
    while let Some(Item { shown, to, ledger }) = rx.recv().await {
        let mut reply = match shown {
            Shown::Said(said, voice) => tell::said(&said, voice),
            Shown::Happened(happened) => {
                crate::timings::within(ledger, present(*happened, &mut last)).await
            }
        };
        let ended = matches!(reply.event, Some(crate::service::GameEvent::Ended { .. }));
        if let (true, Some(turn)) = (ended, &turn) {
            reply.receipt = crate::service::Receipt::holding(turn.clone());
        }
        match to {
            // A caller that stopped waiting (a front end shutting down) needs nothing.
            Sink::Caller(caller) => {
                let _ = caller.send(reply);
            }
            Sink::Place(place) => {
                let _ = outbound.send(Outbound { place, reply });
            }
        }
    }
}

/// The game's last picture and everything it was drawn from (the board after the same action
/// count, the panel with its clock second, the language): a `/board` asked again before
/// anything changed is answered with it, and nothing is drawn.
#[derive(Default)]
struct LastPicture {
    drawn_from: Option<(Sheet, Panel, Language)>,
    png: Option<Vec<u8>>,
}

/// The whole reply to `happened`: its words and, when it shows the board, the image.
async fn present(happened: Happened, last: &mut LastPicture) -> Reply {
    let reply = tell::words(&happened);
    let Some(drawn_from) = picture_of(happened) else {
        return reply;
    };
    let language = drawn_from.2;
    // Compared as values: formatting the whole board to compare it cost more than a copy.
    if last.png.is_none() || last.drawn_from.as_ref() != Some(&drawn_from) {
        let (sheet, panel, _) = drawn_from.clone();
        last.png = render_sheet(sheet, panel, language).await;
        last.drawn_from = Some(drawn_from);
    }
    reply.with_png(last.png.clone()).drawn_in(language)
}

/// The picture a reply carries, if any: the board after an event (at the end, the reveal of
/// what was never flipped), or a move guide in the caller's language.
fn picture_of(happened: Happened) -> Option<(Sheet, Panel, Language)> {
    let Happened { scene, event } = happened;
    let panel = Panel {
        names: scene.names,
        seconds_left: u32::try_from(scene.seconds_left).ok(),
        points: tell::points_of(&event),
    };
    match event {
        Event::Guide { guide, view, .. } => {
            let sheet = Sheet::Board {
                view,
                guide: Some(guide),
            };
            Some((sheet, panel, scene.private))
        }
        // A player's own pieces: drawn from their view, for them alone.
        Event::MyPieces { view } | Event::DeployPanel { view, .. } => {
            let sheet = Sheet::Board { view, guide: None };
            Some((sheet, panel, scene.private))
        }
        Event::Ready { .. } | Event::DeploymentExpired { .. } => {
            let sheet = Sheet::Board {
                view: scene.view,
                guide: None,
            };
            Some((sheet, panel, scene.public))
        }
        Event::Started
        | Event::Played { .. }
        | Event::Resigned { .. }
        | Event::Abandoned { .. }
        | Event::DrawAccepted { .. }
        | Event::TimedOut { .. }
        | Event::ClockDraw { .. }
        | Event::EndFoundStored { .. }
        | Event::Board => {
            let sheet = match scene.reveal {
                Some(reveal) => Sheet::Reveal(reveal),
                None => Sheet::Board {
                    view: scene.view,
                    guide: None,
                },
            };
            Some((sheet, panel, scene.public))
        }
        Event::DrawOffered { .. }
        | Event::AiDeclinedDraw { .. }
        | Event::DrawDeclined { .. }
        | Event::Warning { .. }
        | Event::Exported
        | Event::Cancelled { .. } => None,
    }
}
