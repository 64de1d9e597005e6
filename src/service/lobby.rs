//! Challenges and the start of games: challenge a member or the AI, accept, decline, withdraw,
//! expiry, rematch. Everything that changes a channel's challenges or starts its game holds
//! the channel's lock, so a channel never gets two live games.

use std::sync::Arc;
use std::time::Duration;

use super::clock::{self, now_ms};
use super::{
    Button, Caller, Inner, Opponent, Reply, ServiceError, actor, lock, store_failure, text,
};
use crate::game::{Game, Seat};
use crate::scoring;
use crate::store::{Challenge, LiveGame, Place, UserId};

fn busy() -> Reply {
    Reply::refusal(
        "a game is already being played in this channel (one game per channel): finish it or \
         play in another channel",
    )
}

fn has_live_game(inner: &Inner, place: Place) -> bool {
    lock(&inner.games).contains_key(&place)
}

pub(super) async fn challenge(
    inner: &Arc<Inner>,
    caller: &Caller,
    opponent: Opponent,
    seconds: Option<u32>,
) -> Reply {
    let config = &inner.config;
    let turn_secs = seconds.unwrap_or(config.turn_secs);
    if !(config.min_turn_secs..=config.max_turn_secs).contains(&turn_secs) {
        return Reply::refusal(format!(
            "the turn clock must be between {} and {} seconds",
            config.min_turn_secs, config.max_turn_secs
        ));
    }
    let (challenged, challenged_name, ai_level) = match opponent {
        Opponent::Member(member) if member.user == caller.user => {
            return Reply::refusal("you cannot challenge yourself");
        }
        Opponent::Member(member) if member.user == super::AI_USER => {
            (super::AI_USER, member.name, Some(config.ai_level.clone()))
        }
        Opponent::Member(member) => (member.user, member.name, None),
        Opponent::Ai { level } => (
            super::AI_USER,
            "AI".to_string(),
            Some(level.unwrap_or_else(|| config.ai_level.clone())),
        ),
    };
    let now = now_ms();
    let challenge = Challenge {
        id: 0,
        place: caller.place,
        challenger: caller.user,
        challenger_name: caller.name.clone(),
        challenged,
        challenged_name,
        turn_secs,
        created_at_ms: now,
        expires_at_ms: now.saturating_add(u64::from(config.challenge_expiry_secs) * 1000),
        ai_level,
    };
    open_challenge(inner, challenge, "challenges").await
}

/// Opens a challenge (or, against the AI, starts the game at once) under the channel's lock.
async fn open_challenge(inner: &Arc<Inner>, mut challenge: Challenge, verb: &str) -> Reply {
    let place = challenge.place;
    let place_lock = inner.place_lock(place);
    let _guard = place_lock.lock().await;
    if has_live_game(inner, place) {
        return busy();
    }
    if challenge.ai_level.is_some() {
        return start_game(inner, &challenge).await;
    }
    let challenger = challenge.challenger;
    let open = match inner.blocking(move |s| s.challenge_at(place)).await {
        Ok(open) => open,
        Err(error) => return store_failure(&error),
    };
    if open.iter().any(|c| c.challenger == challenger) {
        return Reply::refusal(
            "you already have an open challenge in this channel: /withdraw it first",
        );
    }
    let names = [
        (challenge.challenger, challenge.challenger_name.clone()),
        (challenge.challenged, challenge.challenged_name.clone()),
    ];
    let result = inner
        .blocking(move |store| {
            challenge.id = store.next_id()?;
            for (user, name) in &names {
                store.set_player_name(*user, name, place.guild)?;
            }
            store.put_challenge(&challenge)?;
            Ok(challenge)
        })
        .await;
    let challenge = match result {
        Ok(challenge) => challenge,
        Err(error) => return store_failure(&error),
    };
    arm_expiry(inner, challenge.id, place, challenge.expires_at_ms);
    let id = challenge.id;
    Reply::public(vec![
        format!(
            "{} {verb} {} to a game of 军棋翻翻棋 ({} s per turn).",
            challenge.challenger_name, challenge.challenged_name, challenge.turn_secs
        ),
        format!(
            "{}: /accept or /decline within {} minutes (challenge {id}).",
            challenge.challenged_name,
            inner.config.challenge_expiry_secs.div_ceil(60)
        ),
    ])
    .with_buttons(vec![
        Button::new("Accept", format!("accept:{id}")),
        Button::new("Decline", format!("decline:{id}")),
        Button::new("Withdraw", format!("withdraw:{id}")),
    ])
}

