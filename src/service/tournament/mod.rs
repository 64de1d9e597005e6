//! Arena tournaments (`/tournament`), after lichess's arenas: a fixed length, one game kind,
//! players paired again as soon as they are free, 2/1/0 with streaks doubling. Owns the commands (create,
//! join, leave, standings, cancel), the tournaments of this process's guilds and their timers.
//!
//! Every tournament lives in [`Arena::open`] behind one lock and in the store, which gets the
//! whole record after each change before anyone hears of it; games are ordinary games started
//! in rooms of their own (`rooms.rs`), and their results come back as game news (`news.rs`).
//! Pure rules: `arena.rs`; the schedule, pairing and the end: `schedule.rs`; what is shown:
//! `shown.rs`.

mod arena;
mod rooms;
mod schedule;
mod shown;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::task::AbortHandle;

pub use rooms::{OpenedRoom, RoomRequest, Rooms};

use super::clock::now_ms;
use super::news::{GameNews, Presented};
use super::{
    Button, ButtonId, Caller, Inner, Reply, Rights, ServiceError, Tongues, TournamentCommand,
};
use super::{lock, store_failure};
use crate::GameKind;
use crate::config::Language;
use crate::store::{Entrant, Phase, Place, Tournament};
use crate::words::tournament as say;

/// The longest tournament: 24 hours.
pub const MAX_MINUTES: u32 = 24 * 60;
/// The latest start: a day ahead.
pub const MAX_STARTS_IN: u32 = 24 * 60;
/// Minutes until the start when `starts_in` is not given.
pub const DEFAULT_STARTS_IN: u32 = 5;

/// The tournaments of this process and what runs them.
#[derive(Default)]
pub(super) struct Arena {
    /// Every tournament this process owns, open or over, by id.
    open: tokio::sync::Mutex<HashMap<u64, Tournament>>,
    /// The start and end timers of each open tournament.
    timers: Mutex<HashMap<u64, Vec<AbortHandle>>>,
    /// The live standings' pending edit and when each announcement was last edited.
    edits: Mutex<HashMap<u64, schedule::EditState>>,
    /// The games counted once time was up, by tournament, until their results are shown: the
    /// final standings wait for them.
    played_out: Mutex<HashMap<u64, Vec<Presented>>>,
}

impl Arena {
    /// Stops every timer (the tournaments stay in the store and resume at the next start).
    pub(super) fn shutdown(&self) {
        for (_, timers) in lock(&self.timers).drain() {
            for timer in timers {
                timer.abort();
            }
        }
    }
}

/// How long a tournament "minute" lasts, in milliseconds (a minute, or less in tests).
fn minute_ms(inner: &Inner) -> u64 {
    u64::from(inner.config.tournament_minute_ms)
}

/// Loads this process's tournaments, counts the games that ended while it was down, re-arms
/// the timers (a start or end that passed happens now) and follows game news from `news`,
/// which was opened before any game resumed, so no result is missed.
pub(super) async fn resume(
    inner: &Arc<Inner>,
    news: tokio::sync::mpsc::UnboundedReceiver<GameNews>,
) -> Result<(), ServiceError> {
    let stored = inner.store.tournaments().await?;
    {
        let mut open = inner.arena.open.lock().await;
        for tournament in stored.into_iter().filter(|t| inner.owns(t.place)) {
            open.insert(tournament.id, tournament);
        }
    }
    let ids: Vec<u64> = inner.arena.open.lock().await.keys().copied().collect();
    for id in ids {
        schedule::recover(inner, id).await;
    }
    let follower = inner.clone();
    tokio::spawn(async move { schedule::follow_news(follower, news).await });
    Ok(())
}

pub(super) async fn handle(
    inner: &Arc<Inner>,
    caller: &Caller,
    tongues: Tongues,
    command: TournamentCommand,
) -> Reply {
    match command {
        TournamentCommand::Create {
            minutes,
            seconds,
            starts_in,
            rated,
            game,
            rights,
        } => {
            let ask = Ask {
                minutes,
                turn_secs: seconds,
                starts_in: starts_in.unwrap_or(DEFAULT_STARTS_IN),
                rated,
                game,
            };
            create(inner, caller, tongues, ask, &rights).await
        }
        TournamentCommand::Join { tournament } => {
            join_or_leave(inner, caller, tongues, tournament, true).await
        }
        TournamentCommand::Leave { tournament } => {
            join_or_leave(inner, caller, tongues, tournament, false).await
        }
        TournamentCommand::Show => show(inner, caller, tongues).await,
        TournamentCommand::Cancel { rights } => cancel(inner, caller, tongues, &rights).await,
    }
}

