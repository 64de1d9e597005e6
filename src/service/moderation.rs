//! Moderation (`/cancel game:N [reason]`): who may cancel a game (Manage Messages or the
//! server's organiser role, checked here whatever the front end let through), finding the live
//! game in the caller's server, and handing the cancel to the game's actor, which refuses one
//! of the game's own players, stores the game as cancelled (no result, no points, no
//! tournament score) and tells both players (`live/cancel.rs`).

use std::sync::Arc;

use tokio::sync::oneshot;

use super::live::ActorMsg;
use super::{Caller, Inner, Reply, Rights, Tongues, lock, store_failure};
use crate::store::StoreError;
use crate::words::moderation as say;

/// `/cancel game:N [reason]`.
pub(super) async fn cancel(
    inner: &Arc<Inner>,
    caller: Caller,
    tongues: Tongues,
    game: u64,
    reason: String,
    rights: &Rights,
) -> Reply {
    let lang = tongues.private;
    let guild = caller.place.guild;
    if !inner
        .settings(guild)
        .organises(rights.manage_messages, &rights.roles)
    {
        return Reply::refusal(say::cancel_not_allowed(lang));
    }
    // Only a game of the caller's own server: a moderator of one server has no say in another.
    let found = lock(&inner.games)
        .iter()
        .find(|(place, handle)| handle.id == game && place.guild == guild)
        .map(|(place, _)| *place);
    let Some(place) = found else {
        return not_live(inner, lang, guild, game).await;
    };
    let (reply, answer) = oneshot::channel();
    let message = ActorMsg::Cancel {
        caller,
        tongues,
        reason,
        reply,
    };
    if super::live::deliver(inner, place, Some(game), message)
        .await
        .is_err()
    {
        return not_live(inner, lang, guild, game).await;
    }
    match answer.await {
        Ok(reply) => reply,
        Err(_) => not_live(inner, lang, guild, game).await,
    }
}

/// Why game `game` cannot be cancelled here: it is over, or no live game of this server.
async fn not_live(
    inner: &Arc<Inner>,
    lang: crate::config::Language,
    guild: u64,
    game: u64,
) -> Reply {
    let over = async {
        let finished = inner
            .store
            .finished_game(game)
            .await?
            .map(|done| done.game.place);
        let cancelled = inner
            .store
            .cancelled_game(game)
            .await?
            .map(|done| done.game.place);
        Ok::<_, StoreError>(
            finished
                .or(cancelled)
                .is_some_and(|place| place.guild == guild),
        )
    }
    .await;
    match over {
        Ok(true) => Reply::refusal(say::game_already_over(lang, game)),
        Ok(false) => Reply::refusal(say::no_live_game(lang, inner.surface, game)),
        Err(error) => store_failure(&error.into(), lang),
    }
}
