//! Open challenges (`/challenge` with no member): anyone but the challenger may take one, with
//! its Accept button or `/accept`. `/accept` alone takes a challenge addressed to the caller
//! first, else the oldest open one in the channel. Every accept holds the channel's lock and
//! takes the challenge out of the store before its game starts, so of two members accepting
//! at the same instant exactly one plays; the other is told it was already taken (this
//! module remembers, for a while, which open challenges were taken and where).

use std::sync::Arc;

use super::super::{Button, ButtonId, Caller, Inner, Reply, clock::now_ms, words};
use super::{failed, find_challenge};
use crate::config::Language;
use crate::store::{Challenge, Place};

/// The public announcement of a stored open challenge: it pings nobody.
pub(super) fn announce(inner: &Inner, challenge: &Challenge, lang: Language) -> Reply {
    let id = challenge.id;
    Reply::public(words::open_challenge_lines(
        lang,
        (&challenge.challenger_name, challenge.game),
        challenge.turn_secs,
        inner.config.challenge_expiry_secs.div_ceil(60),
        id,
        inner.surface,
    ))
    .with_buttons(vec![
        Button::new(words::button_accept(lang), ButtonId::Accept(id)),
        Button::new(words::button_withdraw(lang), ButtonId::Withdraw(id)),
    ])
}

/// How long a taken open challenge is remembered, to tell a late taker it was taken.
fn remembered_ms(inner: &Inner) -> u64 {
    u64::from(inner.config.challenge_expiry_secs) * 1000
}

/// Notes that `challenge` (open) was just taken.
pub(super) fn remember_taken(inner: &Inner, challenge: &Challenge) {
    let keep = remembered_ms(inner);
    inner
        .challenges
        .taken(challenge.id, challenge.place, now_ms(), keep);
}

fn was_taken(inner: &Inner, id: Option<u64>, place: Place) -> bool {
    inner
        .challenges
        .was_taken(id, place, now_ms(), remembered_ms(inner))
}

/// The challenge `/accept` (or an Accept button) is about, under the channel's lock: number
/// `id`; else the newest addressed to the caller; else the oldest open one of someone else.
pub(super) async fn find_acceptable(
    inner: &Arc<Inner>,
    caller: &Caller,
    id: Option<u64>,
    lang: Language,
) -> Result<Challenge, Reply> {
    let (place, user) = (caller.place, caller.user);
    let taken = |refusal: Reply| {
        if was_taken(inner, id, place) {
            Reply::refusal(words::challenge_already_taken(lang))
        } else {
            refusal
        }
    };
    if id.is_some() {
        let none = words::challenge_gone(lang);
        return find_challenge(inner, place, id, |_| false, none, lang)
            .await
            .map_err(taken);
    }
    let open = inner
        .store
        .challenge_at(place)
        .await
        .map_err(|error| failed(lang, &error.into()))?;
    let addressed = open
        .iter()
        .filter(|c| c.challenged == user)
        .max_by_key(|c| c.created_at_ms);
    let for_anyone = || {
        open.iter()
            .filter(|c| c.is_for_anyone() && c.challenger != user)
            .min_by_key(|c| (c.created_at_ms, c.id))
    };
    if let Some(found) = addressed.or_else(for_anyone) {
        return Ok(found.clone());
    }
    if open
        .iter()
        .any(|c| c.is_for_anyone() && c.challenger == user)
    {
        return Err(Reply::refusal(words::accept_own_challenge(
            lang,
            inner.surface,
        )));
    }
    Err(taken(Reply::refusal(words::no_challenge_for_you(lang))))
}