/// What `/tournament create` asks for.
struct Ask {
    minutes: u32,
    turn_secs: u32,
    starts_in: u32,
    /// As asked; rated when not asked (on the ladder of its game).
    rated: Option<bool>,
    game: GameKind,
}

/// Whether the caller may create (or cancel) a tournament: Manage Events, or the server's
/// organiser role (`/settings organiser_role`).
fn may_organise(inner: &Inner, place: Place, rights: &Rights) -> bool {
    inner
        .settings(place.guild)
        .organises(rights.manage_events, &rights.roles)
}

/// The open tournament of a channel, if any.
fn open_at(open: &HashMap<u64, Tournament>, place: Place) -> Option<u64> {
    open.values()
        .find(|t| t.place == place && t.phase.is_open())
        .map(|t| t.id)
}

/// The tournament a command is about: the one named (a button), else the channel's open one,
/// else (for the standings) its latest.
fn about(open: &HashMap<u64, Tournament>, place: Place, named: Option<u64>) -> Option<u64> {
    match named {
        Some(id) => open.get(&id).map(|t| t.id),
        None => open_at(open, place).or_else(|| {
            open.values()
                .filter(|t| t.place == place)
                .max_by_key(|t| t.id)
                .map(|t| t.id)
        }),
    }
}

async fn create(
    inner: &Arc<Inner>,
    caller: &Caller,
    tongues: Tongues,
    ask: Ask,
    rights: &Rights,
) -> Reply {
    let lang = tongues.private;
    let config = &inner.config;
    if !may_organise(inner, caller.place, rights) {
        return Reply::refusal(say::create_forbidden(lang));
    }
    if !(1..=MAX_MINUTES).contains(&ask.minutes) {
        return Reply::refusal(say::length_bounds(lang, MAX_MINUTES));
    }
    if ask.starts_in > MAX_STARTS_IN {
        return Reply::refusal(say::starts_in_bounds(lang, MAX_STARTS_IN));
    }
    if !(config.min_turn_secs..=config.max_turn_secs).contains(&ask.turn_secs) {
        return Reply::refusal(crate::words::clock_bounds(
            lang,
            config.min_turn_secs,
            config.max_turn_secs,
        ));
    }
    let rated = ask.rated.unwrap_or(true);
    let mut open = inner.arena.open.lock().await;
    if let Some(existing) = open_at(&open, caller.place) {
        return Reply::refusal(say::tournament_exists(lang, existing));
    }
    let id = match inner.store.next_id().await {
        Ok(id) => id,
        Err(error) => return store_failure(&error.into(), lang),
    };
    let now = now_ms();
    let minute = minute_ms(inner);
    let starts_at_ms = now.saturating_add(u64::from(ask.starts_in) * minute);
    let tournament = Tournament {
        id,
        place: caller.place,
        creator: caller.user,
        creator_name: caller.name.clone(),
        minutes: ask.minutes,
        turn_secs: ask.turn_secs,
        rated,
        created_at_ms: now,
        starts_at_ms,
        ends_at_ms: starts_at_ms.saturating_add(u64::from(ask.minutes) * minute),
        phase: Phase::Scheduled,
        entrants: Vec::new(),
        games: Vec::new(),
        rooms: 0,
        announcement: None,
        game: ask.game,
    };
    if let Err(error) = inner.store.put_tournament(&tournament).await {
        return store_failure(&error.into(), lang);
    }
    open.insert(id, tournament.clone());
    drop(open);
    schedule::arm(inner, &tournament);
    let public = tongues.public;
    let starts = (ask.starts_in > 0).then_some(starts_at_ms / 1000);
    let mut lines = say::announcement(
        public,
        (&caller.name, id, ask.game),
        ask.minutes,
        ask.turn_secs,
        rated,
        starts,
    );
    lines.push(say::how_to_join(public, inner.surface));
    announcement_reply(public, id, lines)
}

/// A message under which the Join and Leave buttons of tournament `id` sit.
fn announcement_reply(lang: Language, id: u64, lines: Vec<String>) -> Reply {
    let mut reply = Reply::public(lines).with_buttons(join_buttons(lang, id));
    reply.announcement = Some(super::Announcement::Posted { tournament: id });
    reply
}

