//! How many live games a member plays, against the server's `max_live_games_per_member`
//! (default 1): `/play` and `/challenge` (issuing, and accepting for both players) refuse a
//! member at the limit privately, naming a live game of theirs (its number and where), and a
//! tournament pairs only members under it. The store's live games are the truth (a game is
//! stored live at its start and leaves the store at its end), across every server; the AI
//! plays any number.

use std::collections::{HashMap, HashSet};

use super::{AI_USER, Inner, Reply, ServiceError, store_failure, words};
use crate::config::Language;
use crate::store::{Place, UserId};

/// A live game a member plays: its number and where.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Playing {
    pub game: u64,
    pub place: Place,
}

/// The live games each of `users` plays, oldest first (the AI's are not counted).
async fn live_games_of(
    inner: &Inner,
    users: &[UserId],
) -> Result<HashMap<UserId, Vec<Playing>>, ServiceError> {
    let mut games = inner.store.live_games().await?;
    games.sort_by_key(|game| game.id);
    let mut found: HashMap<UserId, Vec<Playing>> = HashMap::new();
    for game in games {
        for user in game.players {
            if user != AI_USER && users.contains(&user) {
                found.entry(user).or_default().push(Playing {
                    game: game.id,
                    place: game.place,
                });
            }
        }
    }
    Ok(found)
}

/// The limit in `guild`.
fn limit(inner: &Inner, guild: u64) -> usize {
    usize::try_from(inner.settings(guild).max_live_games_per_member).unwrap_or(usize::MAX)
}

/// Which of `users` play as many live games as `guild` allows.
pub(super) async fn at_limit(
    inner: &Inner,
    guild: u64,
    users: &[UserId],
) -> Result<HashSet<UserId>, ServiceError> {
    let limit = limit(inner, guild);
    let games = live_games_of(inner, users).await?;
    Ok(games
        .into_iter()
        .filter(|(_, games)| games.len() >= limit)
        .map(|(user, _)| user)
        .collect())
}

/// The newest live game that keeps `user` from starting another in `guild`; `None` when they
/// may.
async fn keeping(inner: &Inner, guild: u64, user: UserId) -> Result<Option<Playing>, ServiceError> {
    if user == AI_USER {
        return Ok(None);
    }
    let mut games = live_games_of(inner, &[user]).await?;
    let games = games.remove(&user).unwrap_or_default();
    if games.len() < limit(inner, guild) {
        return Ok(None);
    }
    Ok(games.last().copied())
}

/// `Ok` when the caller `user` may start another game in `guild`; else the private refusal
/// naming their live game.
pub(super) async fn may_start(
    inner: &Inner,
    guild: u64,
    user: UserId,
    lang: Language,
) -> Result<(), Reply> {
    match keeping(inner, guild, user).await {
        Ok(None) => Ok(()),
        Ok(Some(playing)) => {
            let limit = inner.settings(guild).max_live_games_per_member;
            Err(Reply::refusal(words::already_playing(
                lang,
                playing.game,
                playing.place.channel,
                limit,
            )))
        }
        Err(error) => Err(store_failure(&error, lang)),
    }
}

/// `Ok` when `user` (called `name`), the other player of a game the caller would start, may
/// start it; else the caller's private refusal naming that member's live game.
pub(super) async fn other_may_start(
    inner: &Inner,
    guild: u64,
    (user, name): (UserId, &str),
    lang: Language,
) -> Result<(), Reply> {
    match keeping(inner, guild, user).await {
        Ok(None) => Ok(()),
        Ok(Some(playing)) => Err(Reply::refusal(words::opponent_already_playing(
            lang,
            name,
            playing.game,
            playing.place.channel,
        ))),
        Err(error) => Err(store_failure(&error, lang)),
    }
}

/// `Ok` when `caller` may accept `challenge` as far as live games go: both players under the
/// limit; else the caller's private refusal naming the live game in the way.
pub(super) async fn may_accept(
    inner: &Inner,
    caller: &super::Caller,
    challenge: &crate::store::Challenge,
    lang: Language,
) -> Result<(), Reply> {
    let guild = caller.place.guild;
    may_start(inner, guild, caller.user, lang).await?;
    let challenger = (challenge.challenger, challenge.challenger_name.as_str());
    other_may_start(inner, guild, challenger, lang).await
}
