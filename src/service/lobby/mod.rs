//! Challenges and the start of games: challenge a member or the AI, accept, decline, withdraw,
//! expiry, rematch. Everything that changes a channel's challenges or starts its game holds
//! the channel's lock, so a channel never gets two live games; a member gets no more than the
//! server allows (`playing.rs`).

mod challenges;
mod open;

pub(super) use challenges::Challenges;

use std::sync::Arc;

use super::clock::{self, now_ms};
use super::{
    Button, ButtonId, Caller, Inner, Opponent, Reply, ServiceError, Settings, Tongues, live,
    playing, store_failure, until_stored, words,
};
use crate::GameKind;
use crate::config::Language;
use crate::game::Seat;
use crate::scoring;
use crate::store::{ANYONE, Challenge, FinishedGame, LiveGame, Place, UserId};

fn busy(lang: Language) -> Reply {
    Reply::refusal(words::channel_busy(lang))
}

/// A refusal for a store failure.
pub(super) fn failed(lang: Language, error: &ServiceError) -> Reply {
    store_failure(error, lang)
}

/// The clock of a new game: `seconds` if asked, else the guild's; outside the guild's bounds,
/// the refusal that names them.
pub(super) fn turn_secs_within(
    settings: &Settings,
    seconds: Option<u32>,
    lang: Language,
) -> Result<u32, String> {
    let turn_secs = seconds.unwrap_or(settings.turn_secs);
    if !(settings.min_turn_secs..=settings.max_turn_secs).contains(&turn_secs) {
        return Err(words::clock_bounds(
            lang,
            settings.min_turn_secs,
            settings.max_turn_secs,
        ));
    }
    Ok(turn_secs)
}

/// A new challenge from `caller`, not yet numbered, expiring after the guild's expiry time.
fn new_challenge(
    caller: &Caller,
    settings: &Settings,
    (challenged, challenged_name): (UserId, String),
    (turn_secs, game): (u32, GameKind),
    ai_level: Option<crate::ai::Level>,
) -> Challenge {
    let now = now_ms();
    Challenge {
        id: 0,
        place: caller.place,
        challenger: caller.user,
        challenger_name: caller.name.clone(),
        challenged,
        challenged_name,
        turn_secs,
        created_at_ms: now,
        expires_at_ms: now.saturating_add(u64::from(settings.challenge_expiry_secs) * 1000),
        ai_level,
        game,
    }
}

pub(super) async fn challenge(
    inner: &Arc<Inner>,
    caller: &Caller,
    tongues: Tongues,
    (opponent, game): (Opponent, GameKind),
    seconds: Option<u32>,
) -> Reply {
    let config = &inner.config;
    let lang = tongues.private;
    let settings = inner.settings(caller.place.guild);
    let turn_secs = match turn_secs_within(&settings, seconds, lang) {
        Ok(turn_secs) => turn_secs,
        Err(refusal) => return Reply::refusal(refusal),
    };
    let (challenged, challenged_name, ai_level) = match opponent {
        Opponent::Member(member) if member.user == caller.user => {
            return Reply::refusal(words::challenge_yourself(lang));
        }
        Opponent::Member(member) if member.user == super::AI_USER => {
            (super::AI_USER, member.name, Some(config.ai_level))
        }
        Opponent::Member(member) => (member.user, member.name, None),
        Opponent::Ai { level } => (
            super::AI_USER,
            "AI".to_string(),
            Some(level.unwrap_or(config.ai_level)),
        ),
        Opponent::Anyone => (ANYONE, String::new(), None),
    };
    let opponent = (challenged, challenged_name);
    let challenge = new_challenge(caller, &settings, opponent, (turn_secs, game), ai_level);
    open_challenge(inner, challenge, false, tongues).await
}