fn join_buttons(lang: Language, id: u64) -> Vec<Button> {
    vec![
        Button::new(say::button_join(lang), ButtonId::TournamentJoin(id)),
        Button::new(say::button_leave(lang), ButtonId::TournamentLeave(id)),
    ]
}

async fn join_or_leave(
    inner: &Arc<Inner>,
    caller: &Caller,
    tongues: Tongues,
    named: Option<u64>,
    join: bool,
) -> Reply {
    let lang = tongues.private;
    let mut open = inner.arena.open.lock().await;
    let Some(id) = about(&open, caller.place, named) else {
        return Reply::refusal(say::no_tournament_here(lang, inner.surface));
    };
    let Some(tournament) = open.get_mut(&id) else {
        return Reply::refusal(say::no_tournament_here(lang, inner.surface));
    };
    if !tournament.phase.is_open() || tournament.phase == Phase::Ending {
        return Reply::refusal(say::tournament_over(lang, id));
    }
    let mut changed = tournament.clone();
    let in_now = changed.entrant(caller.user).is_some_and(|e| !e.left);
    match (join, in_now) {
        (true, true) => return Reply::refusal(say::already_joined(lang, id)),
        (false, false) => return Reply::refusal(say::not_joined(lang, id)),
        (true, false) => match changed.entrant_mut(caller.user) {
            Some(entrant) => {
                entrant.left = false;
                entrant.name = caller.name.clone();
            }
            None => changed
                .entrants
                .push(Entrant::new(caller.user, &caller.name)),
        },
        (false, true) => {
            if let Some(entrant) = changed.entrant_mut(caller.user) {
                entrant.left = true;
            }
        }
    }
    if let Err(error) = inner.store.put_tournament(&changed).await {
        return store_failure(&error.into(), lang);
    }
    *tournament = changed;
    let players = tournament.entrants.iter().filter(|e| !e.left).count();
    let line = match join {
        true => say::joined(tongues.public, &caller.name, id, players),
        false => say::left(tongues.public, &caller.name, id),
    };
    if join && tournament.phase == Phase::Running {
        schedule::then(inner, &mut open, id, schedule::Next::Pair).await;
    }
    drop(open);
    schedule::standings_changed(inner, id).await;
    Reply::public(vec![line])
}

async fn show(inner: &Arc<Inner>, caller: &Caller, tongues: Tongues) -> Reply {
    let open = inner.arena.open.lock().await;
    let Some(tournament) = about(&open, caller.place, None).and_then(|id| open.get(&id)) else {
        return Reply::refusal(say::no_tournament_here(tongues.private, inner.surface));
    };
    Reply::public(shown::standings_lines(tongues.public, tournament, None))
}

async fn cancel(inner: &Arc<Inner>, caller: &Caller, tongues: Tongues, rights: &Rights) -> Reply {
    let lang = tongues.private;
    let mut open = inner.arena.open.lock().await;
    let Some(id) = open_at(&open, caller.place) else {
        return Reply::refusal(say::no_tournament_here(lang, inner.surface));
    };
    let Some(tournament) = open.get_mut(&id) else {
        return Reply::refusal(say::no_tournament_here(lang, inner.surface));
    };
    if tournament.creator != caller.user && !may_organise(inner, caller.place, rights) {
        return Reply::refusal(say::cancel_forbidden(lang, &tournament.creator_name));
    }
    let mut changed = tournament.clone();
    changed.phase = Phase::Cancelled;
    changed.games.clear();
    if let Err(error) = inner.store.put_tournament(&changed).await {
        return store_failure(&error.into(), lang);
    }
    *tournament = changed;
    drop(open);
    schedule::disarm(inner, id);
    lock(&inner.arena.played_out).remove(&id);
    Reply::public(vec![say::cancelled(tongues.public, &caller.name, id)])
}

/// The front end posted tournament `id`'s announcement as message `message`: remembered, so
/// the live standings edit it (also after a restart).
pub(super) async fn announcement_posted(
    inner: &Arc<Inner>,
    id: u64,
    message: u64,
) -> Result<(), ServiceError> {
    let mut open = inner.arena.open.lock().await;
    let Some(tournament) = open.get_mut(&id) else {
        return Ok(());
    };
    let mut changed = tournament.clone();
    changed.announcement = Some(message);
    inner.store.put_tournament(&changed).await?;
    *tournament = changed;
    Ok(())
}
