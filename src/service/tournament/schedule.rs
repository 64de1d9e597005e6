//! A tournament's life: its start and end timers, pairing free players into games in rooms of
//! their own, counting each finished game from the news (a cancelled one for nobody), the end once the last game is in,
//! and the live standings' edits (at most one per 5 s, the last change always shown).
//! Everything that changes a tournament holds the arena's lock and stores the record before
//! anything is said about it. What happens on its own (a timer, a game's end, the pairing and
//! the end that follow) is retried every second while the store fails, never dropped, and
//! each step is safe to repeat: it looks at the stored phase and games before it changes them.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc::UnboundedReceiver;
use tokio::time::Instant;

use super::arena::{self, results};
use super::rooms::RoomRequest;
use super::{Inner, minute_ms, shown};
use crate::game::Seat;
use crate::service::clock;
use crate::service::news::{GameNews, Presented};
use crate::service::{ServiceError, Surface, live, lobby, lock, playing, until_stored};
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
                true => {
                    until_stored(&format!("starting tournament {id}"), || begin(&inner, id)).await
                }
                false => {
                    until_stored(&format!("ending tournament {id}"), || time_up(&inner, id)).await
                }
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
async fn commit(
    inner: &Arc<Inner>,
    open: &mut Open,
    changed: Tournament,
) -> Result<(), ServiceError> {
    inner.store.put_tournament(&changed).await?;
    open.insert(changed.id, changed);
    Ok(())
}

/// What a tournament does next after a change that was stored, when its own store write
/// failed: retried in the background until the store answers.
#[derive(Clone, Copy, Debug)]
pub(super) enum Next {
    Pair,
    Finish,
}

/// Does `next` for tournament `id` under the arena's lock: now, or, if the store fails,
/// every second in the background until it answers.
pub(super) async fn then(inner: &Arc<Inner>, open: &mut Open, id: u64, next: Next) {
    let done = match next {
        Next::Pair => pair_free(inner, open, id).await,
        Next::Finish => finish_if_done(inner, open, id).await,
    };
    if let Err(error) = done {
        tracing::error!("tournament {id}: {next:?}: {error}; retrying in the background");
        let inner = inner.clone();
        tokio::spawn(async move {
            let what = format!("tournament {id}: {next:?}");
            until_stored(&what, || async {
                let mut open = inner.arena.open.lock().await;
                match next {
                    Next::Pair => pair_free(&inner, &mut open, id).await,
                    Next::Finish => finish_if_done(&inner, &mut open, id).await,
                }
            })
            .await;
        });
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
            if let Ok(Some(live)) = inner.store.live_game_at(room).await {
                paired.game = Some(live.id);
            }
        }
        if let Some(game) = paired.game {
            if let Ok(Some(finished)) = inner.store.finished_game(game).await {
                ended.push((game, paired.room, Some(finished)));
            } else if let Ok(Some(_)) = inner.store.cancelled_game(game).await {
                ended.push((game, paired.room, None));
            }
        }
    }
    changed.games.retain(|paired| paired.game.is_some());
    for (game, room, finished) in &ended {
        count(&mut changed, *game, *room, finished.as_ref());
    }
    if changed != tournament {
        drop(open);
        let what = format!("recovering tournament {id}");
        until_stored(&what, || async {
            let mut open = inner.arena.open.lock().await;
            commit(inner, &mut open, changed.clone()).await
        })
        .await;
        open = inner.arena.open.lock().await;
    }
    arm(inner, &changed);
    match changed.phase {
        Phase::Running => then(inner, &mut open, id, Next::Pair).await,
        Phase::Ending => then(inner, &mut open, id, Next::Finish).await,
        _ => {}
    }
}

/// Follows game news: each end of a tournament game is counted; a cancelled one only frees
/// its players.
pub(super) async fn follow_news(inner: Arc<Inner>, mut news: UnboundedReceiver<GameNews>) {
    while let Some(item) = news.recv().await {
        match item {
            GameNews::Ended(finished, presented) => {
                let (game, place) = (finished.game.id, finished.game.place);
                let what = format!("counting game {game} into its tournament");
                let ended = Some((finished.as_ref(), &presented));
                until_stored(&what, || game_ended(&inner, game, place, ended)).await;
                free_again(&inner, finished.game.players).await;
            }
            GameNews::Cancelled {
                game,
                place,
                players,
            } => {
                let what = format!("taking cancelled game {game} out of its tournament");
                until_stored(&what, || game_ended(&inner, game, place, None)).await;
                free_again(&inner, players).await;
            }
            GameNews::Started { .. } => {}
        }
    }
}