/// Opens a challenge (or, against the AI, starts the game at once) under the channel's lock.
async fn open_challenge(
    inner: &Arc<Inner>,
    challenge: Challenge,
    rematch: bool,
    tongues: Tongues,
) -> Reply {
    let lang = tongues.private;
    let place = challenge.place;
    let place_lock = inner.place_lock(place);
    let _guard = place_lock.lock().await;
    if live::is_played_at(inner, place) {
        return busy(lang);
    }
    if let Err(refusal) = playing::may_start(inner, place.guild, challenge.challenger, lang).await {
        return refusal;
    }
    if challenge.ai_level.is_some() {
        return start_game(inner, &challenge, tongues).await;
    }
    let challenger = challenge.challenger;
    let open = match inner.store.challenge_at(place).await {
        Ok(open) => open,
        Err(error) => return failed(lang, &error.into()),
    };
    if open.iter().any(|c| c.challenger == challenger) {
        return Reply::refusal(words::open_challenge_exists(lang, inner.surface));
    }
    let result = inner.store.open_challenge(&challenge).await;
    let challenge = match result {
        Ok(challenge) => challenge,
        Err(error) => return failed(lang, &error.into()),
    };
    arm_expiry(inner, challenge.id, place, challenge.expires_at_ms);
    let id = challenge.id;
    let lang = tongues.public;
    if challenge.is_for_anyone() {
        return open::announce(inner, &challenge, lang);
    }
    Reply::public(words::challenge_lines(
        lang,
        (rematch, challenge.game),
        &challenge.challenger_name,
        &challenge.challenged_name,
        challenge.turn_secs,
        inner
            .settings(place.guild)
            .challenge_expiry_secs
            .div_ceil(60),
        id,
        inner.surface,
    ))
    .mentioning([challenge.challenged])
    .with_buttons(vec![
        Button::new(words::button_accept(lang), ButtonId::Accept(id)),
        Button::new(words::button_decline(lang), ButtonId::Decline(id)),
        Button::new(words::button_withdraw(lang), ButtonId::Withdraw(id)),
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
        inner.challenges.rang(id);
        // Retried until the store answers: an expiry lost to an outage would leave the
        // challenge open.
        let what = format!("expiring challenge {id}");
        let taken = until_stored(&what, || async {
            inner
                .store
                .take_challenge(id)
                .await
                .map_err(ServiceError::from)
        })
        .await;
        let Some(challenge) = taken else {
            return;
        };
        let lang = inner.public_language(place);
        let line = if challenge.is_for_anyone() {
            words::open_challenge_expired(lang, &challenge.challenger_name)
        } else {
            words::challenge_expired(lang, &challenge.challenger_name, &challenge.challenged_name)
        };
        inner.send(place, Reply::public(vec![line]));
    });
    inner.challenges.arm(id, task.abort_handle());
}

/// The open challenge a command is about: the one with `id`, or the newest in the channel for
/// which `mine` holds.
pub(super) async fn find_challenge(
    inner: &Arc<Inner>,
    place: Place,
    id: Option<u64>,
    mine: impl Fn(&Challenge) -> bool,
    none_text: String,
    lang: Language,
) -> Result<Challenge, Reply> {
    let open = inner
        .store
        .challenge_at(place)
        .await
        .map_err(|error| failed(lang, &error.into()))?;
    let found = match id {
        Some(id) => open.into_iter().find(|c| c.id == id),
        None => open
            .into_iter()
            .filter(|c| mine(c))
            .max_by_key(|c| c.created_at_ms),
    };
    match (found, id) {
        (Some(challenge), _) => Ok(challenge),
        (None, Some(_)) => Err(Reply::refusal(words::challenge_gone(lang))),
        (None, None) => Err(Reply::refusal(none_text)),
    }
}

/// Takes a challenge out of the store; `None` if someone else took it first.
async fn take(inner: &Arc<Inner>, id: u64, lang: Language) -> Result<Option<Challenge>, Reply> {
    inner.challenges.disarm(id);
    inner
        .store
        .take_challenge(id)
        .await
        .map_err(|error| failed(lang, &error.into()))
}

pub(super) async fn accept(
    inner: &Arc<Inner>,
    caller: &Caller,
    tongues: Tongues,
    id: Option<u64>,
) -> Reply {
    let lang = tongues.private;
    let place = caller.place;
    let place_lock = inner.place_lock(place);
    let _guard = place_lock.lock().await;
    let challenge = match open::find_acceptable(inner, caller, id, lang).await {
        Ok(challenge) => challenge,
        Err(refusal) => return refusal,
    };
    if challenge.is_for_anyone() && challenge.challenger == caller.user {
        return Reply::refusal(words::accept_own_challenge(lang, inner.surface));
    }
    if !challenge.is_for_anyone() && challenge.challenged != caller.user {
        return Reply::refusal(words::only_can_accept(lang, &challenge.challenged_name));
    }
    if live::is_played_at(inner, place) {
        return busy(lang);
    }
    if let Err(refusal) = playing::may_accept(inner, caller, &challenge, lang).await {
        return refusal;
    }
    inner.challenges.disarm(challenge.id);
    let (id, players) = (challenge.id, [challenge.challenger, caller.user]);
    let (accepter, accepter_name, service) = (caller.user, caller.name.clone(), inner.clone());
    let make = move |mut taken: Challenge, previous: Option<&FinishedGame>| {
        if taken.is_for_anyone() {
            taken.challenged = accepter;
        }
        taken.challenged_name = accepter_name.clone();
        new_live_game(&service, &taken, base_score_after(&service, previous))
    };
    let started = inner.store.accept_challenge(id, players, make).await;
    match started {
        Ok(Some(live)) => {
            if challenge.is_for_anyone() {
                open::remember_taken(inner, &challenge);
            }
            announce_game(inner, live, tongues).await
        }
        Ok(None) => Reply::refusal(words::challenge_gone(lang)),
        Err(error) => {
            // Still open (the store took nothing): it expires as it would have.
            arm_expiry(inner, challenge.id, place, challenge.expires_at_ms);
            failed(lang, &error.into())
        }
    }
}

