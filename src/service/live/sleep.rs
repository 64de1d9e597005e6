//! A live game's actor and presenter run only while the game is busy. A game nobody has acted in
//! for a little while ([`Config::actor_idle_ms`](crate::config::Config)) sleeps: its tasks stop,
//! and what the actor kept (the game, its table) waits in the game's slot as a [`Sleeper`],
//! with its next clock event in the service's one shared timer ([`Alarms`](super::clock::Alarms))
//! instead of a sleeping task per game. A command, a moderator's cancel, a move to a thread or
//! the clock wakes it: a new actor and presenter start from the sleeper, the new presenter
//! delivering only after the last one has finished (`presenter.rs`, its baton).
//!
//! Every message for a game goes through [`deliver`], which wakes the game when it sleeps and
//! hands the message over under the lock of the games' map; the actor goes to sleep only under
//! that lock with its mailbox empty, so no message is ever left in the mailbox of an actor that
//! has stopped. A game whose AI is to move never sleeps: the bot's move is due.

use std::sync::{Arc, Weak};

use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

use super::clock::{self, Alarms};
use super::happened::{Event, Happened};
use super::mailbox::{ActorMsg, GameActor, MAILBOX};
use super::presenter::{self, Baton, Item, Shown, Sink};
use super::table::Table;
use super::{Caller, Inner, Reply, ServiceError, lock};
use crate::AnyGame;
use crate::game::{Action, Seat};
use crate::store::{LiveGame, Place};

/// How the service reaches a live game, awake or asleep.
pub(in crate::service) struct GameHandle {
    pub id: u64,
    pub life: Life,
}

pub(in crate::service) enum Life {
    Awake(Awake),
    Asleep(Box<Sleeper>),
}

/// A game whose actor runs.
pub(in crate::service) struct Awake {
    pub tx: mpsc::Sender<ActorMsg>,
    pub task: JoinHandle<()>,
    /// The game's presenter: it ends after the actor, once its queue is delivered.
    pub presenter: JoinHandle<()>,
    baton: Baton,
}

/// What a sleeping game's actor kept, until it wakes: the game as the store would keep it,
/// encoded (a hundred bytes or so for a new game, rather than the game and its position).
pub(in crate::service) struct Sleeper {
    stored: Box<[u8]>,
    warned_repeat: Option<(Seat, Action)>,
    /// Held by a presenter still delivering what the last actor decided.
    pub baton: Baton,
    /// When its clock rings in the shared timer (wall-clock ms).
    alarm: u64,
}

/// What an actor starts from and leaves behind.
struct Kept {
    table: Table,
    game: AnyGame,
    warned_repeat: Option<(Seat, Action)>,
    baton: Baton,
}

impl Sleeper {
    /// What the actor kept, decoded; `None` (logged) if it cannot be, which would be a bug:
    /// it was encoded from a game that was played.
    fn wake(self) -> Option<Kept> {
        let live: LiveGame = match postcard::from_bytes(&self.stored) {
            Ok(live) => live,
            Err(error) => {
                tracing::error!("a sleeping game cannot be woken: {error}");
                return None;
            }
        };
        let id = live.id;
        match Table::replay(live) {
            Ok((table, game)) => Some(Kept {
                table,
                game,
                warned_repeat: self.warned_repeat,
                baton: self.baton,
            }),
            Err(error) => {
                tracing::error!("sleeping game {id} cannot be woken: {error}");
                None
            }
        }
    }
}

/// Registers a stored live game as its channel's game, asleep (awake when the AI is to move).
/// With `started`, the announcement of the new game goes to that caller first, before anything
/// about the game is presented.
pub(in crate::service) fn spawn(
    inner: &Arc<Inner>,
    live: LiveGame,
    started: Option<oneshot::Sender<Reply>>,
) -> Result<(), ServiceError> {
    let id = live.id;
    let (table, game) =
        Table::replay(live).map_err(|source| ServiceError::Replay { id, source })?;
    let baton = presenter::baton();
    let new = started.is_some();
    if let Some(caller) = started {
        let place = table.place;
        let mut scene = table.scene(&game, inner, inner.public_language(place));
        scene.seconds_left = u64::from(table.clock.turn_secs);
        let happened = Happened {
            scene,
            event: Event::Started,
        };
        let item = Item {
            shown: Shown::Happened(Box::new(happened)),
            to: Sink::Caller(caller),
            ledger: crate::timings::current(),
        };
        // A presenter for the announcement alone: it holds the baton until it is out.
        let (stage, _presenter) = presenter::spawn(inner.outbound.clone(), &baton);
        // The queue is new and empty: this cannot find it full.
        if stage.try_send(item).is_err() {
            tracing::error!("game {id}: the announcement of its start was lost");
        }
    }
    let (place, players) = (table.place, table.players);
    let kept = Kept {
        table,
        game,
        warned_repeat: None,
        baton,
    };
    // Registered under the lock before an actor can run, so an actor that ends at once (a
    // deadline that passed while the bot was down) finds itself in the map to leave it.
    {
        let mut games = lock(&inner.games);
        let life = lie_down(inner, kept);
        games.insert(place, GameHandle { id, life });
    }
    if new {
        inner.tell_watchers(super::GameNews::Started {
            game: id,
            place,
            players,
        });
    }
    Ok(())
}

