//! A tournament's life: its start and end timers, pairing free players into games in rooms of
//! their own, counting each finished game from the news (a cancelled one for nobody), the end once the last game is in,
//! and the live standings' edits (at most one per 5 s, the last change always shown).
//! Everything that changes a tournament holds the arena's lock and stores the record before
//! anything is said about it.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc::UnboundedReceiver;
use tokio::time::Instant;

use super::arena::{self, results};
use super::rooms::{RoomRequest, default_room};
use super::{Inner, minute_ms, shown};
use crate::game::{Game, Seat};
use crate::service::clock::{self, now_ms};
use crate::service::news::GameNews;
use crate::service::{ServiceError, Surface, live, lobby, lock};
use crate::store::{ArenaGame, FinishedGame, LiveGame, Phase, Place, Tournament, UserId};
use crate::words::tournament as say;

type Open = HashMap<u64, Tournament>;

/// The live standings' edits of one tournament.
#[derive(Default)]
pub(super) struct EditState {
    last: Option<Instant>,
    pending: bool,
}

/// Arms the start and end timers of an open tournament (a time already past fires at once).
pub(super) fn arm(inner: &Arc<Inner>, tournament: &Tournament) {
    let mut handles = Vec::new();
    let id = tournament.id;
    let at = |ms: u64, inner: &Arc<Inner>, start: bool| {
        let inner = inner.clone();
        tokio::spawn(async move {
            tokio::time::sleep_until(clock::instant_at(ms)).await;
            match start {
                true => begin(&inner, id).await,
                false => time_up(&inner, id).await,
            }
        })
        .abort_handle()
    };
    if tournament.phase == Phase::Scheduled {
        handles.push(at(tournament.starts_at_ms, inner, true));
    }
    if matches!(tournament.phase, Phase::Scheduled | Phase::Running) {
        handles.push(at(tournament.ends_at_ms, inner, false));
    }
    lock(&inner.arena.timers).insert(id, handles);
}

pub(super) fn disarm(inner: &Inner, id: u64) {
    for timer in lock(&inner.arena.timers).remove(&id).unwrap_or_default() {
        timer.abort();
    }
}

/// Stores `changed` as tournament `id` and keeps it; on a store failure nothing changes.
async fn commit(inner: &Arc<Inner>, open: &mut Open, changed: Tournament) -> bool {
    let stored = changed.clone();
    match inner
        .blocking(move |store| store.put_tournament(&stored))
        .await
    {
        Ok(()) => {
            open.insert(changed.id, changed);
            true
        }
        Err(error) => {
            tracing::error!("tournament {}: {error}", changed.id);
            false
        }
    }
}

/// After a restart: games paired but not yet numbered are found by their room (or dropped if
/// they never started), games that ended while the bot was down are counted, then the timers
/// are armed again and a running tournament pairs its free players.
pub(super) async fn recover(inner: &Arc<Inner>, id: u64) {
    let mut open = inner.arena.open.lock().await;
    let Some(tournament) = open.get(&id).cloned() else {
        return;
    };
    if !tournament.phase.is_open() {
        return;
    }
    let mut changed = tournament.clone();
    let mut ended = Vec::new();
    for paired in &mut changed.games {
        if paired.game.is_none() {
            let room = paired.room;
            if let Ok(Some(live)) = inner.blocking(move |s| s.live_game_at(room)).await {
                paired.game = Some(live.id);
            }
        }
        if let Some(game) = paired.game {
            if let Ok(Some(finished)) = inner.blocking(move |s| s.finished_game(game)).await {
                ended.push((game, paired.room, Some(finished)));
            } else if let Ok(Some(_)) = inner.blocking(move |s| s.cancelled_game(game)).await {
                ended.push((game, paired.room, None));
            }
        }
    }
    changed.games.retain(|paired| paired.game.is_some());
    for (game, room, finished) in &ended {
        count(&mut changed, *game, *room, finished.as_ref());
    }
    if changed != tournament && !commit(inner, &mut open, changed.clone()).await {
        return;
    }
    arm(inner, &changed);
    match changed.phase {
        Phase::Running => pair_free(inner, &mut open, id).await,
        Phase::Ending => finish_if_done(inner, &mut open, id).await,
        _ => {}
    }
}

/// Follows game news: each end of a tournament game is counted; a cancelled one only frees
/// its players.
pub(super) async fn follow_news(inner: Arc<Inner>, mut news: UnboundedReceiver<GameNews>) {
    while let Some(item) = news.recv().await {
        match item {
            GameNews::Ended(finished) => {
                let (game, place) = (finished.game.id, finished.game.place);
                game_ended(&inner, game, place, Some(&finished)).await;
            }
            GameNews::Cancelled { game, place, .. } => {
                game_ended(&inner, game, place, None).await;
            }
            GameNews::Started { .. } => {}
        }
    }
}