/// Who closes a challenge: the challenged member declines it, the challenger withdraws it.
#[derive(Clone, Copy)]
pub(super) enum Closing {
    Decline,
    Withdraw,
}

/// Declines or withdraws an open challenge, and tells the channel.
pub(super) async fn close(
    inner: &Arc<Inner>,
    caller: &Caller,
    tongues: Tongues,
    id: Option<u64>,
    closing: Closing,
) -> Reply {
    let lang = tongues.private;
    let surface = inner.surface;
    let (is_callers, none_text): (fn(&Challenge, UserId) -> bool, String) = match closing {
        Closing::Decline => (
            |c, user| c.challenged == user,
            words::no_challenge_for_you(lang),
        ),
        Closing::Withdraw => (
            |c, user| c.challenger == user,
            words::no_challenge_of_yours(lang),
        ),
    };
    let not_yours = |c: &Challenge| match closing {
        Closing::Decline if c.is_for_anyone() => words::cannot_decline_open(lang),
        Closing::Decline => words::only_can_decline(
            lang,
            surface,
            &c.challenged_name,
            c.challenger == caller.user,
        ),
        Closing::Withdraw => words::only_can_withdraw(lang, &c.challenger_name),
    };
    let closed = close_challenge(inner, caller, id, is_callers, none_text, not_yours, lang).await;
    let (public, name) = (tongues.public, &caller.name);
    match (closed, closing) {
        (Ok(c), Closing::Decline) => Reply::public(vec![words::declines_challenge(
            public,
            name,
            &c.challenger_name,
        )]),
        (Ok(c), Closing::Withdraw) if c.is_for_anyone() => {
            Reply::public(vec![words::withdraws_open_challenge(public, name)])
        }
        (Ok(c), Closing::Withdraw) => Reply::public(vec![words::withdraws_challenge(
            public,
            name,
            &c.challenged_name,
        )]),
        (Err(refusal), _) => refusal,
    }
}

/// Removes an open challenge of the caller's channel that the caller may close (decline or
/// withdraw), under the channel's lock: `is_callers` says whose side may close it,
/// `not_yours` words the refusal for anyone else.
async fn close_challenge(
    inner: &Arc<Inner>,
    caller: &Caller,
    id: Option<u64>,
    is_callers: fn(&Challenge, UserId) -> bool,
    none_text: String,
    not_yours: impl FnOnce(&Challenge) -> String,
    lang: Language,
) -> Result<Challenge, Reply> {
    let place = caller.place;
    let place_lock = inner.place_lock(place);
    let _guard = place_lock.lock().await;
    let user = caller.user;
    let challenge = find_challenge(
        inner,
        place,
        id,
        move |c| is_callers(c, user),
        none_text,
        lang,
    )
    .await?;
    if !is_callers(&challenge, user) {
        return Err(Reply::refusal(not_yours(&challenge)));
    }
    match take(inner, challenge.id, lang).await {
        Ok(Some(challenge)) => Ok(challenge),
        Ok(None) => Err(Reply::refusal(words::challenge_gone(lang))),
        Err(refusal) => Err(refusal),
    }
}

/// Challenges the opponent of the caller's last game in this channel again, with the same
/// clock; against the AI the game starts at once.
pub(super) async fn rematch(inner: &Arc<Inner>, caller: &Caller, tongues: Tongues) -> Reply {
    let (place, user) = (caller.place, caller.user);
    let recent = match inner.store.rematch_window(place, user).await {
        Ok(Some(finished)) => finished.game,
        Ok(None) => return Reply::refusal(words::nothing_to_rematch(tongues.private)),
        Err(error) => return failed(tongues.private, &error.into()),
    };
    let seat = if recent.players[0] == caller.user {
        Seat::First
    } else {
        Seat::Second
    };
    let opponent = seat.other();
    let challenge = new_challenge(
        caller,
        &inner.settings(caller.place.guild),
        (
            recent.players[opponent.index()],
            recent.names[opponent.index()].clone(),
        ),
        (recent.turn_secs, recent.record.kind()),
        recent.ai.map(|(_, level)| level),
    );
    open_challenge(inner, challenge, true, tongues).await
}

/// The base score of a game between `a` and `b` starting now, from the last game they played
/// (read from the store) and [`scoring::base_score`] (docs/rules.md §7).
pub(super) async fn base_score_after_last_game(
    inner: &Arc<Inner>,
    a: UserId,
    b: UserId,
) -> Result<u32, ServiceError> {
    let previous = inner.store.last_game_between(a, b).await?;
    Ok(base_score_after(inner, previous.as_ref()))
}