/// A game's life in its slot when its actor has stopped: asleep with its clock armed, or
/// awake at once when it cannot wait for a command. The caller holds the games' lock.
fn lie_down(inner: &Arc<Inner>, kept: Kept) -> Life {
    let Kept { table, game, .. } = &kept;
    if table.ai_to_act(game) {
        return Life::Awake(awaken(inner, kept));
    }
    let stored = match postcard::to_allocvec(&table.stored(game.record().clone())) {
        Ok(stored) => stored.into_boxed_slice(),
        Err(error) => {
            tracing::error!(
                "game {}: stays awake, cannot be put to sleep: {error}",
                table.id
            );
            return Life::Awake(awaken(inner, kept));
        }
    };
    let rules = game.rules();
    let (at, _) = clock::next_event(
        &table.clock,
        inner.config.warning_secs,
        rules.clock_limit_secs,
    );
    inner.live.alarms.arm(at, table.id, table.place);
    Life::Asleep(Box::new(Sleeper {
        stored,
        warned_repeat: kept.warned_repeat,
        baton: kept.baton,
        alarm: at,
    }))
}

/// Starts an actor and its presenter on what the last one kept.
fn awaken(inner: &Arc<Inner>, kept: Kept) -> Awake {
    let Kept {
        table,
        game,
        warned_repeat,
        baton,
    } = kept;
    let (tx, rx) = mpsc::channel(MAILBOX);
    let (stage, presenter) = presenter::spawn(inner.outbound.clone(), &baton);
    let actor = GameActor {
        inner: inner.clone(),
        private: inner.public_language(table.place),
        table,
        game,
        warned_repeat,
        ai_asked_at: None,
        me: tx.downgrade(),
        stage,
        unsure: false,
        finished: false,
        baton: baton.clone(),
    };
    let task = tokio::spawn(actor.run(rx));
    Awake {
        tx,
        task,
        presenter,
        baton,
    }
}

/// The mailbox of the game at `place` (with id `id`, if given), its actor started if it slept.
/// The caller holds the games' lock.
fn mailbox(
    inner: &Arc<Inner>,
    games: &mut std::collections::HashMap<Place, GameHandle>,
    place: Place,
    id: Option<u64>,
) -> Option<mpsc::Sender<ActorMsg>> {
    let handle = games
        .get(&place)
        .filter(|handle| id.is_none_or(|id| id == handle.id))?;
    if let Life::Awake(awake) = &handle.life {
        return Some(awake.tx.clone());
    }
    let Some(GameHandle {
        id,
        life: Life::Asleep(sleeper),
    }) = games.remove(&place)
    else {
        return None;
    };
    inner.live.alarms.disarm(sleeper.alarm, id, place);
    let Some(kept) = (*sleeper).wake() else {
        // Left out of the map: its channel is free, and it stays in the store as it was.
        return None;
    };
    let awake = awaken(inner, kept);
    let tx = awake.tx.clone();
    games.insert(
        place,
        GameHandle {
            id,
            life: Life::Awake(awake),
        },
    );
    Some(tx)
}

/// Hands `message` to the actor of the live game at `place` (the game `id`, if given), waking
/// the game if it sleeps. Gives the message back when there is no such game (or it has ended).
pub(in crate::service) async fn deliver(
    inner: &Arc<Inner>,
    place: Place,
    id: Option<u64>,
    message: ActorMsg,
) -> Result<(), ActorMsg> {
    loop {
        let Some(tx) = mailbox(inner, &mut lock(&inner.games), place, id) else {
            return Err(message);
        };
        // Waiting for room in a busy game's mailbox happens outside the lock…
        let permit = tx.reserve().await;
        // …and the message goes in under it, where the actor goes to sleep only with an
        // empty mailbox: so the actor that takes it is still running (else, look again).
        let games = lock(&inner.games);
        let current = games.get(&place).and_then(|handle| match &handle.life {
            Life::Awake(awake) => Some(&awake.tx),
            Life::Asleep(_) => None,
        });
        let same = current.is_some_and(|current| current.same_channel(&tx));
        match permit {
            Ok(permit) if same => {
                permit.send(message);
                return Ok(());
            }
            // Its actor stopped without leaving the map: nothing will take the message.
            Err(_) if same => return Err(message),
            _ => {}
        }
    }
}

/// Wakes each sleeping game when its clock rings, until the service is gone.
pub(super) async fn ring(inner: Weak<Inner>, alarms: Arc<Alarms>) {
    loop {
        let due = alarms.due().await;
        let Some(inner) = inner.upgrade() else {
            return;
        };
        let mut games = lock(&inner.games);
        for (at, id, place) in due {
            let rings = games.get(&place).is_some_and(|handle| {
                handle.id == id
                    && matches!(&handle.life, Life::Asleep(sleeper) if sleeper.alarm == at)
            });
            if rings {
                // The actor takes the clock event first: it is due.
                mailbox(&inner, &mut games, place, Some(id));
            }
        }
    }
}