/// Counts game `game` (played at `place`) into its tournament, if it was one's: its result
/// when it finished, nothing for either player when it was cancelled. Then pairs its players
/// again or, once time is up and it was the last game, ends the tournament.
async fn game_ended(inner: &Arc<Inner>, game: u64, place: Place, finished: Option<&FinishedGame>) {
    let mut open = inner.arena.open.lock().await;
    let Some(id) = open
        .values()
        .find(|t| t.phase.is_open() && t.games.iter().any(|g| is(g, game, place)))
        .map(|t| t.id)
    else {
        return;
    };
    let Some(mut changed) = open.get(&id).cloned() else {
        return;
    };
    count(&mut changed, game, place, finished);
    if !commit(inner, &mut open, changed.clone()).await {
        return;
    }
    match changed.phase {
        Phase::Running => pair_free(inner, &mut open, id).await,
        Phase::Ending => finish_if_done(inner, &mut open, id).await,
        _ => {}
    }
    drop(open);
    standings_changed(inner, id).await;
}

fn is(paired: &ArenaGame, game: u64, place: Place) -> bool {
    paired.game == Some(game) || (paired.game.is_none() && paired.room == place)
}

/// Takes game `game` off the games in progress and counts its result for both players (a
/// cancelled game, `None`, counts for neither).
fn count(tournament: &mut Tournament, game: u64, place: Place, finished: Option<&FinishedGame>) {
    let Some(index) = tournament.games.iter().position(|g| is(g, game, place)) else {
        return;
    };
    tournament.games.remove(index);
    let Some(finished) = finished else {
        return;
    };
    let players = finished.game.players;
    for (seat, played) in Seat::BOTH.into_iter().zip(results(&finished.outcome)) {
        let opponent = players[seat.other().index()];
        if let Some(entrant) = tournament.entrant_mut(players[seat.index()]) {
            arena::score(entrant, played, opponent);
        }
    }
}

/// The start: free players are paired at once.
async fn begin(inner: &Arc<Inner>, id: u64) {
    let mut open = inner.arena.open.lock().await;
    let Some(tournament) = open.get(&id).cloned() else {
        return;
    };
    if tournament.phase != Phase::Scheduled {
        return;
    }
    let mut changed = tournament;
    changed.phase = Phase::Running;
    if !commit(inner, &mut open, changed.clone()).await {
        return;
    }
    // A tournament created to start at once said so in its announcement.
    if changed.starts_at_ms > changed.created_at_ms {
        let lang = inner.public_language(changed.place);
        let players = changed.entrants.iter().filter(|e| !e.left).count();
        let line = say::begun(lang, id, players, changed.ends_at_ms / 1000);
        inner.send(changed.place, crate::service::Reply::public(vec![line]));
    }
    pair_free(inner, &mut open, id).await;
}

/// Time is up: no new pairings; the games in progress are played out.
async fn time_up(inner: &Arc<Inner>, id: u64) {
    let mut open = inner.arena.open.lock().await;
    let Some(tournament) = open.get(&id).cloned() else {
        return;
    };
    if !matches!(tournament.phase, Phase::Scheduled | Phase::Running) {
        return;
    }
    let mut changed = tournament;
    changed.phase = Phase::Ending;
    if !commit(inner, &mut open, changed.clone()).await {
        return;
    }
    if !changed.games.is_empty() {
        let lang = inner.public_language(changed.place);
        let line = say::time_up(lang, id, changed.games.len());
        inner.send(changed.place, crate::service::Reply::public(vec![line]));
    }
    finish_if_done(inner, &mut open, id).await;
}

/// Once time is up and no game is left: the tournament is over, its final standings posted.
async fn finish_if_done(inner: &Arc<Inner>, open: &mut Open, id: u64) {
    let Some(tournament) = open.get(&id).cloned() else {
        return;
    };
    if tournament.phase != Phase::Ending || !tournament.games.is_empty() {
        return;
    }
    let mut changed = tournament;
    changed.phase = Phase::Finished;
    if !commit(inner, open, changed.clone()).await {
        return;
    }
    disarm(inner, id);
    let lang = inner.public_language(changed.place);
    let result = shown::final_reply(lang, &changed).await;
    inner.send(changed.place, result);
    edit_now(inner, &changed);
}

/// Pairs free players for as long as two are free.
pub(super) async fn pair_free(inner: &Arc<Inner>, open: &mut Open, id: u64) {
    loop {
        let Some(tournament) = open.get(&id) else {
            return;
        };
        if tournament.phase != Phase::Running {
            return;
        }
        let Some(pair) = arena::next_pair(tournament) else {
            return;
        };
        if let Err(error) = start_game(inner, open, id, pair).await {
            // The two stay free; the next change tries again.
            tracing::error!("tournament {id}: could not start a game: {error}");
            return;
        }
    }
}