/// The base score of a game starting now after `previous`, its players' last game.
fn base_score_after(inner: &Inner, previous: Option<&FinishedGame>) -> u32 {
    let previous = previous.map(|finished| (finished.ended_at_ms, finished.game.base_score));
    let window_ms = u64::from(inner.config.rematch_window_secs) * 1000;
    scoring::base_score(previous, now_ms(), window_ms)
}

/// Numbers and stores a new game with its players' names, in one step of the store.
pub(super) async fn store_new_game(
    inner: &Arc<Inner>,
    live: LiveGame,
) -> Result<LiveGame, ServiceError> {
    Ok(inner.store.start_live_game(&live).await?)
}

/// [`store_new_game`] in a room opened for this game alone (a tournament's; a quick match's,
/// whose pair, `queued`, leaves the queue in the same step): when the connection dropped
/// after the server committed, the game found in the room is it.
pub(super) async fn store_new_game_in_room(
    inner: &Arc<Inner>,
    live: LiveGame,
    queued: Option<[UserId; 2]>,
) -> Result<LiveGame, ServiceError> {
    let room = live.place;
    let started = match queued {
        Some(players) => inner.store.start_queued_game(&live, players).await,
        None => inner.store.start_live_game(&live).await,
    };
    match started {
        Ok(live) => Ok(live),
        Err(error) => match inner.store.live_game_at(room).await {
            Ok(Some(stored)) => Ok(stored),
            _ => Err(error.into()),
        },
    }
}

/// Starts the game of an accepted challenge (the caller holds the channel's lock): the
/// challenger sits first. Stores it and starts its actor, whose presenter announces it before
/// anything else about the game.
async fn start_game(inner: &Arc<Inner>, challenge: &Challenge, tongues: Tongues) -> Reply {
    let players: [UserId; 2] = [challenge.challenger, challenge.challenged];
    let live = match base_score_after_last_game(inner, players[0], players[1]).await {
        Ok(base_score) => new_live_game(inner, challenge, base_score),
        Err(error) => return failed(tongues.private, &error),
    };
    match store_new_game(inner, live).await {
        Ok(live) => announce_game(inner, live, tongues).await,
        Err(error) => failed(tongues.private, &error),
    }
}

/// Starts the actor of a stored new game and waits for its presenter's announcement.
async fn announce_game(inner: &Arc<Inner>, live: LiveGame, tongues: Tongues) -> Reply {
    let (announce, announced) = tokio::sync::oneshot::channel();
    if let Err(error) = live::spawn(inner, live, Some(announce)) {
        return failed(tongues.private, &error);
    }
    announced
        .await
        .unwrap_or_else(|_| Reply::refusal(words::no_game(tongues.private, inner.surface)))
}

/// A game about to start, before it is numbered: where, who (the first seat first), which
/// game, with which clock.
pub(super) struct NewGame {
    pub place: Place,
    pub players: [UserId; 2],
    pub names: [String; 2],
    pub kind: GameKind,
    pub turn_secs: u32,
    pub base_score: u32,
    /// Whether it counts on its kind's ladder (a tournament's choice, a server's rule for AI
    /// games); the store reads the kind, and so the ladder, off the record.
    pub rated: bool,
    pub ai: Option<(Seat, crate::ai::Level)>,
}

/// The live game of `new` starting now, not yet numbered: its deal or its deployment, and
/// the first deadline (a turn's, or the deployment's).
pub(super) fn live_game(inner: &Inner, new: NewGame) -> LiveGame {
    let now = now_ms();
    let (record, first_deadline_secs) =
        live::opening(inner, new.kind, new.place.guild, new.ai, new.turn_secs);
    LiveGame {
        id: 0,
        place: new.place,
        players: new.players,
        names: new.names,
        record,
        turn_secs: new.turn_secs,
        started_at_ms: now,
        turn_deadline_ms: clock::turn_deadline(now, first_deadline_secs),
        warned: false,
        base_score: new.base_score,
        rated: new.rated,
        ai: new.ai,
    }
}

/// The game of `challenge` starting now, not yet numbered: the challenger sits first.
fn new_live_game(inner: &Inner, challenge: &Challenge, base_score: u32) -> LiveGame {
    let ai = challenge.ai_level.map(|level| (Seat::Second, level));
    let rated = ai.is_none() || inner.settings(challenge.place.guild).rate_ai_games;
    let new = NewGame {
        place: challenge.place,
        players: [challenge.challenger, challenge.challenged],
        names: [
            challenge.challenger_name.clone(),
            challenge.challenged_name.clone(),
        ],
        kind: challenge.game,
        turn_secs: challenge.turn_secs,
        base_score,
        rated,
        ai,
    };
    live_game(inner, new)
}