impl GameActor {
    /// Whether the actor may sleep when idle: nothing is due that it must do on its own (the
    /// AI's move, settling a write whose outcome is unknown).
    pub(super) fn may_sleep(&self) -> bool {
        !self.unsure && !self.table.ai_to_act(&self.game)
    }

    /// Goes to sleep if no message waits: the game stays in its slot as a [`Sleeper`], its
    /// clock in the shared timer. Gives the actor back when it must stay awake.
    pub(super) fn fall_asleep(self, rx: &mpsc::Receiver<ActorMsg>) -> Result<(), Box<GameActor>> {
        let inner = self.inner.clone();
        let mut games = lock(&inner.games);
        let (id, place) = (self.table.id, self.table.place);
        // Not in its slot (being moved to a thread): it sleeps at the next idle moment.
        let ours = games
            .get(&place)
            .is_some_and(|handle| handle.id == id && matches!(handle.life, Life::Awake(_)));
        if !ours || !rx.is_empty() {
            return Err(Box::new(self));
        }
        let Some(GameHandle {
            life: Life::Awake(awake),
            ..
        }) = games.remove(&place)
        else {
            return Err(Box::new(self));
        };
        let GameActor {
            table,
            game,
            warned_repeat,
            ..
        } = self;
        let kept = Kept {
            table,
            game,
            warned_repeat,
            baton: awake.baton,
        };
        let life = lie_down(&inner, kept);
        games.insert(place, GameHandle { id, life });
        Ok(())
    }
}

/// Moves live game `id` to `to`: the actor stores its new place, then the service finds it
/// there (and remembers where it came from, for `/rematch`).
pub(in crate::service) async fn relocate(
    inner: &Arc<Inner>,
    id: u64,
    to: Place,
) -> Result<(), ServiceError> {
    let Some(from) = place_of(inner, id) else {
        return Err(ServiceError::NoSuchGame(id));
    };
    let (done, result) = oneshot::channel();
    deliver(inner, from, Some(id), ActorMsg::Relocate { to, done })
        .await
        .map_err(|_| ServiceError::NoSuchGame(id))?;
    result.await.map_err(|_| ServiceError::NoSuchGame(id))??;
    lock(&inner.live.homes).insert(to, from);
    let mut games = lock(&inner.games);
    if let Some(handle) = games.remove(&from) {
        if handle.id == id {
            games.insert(to, handle);
        } else {
            games.insert(from, handle);
        }
    }
    Ok(())
}

/// The caller's legal actions in the game of their channel, when it is their turn.
pub(in crate::service) async fn legal_actions(inner: &Arc<Inner>, caller: &Caller) -> Vec<Action> {
    let (done, answer) = oneshot::channel();
    let user = caller.user;
    if deliver(inner, caller.place, None, ActorMsg::Legal { user, done })
        .await
        .is_err()
    {
        return Vec::new();
    }
    answer.await.unwrap_or_default()
}

/// The squares `caller` deploys on in the game at their place, while their deployment is
/// open.
pub(in crate::service) async fn deploy_posts(
    inner: &Arc<Inner>,
    caller: &Caller,
) -> Vec<crate::game::Square> {
    let (done, answer) = oneshot::channel();
    let user = caller.user;
    if deliver(inner, caller.place, None, ActorMsg::Posts { user, done })
        .await
        .is_err()
    {
        return Vec::new();
    }
    answer.await.unwrap_or_default()
}

/// Where live game `id` is played.
pub(in crate::service) fn place_of(inner: &Inner, id: u64) -> Option<Place> {
    lock(&inner.games)
        .iter()
        .find(|(_, handle)| handle.id == id)
        .map(|(place, _)| *place)
}

/// Whether a live game is played at `place`.
pub(in crate::service) fn is_played_at(inner: &Inner, place: Place) -> bool {
    lock(&inner.games).contains_key(&place)
}

/// How many games are live, and how many of them have a running actor.
pub(in crate::service) fn counts(inner: &Inner) -> (usize, usize) {
    let games = lock(&inner.games);
    let awake = games
        .values()
        .filter(|handle| matches!(handle.life, Life::Awake(_)))
        .count();
    (games.len(), awake)
}

/// Stops the clocks' ringer and every game's tasks, once what each has decided has gone out;
/// the games stay in the store.
pub(in crate::service) async fn stop_all(inner: &Inner) {
    if let Some(ringer) = lock(&inner.live.ringer).take() {
        ringer.abort();
    }
    let handles: Vec<GameHandle> = lock(&inner.games).drain().map(|(_, h)| h).collect();
    for handle in &handles {
        if let Life::Awake(awake) = &handle.life {
            let _ = awake.tx.send(ActorMsg::Shutdown).await;
        }
    }
    // Each presenter ends after its actor, once what the actor decided has gone out.
    for handle in handles {
        match handle.life {
            Life::Awake(awake) => {
                let _ = awake.task.await;
                let _ = awake.presenter.await;
            }
            Life::Asleep(sleeper) => {
                let _ = sleeper.baton.acquire().await;
            }
        }
    }
}