/// Starts one tournament game: the room first, recorded in the tournament, then the game in
/// it (a crash between the two finds the game by its room), then its number.
async fn start_game(
    inner: &Arc<Inner>,
    open: &mut Open,
    id: u64,
    players: [UserId; 2],
) -> Result<(), ServiceError> {
    let Some(tournament) = open.get(&id).cloned() else {
        return Ok(());
    };
    let names = players.map(|user| {
        tournament
            .entrant(user)
            .map(|e| e.name.clone())
            .unwrap_or_default()
    });
    let mut changed = tournament.clone();
    changed.rooms = changed.rooms.saturating_add(1);
    let request = RoomRequest {
        channel: tournament.place,
        tournament: id,
        number: changed.rooms,
        names: names.clone(),
        quick_match: None,
    };
    let opener = lock(&inner.arena.rooms).clone();
    let room = match opener {
        Some(opener) => opener.open(request.clone()).await,
        None => Some(default_room(&request)),
    }
    .ok_or_else(|| ServiceError::Task("no room could be opened for a tournament game".into()))?;
    changed.games.push(ArenaGame {
        room,
        players,
        game: None,
    });
    if !commit(inner, open, changed.clone()).await {
        return Err(ServiceError::Task(
            "the tournament could not be stored".into(),
        ));
    }
    let live = new_game(inner, &changed, room, players, names).await;
    let live = match live {
        Ok(live) => live,
        Err(error) => {
            changed.games.retain(|paired| paired.room != room);
            commit(inner, open, changed).await;
            return Err(error);
        }
    };
    let number = live.id;
    let (started, announced) = tokio::sync::oneshot::channel();
    live::spawn(inner, live, Some(started))?;
    let task_inner = inner.clone();
    tokio::spawn(async move {
        if let Ok(reply) = announced.await {
            task_inner.send(room, reply);
        }
    });
    for paired in &mut changed.games {
        if paired.room == room {
            paired.game = Some(number);
        }
    }
    commit(inner, open, changed).await;
    Ok(())
}

/// Stores a new ordinary game between `players` in `room` with the tournament's clock.
async fn new_game(
    inner: &Arc<Inner>,
    tournament: &Tournament,
    room: crate::store::Place,
    players: [UserId; 2],
    names: [String; 2],
) -> Result<LiveGame, ServiceError> {
    let base_score = lobby::base_score_after_last_game(inner, players[0], players[1]).await?;
    let now = now_ms();
    let game = Game::new(inner.deal_seed(), inner.config.rules);
    let live = LiveGame {
        id: 0,
        place: room,
        players,
        names,
        record: game.record().clone(),
        turn_secs: tournament.turn_secs,
        started_at_ms: now,
        turn_deadline_ms: clock::turn_deadline(now, tournament.turn_secs),
        warned: false,
        base_score,
        rated: tournament.rated,
        ai: None,
    };
    lobby::store_new_game(inner, live).await
}

/// The live standings changed: the announcement is edited now, or once 5 s (scaled like the
/// tournament's minutes) have passed since the last edit. The console has no message to
/// edit: `/tournament` shows the standings there.
pub(super) async fn standings_changed(inner: &Arc<Inner>, id: u64) {
    if inner.surface == Surface::Console {
        return;
    }
    let gap = Duration::from_millis(minute_ms(inner) / 12);
    let wait = {
        let mut edits = lock(&inner.arena.edits);
        let state = edits.entry(id).or_default();
        if state.pending {
            return;
        }
        match state.last {
            Some(last) if last.elapsed() < gap => {
                state.pending = true;
                Some(last + gap)
            }
            _ => None,
        }
    };
    let task_inner = inner.clone();
    let edit = async move {
        let tournament = task_inner.arena.open.lock().await.get(&id).cloned();
        if let Some(tournament) = tournament {
            edit_now(&task_inner, &tournament);
        }
    };
    match wait {
        None => edit.await,
        Some(at) => {
            tokio::spawn(async move {
                tokio::time::sleep_until(at).await;
                edit.await;
            });
        }
    }
}

/// Edits the announcement to show `tournament` as it stands.
fn edit_now(inner: &Arc<Inner>, tournament: &Tournament) {
    if inner.surface == Surface::Console {
        return;
    }
    {
        let mut edits = lock(&inner.arena.edits);
        let state = edits.entry(tournament.id).or_default();
        state.pending = false;
        state.last = Some(Instant::now());
    }
    let lang = inner.public_language(tournament.place);
    inner.send(tournament.place, shown::announcement_edit(lang, tournament));
}