/// Removes an open challenge after its expiry time and tells the channel.
pub(super) fn arm_expiry(inner: &Arc<Inner>, id: u64, place: Place, expires_at_ms: u64) {
    let task_inner = inner.clone();
    let task = tokio::spawn(async move {
        tokio::time::sleep_until(clock::instant_at(expires_at_ms)).await;
        let inner = task_inner;
        let place_lock = inner.place_lock(place);
        let _guard = place_lock.lock().await;
        lock(&inner.challenge_timers).remove(&id);
        // Retried: an expiry lost to a passing store failure would leave the challenge open.
        for attempt in 0..5u64 {
            match inner.blocking(move |s| s.take_challenge(id)).await {
                Ok(Some(challenge)) => {
                    let line = format!(
                        "{}'s challenge to {} has expired.",
                        challenge.challenger_name, challenge.challenged_name
                    );
                    inner.send(place, Reply::public(vec![line]));
                    return;
                }
                Ok(None) => return,
                Err(error) => {
                    tracing::error!("expiring challenge {id}: {error}");
                    tokio::time::sleep(Duration::from_secs(1 << attempt)).await;
                }
            }
        }
    });
    lock(&inner.challenge_timers).insert(id, task.abort_handle());
}

fn cancel_expiry(inner: &Inner, id: u64) {
    if let Some(timer) = lock(&inner.challenge_timers).remove(&id) {
        timer.abort();
    }
}

/// The open challenge a command is about: the one with `id`, or the newest in the channel for
/// which `mine` holds.
async fn find_challenge(
    inner: &Arc<Inner>,
    place: Place,
    id: Option<u64>,
    mine: impl Fn(&Challenge) -> bool,
    none_text: &str,
) -> Result<Challenge, Reply> {
    let open = inner
        .blocking(move |s| s.challenge_at(place))
        .await
        .map_err(|error| store_failure(&error))?;
    let found = match id {
        Some(id) => open.into_iter().find(|c| c.id == id),
        None => open
            .into_iter()
            .filter(|c| mine(c))
            .max_by_key(|c| c.created_at_ms),
    };
    match (found, id) {
        (Some(challenge), _) => Ok(challenge),
        (None, Some(_)) => Err(Reply::refusal("that challenge is no longer open")),
        (None, None) => Err(Reply::refusal(none_text)),
    }
}

/// Takes a challenge out of the store; `None` if someone else took it first.
async fn take(inner: &Arc<Inner>, id: u64) -> Result<Option<Challenge>, Reply> {
    cancel_expiry(inner, id);
    inner
        .blocking(move |s| s.take_challenge(id))
        .await
        .map_err(|error| store_failure(&error))
}

pub(super) async fn accept(inner: &Arc<Inner>, caller: &Caller, id: Option<u64>) -> Reply {
    let place = caller.place;
    let place_lock = inner.place_lock(place);
    let _guard = place_lock.lock().await;
    let user = caller.user;
    let challenge = match find_challenge(
        inner,
        place,
        id,
        |c| c.challenged == user,
        "there is no open challenge for you in this channel",
    )
    .await
    {
        Ok(challenge) => challenge,
        Err(refusal) => return refusal,
    };
    if challenge.challenged != caller.user {
        return Reply::refusal(format!(
            "only {} can accept this challenge",
            challenge.challenged_name
        ));
    }
    if has_live_game(inner, place) {
        return busy();
    }
    match take(inner, challenge.id).await {
        Ok(Some(mut challenge)) => {
            challenge.challenged_name = caller.name.clone();
            start_game(inner, &challenge).await
        }
        Ok(None) => Reply::refusal("that challenge is no longer open"),
        Err(refusal) => refusal,
    }
}

pub(super) async fn decline(inner: &Arc<Inner>, caller: &Caller, id: Option<u64>) -> Reply {
    let place = caller.place;
    let place_lock = inner.place_lock(place);
    let _guard = place_lock.lock().await;
    let user = caller.user;
    let challenge = match find_challenge(
        inner,
        place,
        id,
        |c| c.challenged == user,
        "there is no open challenge for you in this channel",
    )
    .await
    {
        Ok(challenge) => challenge,
        Err(refusal) => return refusal,
    };
    if challenge.challenged != caller.user {
        let hint = if challenge.challenger == caller.user {
            ": use /withdraw to take your own challenge back"
        } else {
            ""
        };
        return Reply::refusal(format!(
            "only {} can decline this challenge{hint}",
            challenge.challenged_name
        ));
    }
    match take(inner, challenge.id).await {
        Ok(Some(challenge)) => Reply::public(vec![format!(
            "{} declines {}'s challenge.",
            caller.name, challenge.challenger_name
        )]),
        Ok(None) => Reply::refusal("that challenge is no longer open"),
        Err(refusal) => refusal,
    }
}