/// Counts game `game` (played at `place`) into its tournament, if it was one's: its result
/// when it finished (with when that result is shown), nothing for either player when it was
/// cancelled. Then pairs its players again or, once time is up and it was the last game, ends
/// the tournament. A game already counted is not counted again, so a retry after a store
/// failure counts it once.
async fn game_ended(
    inner: &Arc<Inner>,
    game: u64,
    place: Place,
    ended: Option<(&FinishedGame, &Presented)>,
) -> Result<(), ServiceError> {
    let finished = ended.map(|(finished, _)| finished);
    let mut open = inner.arena.open.lock().await;
    let Some(id) = open
        .values()
        .find(|t| t.phase.is_open() && t.games.iter().any(|g| is(g, game, place)))
        .map(|t| t.id)
    else {
        return Ok(());
    };
    let Some(mut changed) = open.get(&id).cloned() else {
        return Ok(());
    };
    count(&mut changed, game, place, finished);
    commit(inner, &mut open, changed.clone()).await?;
    if let (Phase::Ending, Some((_, presented))) = (changed.phase, ended) {
        let mut played_out = lock(&inner.arena.played_out);
        played_out.entry(id).or_default().push(presented.clone());
    }
    match changed.phase {
        Phase::Running => then(inner, &mut open, id, Next::Pair).await,
        Phase::Ending => then(inner, &mut open, id, Next::Finish).await,
        _ => {}
    }
    drop(open);
    standings_changed(inner, id).await;
    Ok(())
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
async fn begin(inner: &Arc<Inner>, id: u64) -> Result<(), ServiceError> {
    let mut open = inner.arena.open.lock().await;
    let Some(tournament) = open.get(&id).cloned() else {
        return Ok(());
    };
    if tournament.phase != Phase::Scheduled {
        return Ok(());
    }
    let mut changed = tournament;
    changed.phase = Phase::Running;
    commit(inner, &mut open, changed.clone()).await?;
    // A tournament created to start at once said so in its announcement.
    if changed.starts_at_ms > changed.created_at_ms {
        let lang = inner.public_language(changed.place);
        let players = changed.entrants.iter().filter(|e| !e.left).count();
        let line = say::begun(lang, id, players, changed.ends_at_ms / 1000);
        inner.send(changed.place, crate::service::Reply::public(vec![line]));
    }
    then(inner, &mut open, id, Next::Pair).await;
    Ok(())
}

/// Time is up: no new pairings; the games in progress are played out.
async fn time_up(inner: &Arc<Inner>, id: u64) -> Result<(), ServiceError> {
    let mut open = inner.arena.open.lock().await;
    let Some(tournament) = open.get(&id).cloned() else {
        return Ok(());
    };
    if !matches!(tournament.phase, Phase::Scheduled | Phase::Running) {
        return Ok(());
    }
    let mut changed = tournament;
    changed.phase = Phase::Ending;
    commit(inner, &mut open, changed.clone()).await?;
    if !changed.games.is_empty() {
        let lang = inner.public_language(changed.place);
        let line = say::time_up(lang, id, changed.games.len());
        inner.send(changed.place, crate::service::Reply::public(vec![line]));
    }
    then(inner, &mut open, id, Next::Finish).await;
    Ok(())
}

/// Once time is up and no game is left: the tournament is over, its final standings posted
/// once the results of the games played out since are shown, so they come after them.
async fn finish_if_done(inner: &Arc<Inner>, open: &mut Open, id: u64) -> Result<(), ServiceError> {
    let Some(tournament) = open.get(&id).cloned() else {
        return Ok(());
    };
    if tournament.phase != Phase::Ending || !tournament.games.is_empty() {
        return Ok(());
    }
    let mut changed = tournament;
    changed.phase = Phase::Finished;
    commit(inner, open, changed.clone()).await?;
    disarm(inner, id);
    let played_out = lock(&inner.arena.played_out)
        .remove(&id)
        .unwrap_or_default();
    let inner = inner.clone();
    tokio::spawn(async move {
        for presented in played_out {
            presented.wait().await;
        }
        let lang = inner.public_language(changed.place);
        let result = shown::final_reply(lang, &changed).await;
        inner.send(changed.place, result);
        edit_now(&inner, &changed);
    });
    Ok(())
}

/// Pairs free players for as long as two are free; a member who plays as many live games
/// elsewhere as the server allows (`max_live_games_per_member`) waits until one ends. On a
/// failure the two stay free, and the error says so to the caller (a timer or the news
/// retries; a member's command leaves it to the next change).
async fn pair_free(inner: &Arc<Inner>, open: &mut Open, id: u64) -> Result<(), ServiceError> {
    let busy = match open.get(&id) {
        Some(t)
            if t.phase == Phase::Running && arena::free_players(t, &HashSet::new()).len() > 1 =>
        {
            let free: Vec<UserId> = arena::free_players(t, &HashSet::new())
                .iter()
                .map(|entrant| entrant.user)
                .collect();
            playing::at_limit(inner, t.place.guild, &free).await?
        }
        _ => return Ok(()),
    };
    loop {
        let Some(tournament) = open.get(&id) else {
            return Ok(());
        };
        if tournament.phase != Phase::Running {
            return Ok(());
        }
        let Some(pair) = arena::next_pair(tournament, &busy) else {
            return Ok(());
        };
        start_game(inner, open, id, pair).await?;
    }
}

/// A game outside any tournament ended (or was cancelled): its players, if entrants of a
/// running tournament kept waiting by the live-game limit, may be paired now.
async fn free_again(inner: &Arc<Inner>, players: [UserId; 2]) {
    let mut open = inner.arena.open.lock().await;
    let waiting: Vec<u64> = open
        .values()
        .filter(|t| t.phase == Phase::Running)
        .filter(|t| players.iter().any(|user| t.entrant(*user).is_some()))
        .map(|t| t.id)
        .collect();
    for id in waiting {
        then(inner, &mut open, id, Next::Pair).await;
    }
}

/// Starts one tournament game: the room first, recorded in the tournament, then the game in
/// it (a crash between the two finds the game by its room), then its number. A room whose game
/// could not start, the store failing after it was opened, is closed.
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
    let room = (inner.open_room(request.clone()).await).ok_or_else(|| {
        ServiceError::Task("no room could be opened for a tournament game".into())
    })?;
    changed.games.push(ArenaGame {
        room,
        players,
        game: None,
    });
    if let Err(error) = commit(inner, open, changed.clone()).await {
        // The retry pairs them in a room of its own.
        inner.close_unused_room(room);
        return Err(error);
    }
    let live = match new_game(inner, &changed, room, players, names).await {
        Ok(live) => live,
        Err(error) => {
            inner.close_unused_room(room);
            changed.games.retain(|paired| paired.room != room);
            if let Err(forgotten) = commit(inner, open, changed.clone()).await {
                // Free in memory at once; the stored room without a game is dropped by the
                // next stored change or by recovery after a restart.
                tracing::error!("tournament {id}: {forgotten}");
                open.insert(id, changed);
            }
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
    if let Err(error) = commit(inner, open, changed.clone()).await {
        // The game is found by its room after a restart; meanwhile it counts as numbered.
        tracing::error!("tournament {id}: numbering game {number}: {error}");
        open.insert(id, changed);
    }
    Ok(())
}

/// Stores a new ordinary game of the tournament's kind between `players` in `room` with the
/// tournament's clock (a standard game opens in its deployment, a live game like any other).
async fn new_game(
    inner: &Arc<Inner>,
    tournament: &Tournament,
    room: crate::store::Place,
    players: [UserId; 2],
    names: [String; 2],
) -> Result<LiveGame, ServiceError> {
    let base_score = lobby::base_score_after_last_game(inner, players[0], players[1]).await?;
    let new = lobby::NewGame {
        place: room,
        players,
        names,
        kind: tournament.game,
        turn_secs: tournament.turn_secs,
        base_score,
        rated: tournament.rated,
        ai: None,
    };
    let live = lobby::live_game(inner, new);
    lobby::store_new_game_in_room(inner, live, None).await
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