pub(super) async fn withdraw(inner: &Arc<Inner>, caller: &Caller, id: Option<u64>) -> Reply {
    let place = caller.place;
    let place_lock = inner.place_lock(place);
    let _guard = place_lock.lock().await;
    let user = caller.user;
    let challenge = match find_challenge(
        inner,
        place,
        id,
        |c| c.challenger == user,
        "you have no open challenge in this channel",
    )
    .await
    {
        Ok(challenge) => challenge,
        Err(refusal) => return refusal,
    };
    if challenge.challenger != caller.user {
        return Reply::refusal(format!(
            "only {} can withdraw this challenge",
            challenge.challenger_name
        ));
    }
    match take(inner, challenge.id).await {
        Ok(Some(challenge)) => Reply::public(vec![format!(
            "{} withdraws the challenge to {}.",
            caller.name, challenge.challenged_name
        )]),
        Ok(None) => Reply::refusal("that challenge is no longer open"),
        Err(refusal) => refusal,
    }
}

/// Challenges the opponent of the caller's last game in this channel again, with the same
/// clock; against the AI the game starts at once.
pub(super) async fn rematch(inner: &Arc<Inner>, caller: &Caller) -> Reply {
    let recent = lock(&inner.recent).get(&caller.place).cloned();
    let Some(recent) = recent.filter(|r| r.players.contains(&caller.user)) else {
        return Reply::refusal("you have no finished game in this channel to play again");
    };
    let seat = if recent.players[0] == caller.user {
        Seat::First
    } else {
        Seat::Second
    };
    let opponent = seat.other();
    let now = now_ms();
    let challenge = Challenge {
        id: 0,
        place: caller.place,
        challenger: caller.user,
        challenger_name: caller.name.clone(),
        challenged: recent.players[opponent.index()],
        challenged_name: recent.names[opponent.index()].clone(),
        turn_secs: recent.turn_secs,
        created_at_ms: now,
        expires_at_ms: now.saturating_add(u64::from(inner.config.challenge_expiry_secs) * 1000),
        ai_level: recent.ai.map(|(_, level)| level),
    };
    open_challenge(inner, challenge, "asks for a rematch: challenges").await
}

/// The base score of a game between `a` and `b` starting now (RULES.md §7).
fn base_score(inner: &Inner, previous: Option<(u64, u32)>) -> u32 {
    let window_ms = u64::from(inner.config.rematch_window_secs) * 1000;
    scoring::base_score(previous, now_ms(), window_ms)
}

/// Starts the game of an accepted challenge (the caller holds the channel's lock): the
/// challenger sits first. Stores it, starts its actor and announces it.
async fn start_game(inner: &Arc<Inner>, challenge: &Challenge) -> Reply {
    match create_game(inner, challenge).await {
        Ok(live) => {
            let game = match Game::replay(&live.record) {
                Ok(game) => game,
                Err(source) => {
                    return store_failure(&ServiceError::Replay {
                        id: live.id,
                        source,
                    });
                }
            };
            let view = game.view();
            let names = live.names.clone();
            let lines = vec![
                format!(
                    "game {} begins: {} vs {}, {} s per turn, base score {}{}.",
                    live.id,
                    names[0],
                    names[1],
                    live.turn_secs,
                    live.base_score,
                    if live.rated { "" } else { " (unrated)" }
                ),
                text::to_act_line(&view, &names, Some(u64::from(live.turn_secs))),
            ];
            let caption = super::Caption {
                names: names.clone(),
                seconds_left: Some(live.turn_secs),
                points: None,
            };
            actor::spawn(inner, live, game);
            let png = super::picture::render(view, caption, None, inner.config.language).await;
            Reply::public(lines).with_png(png)
        }
        Err(error) => store_failure(&error),
    }
}

async fn create_game(inner: &Arc<Inner>, challenge: &Challenge) -> Result<LiveGame, ServiceError> {
    let players: [UserId; 2] = [challenge.challenger, challenge.challenged];
    let (a, b) = (players[0], players[1]);
    let previous = inner
        .blocking(move |s| s.last_game_between(a, b))
        .await?
        .map(|finished| (finished.ended_at_ms, finished.game.base_score));
    let now = now_ms();
    let rules = inner.config.rules;
    let game = Game::new(inner.deal_seed(), rules);
    let is_ai = challenge.ai_level.is_some();
    let live = LiveGame {
        id: 0,
        place: challenge.place,
        players,
        names: [
            challenge.challenger_name.clone(),
            challenge.challenged_name.clone(),
        ],
        record: game.record().clone(),
        turn_secs: challenge.turn_secs,
        started_at_ms: now,
        turn_deadline_ms: clock::turn_deadline(now, challenge.turn_secs),
        warned: false,
        base_score: base_score(inner, previous),
        rated: !is_ai || inner.config.rate_ai_games,
        ai: challenge
            .ai_level
            .clone()
            .map(|level| (Seat::Second, level)),
    };
    let guild = challenge.place.guild;
    inner
        .blocking(move |store| {
            let mut live = live;
            live.id = store.next_id()?;
            for (user, name) in live.players.iter().zip(&live.names) {
                store.set_player_name(*user, name, guild)?;
            }
            store.put_live_game(&live)?;
            Ok(live)
        })
        .await
}
