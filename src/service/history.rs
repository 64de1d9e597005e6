//! `/history`, `/replay` and `/games`: finished games read back from the store, and the live
//! games of a server. A live game is never replayed: its record holds the deal, and only a
//! game's end may show what was face down (docs/rules.md §8 notation of the whole deal is in
//! the record file), so `/replay` of a live game is refused and points to `/board`.

use std::sync::Arc;

use super::history_words::{self as say, HistoryRow};
use super::replay::{self, ReplayMedia};
use super::{Button, ButtonId, Caller, Inner, Member, Reply, Surface, store_failure};
use crate::config::Language;
use crate::game::{Outcome, Seat};
use crate::store::{HistoryEnd, HistoryEntry, HistoryPage, StoreError, UserId};

/// Games on one page of `/history`.
pub const PAGE_SIZE: usize = 10;
/// The most a replay's files may weigh together: Discord's upload limit (10 MiB for a bot
/// without boosts) less room for the message itself.
pub const UPLOAD_LIMIT: usize = 10 * 1024 * 1024 - 64 * 1024;
/// Replay speeds in actions per second.
pub const SPEEDS: std::ops::RangeInclusive<u32> = 1..=10;

pub(super) async fn history(
    inner: &Arc<Inner>,
    caller: &Caller,
    lang: Language,
    member: Option<Member>,
    page: u32,
) -> Reply {
    let (user, name) = match member {
        Some(member) => (member.user, member.name),
        None => (caller.user, caller.name.clone()),
    };
    let skip = (page as usize).saturating_mul(PAGE_SIZE);
    let result = async {
        let found = inner.store.history_of(user, skip, PAGE_SIZE).await?;
        // A button's custom id carries only the user id: the name comes from the store.
        let stored_name = inner.store.player(user).await?.name;
        Ok::<_, StoreError>((found, stored_name))
    }
    .await;
    let (found, stored_name) = match result {
        Ok(found) => found,
        Err(error) => return store_failure(&error.into(), lang),
    };
    let name = if name.is_empty() { stored_name } else { name };
    history_reply(lang, inner.surface, user, &name, page, skip, &found)
}

fn history_reply(
    lang: Language,
    surface: Surface,
    user: UserId,
    name: &str,
    page: u32,
    skip: usize,
    found: &HistoryPage,
) -> Reply {
    if found.total == 0 {
        return Reply::private(vec![say::history_empty(lang, name)]);
    }
    if found.games.is_empty() {
        return Reply::private(vec![say::history_page_empty(lang, name, found.total)]);
    }
    let first = skip + 1;
    let last = skip + found.games.len();
    let mut lines = vec![say::history_title(lang, name, first, last, found.total)];
    lines.extend(
        found
            .games
            .iter()
            .map(|game| history_line(lang, user, game)),
    );
    lines.push(say::history_hint(lang, surface));
    let mut buttons = Vec::new();
    if page > 0 {
        buttons.push(Button::new(
            say::button_newer(lang),
            ButtonId::History {
                user,
                page: page - 1,
            },
        ));
    }
    if last < found.total {
        buttons.push(Button::new(
            say::button_older(lang),
            ButtonId::History {
                user,
                page: page + 1,
            },
        ));
    }
    Reply::private(lines).with_buttons(buttons)
}

/// One row of a history, seen from `user`'s side of the game.
fn history_line(lang: Language, user: UserId, entry: &HistoryEntry) -> String {
    let game = &entry.game;
    let seat = if game.players[Seat::First.index()] == user {
        Seat::First
    } else {
        Seat::Second
    };
    let opponent = &game.names[seat.other().index()];
    // The colours and the length are the record's: replaying it is cheap and exact.
    let replayed = crate::AnyGame::replay(&game.record).ok();
    let colour = replayed.as_ref().and_then(|g| g.colour_of(seat));
    let actions = replayed.as_ref().map_or(0, crate::AnyGame::plies);
    let kind = game.record.kind();
    let ended_secs = entry.ended_at_ms / 1000;
    match &entry.end {
        HistoryEnd::Finished { outcome, points } => {
            let row = HistoryRow {
                game: game.id,
                kind,
                ended_secs,
                opponent,
                colour,
                result: result_for(lang, outcome, Some(seat)),
                points: game.rated.then_some(points[seat.index()]),
                actions,
            };
            say::history_row(lang, &row)
        }
        HistoryEnd::Cancelled {
            by_name, reason, ..
        } => say::cancelled_row(
            lang, game.id, ended_secs, opponent, by_name, reason, actions,
        ),
    }
}

/// The result and how the game ended: for `seat` (won/lost) or, without one, for the game.
fn result_for(lang: Language, outcome: &Outcome<Seat>, seat: Option<Seat>) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            let won = seat.is_none_or(|seat| seat == *winner);
            say::result(lang, Some(won), Some(*reason), None)
        }
        Outcome::Draw(reason) => say::result(lang, None, None, Some(*reason)),
    }
}

pub(super) async fn replay(
    inner: &Arc<Inner>,
    lang: Language,
    game: u64,
    speed: Option<u32>,
) -> Reply {
    let speed = speed.unwrap_or(replay::DEFAULT_SPEED);
    if !SPEEDS.contains(&speed) {
        return Reply::refusal(say::speed_bounds(lang, *SPEEDS.start(), *SPEEDS.end()));
    }
    let found = async {
        let finished = inner.store.finished_game(game).await?;
        Ok::<_, StoreError>((finished, inner.store.live_game(game).await?))
    }
    .await;
    let finished = match found {
        Ok((Some(finished), _)) => finished,
        Ok((None, Some(_))) => {
            return Reply::refusal(say::replay_of_live_game(lang, inner.surface, game));
        }
        Ok((None, None)) => {
            let cancelled = inner.store.cancelled_game(game).await;
            return match cancelled {
                Ok(Some(_)) => Reply::refusal(crate::words::moderation::replay_of_cancelled_game(
                    lang, game,
                )),
                Ok(None) => Reply::refusal(say::no_such_game(lang, game)),
                Err(error) => store_failure(&error.into(), lang),
            };
        }
        Err(error) => return store_failure(&error.into(), lang),
    };
    let record = &finished.game.record;
    let actions = match record.kind() {
        crate::GameKind::Flip => record.events.len(),
        // A standard game's record also holds its deployment: count its moves alone.
        _ => record
            .events
            .iter()
            .filter(|event| matches!(event, crate::game::Event::Act(_)))
            .count(),
    };
    let caption = say::replay_caption(
        lang,
        game,
        &finished.game.names,
        actions,
        &result_for(lang, &finished.outcome, None),
    );
    let drawn = tokio::task::spawn_blocking(move || {
        replay::media(&finished, speed, lang, Some(UPLOAD_LIMIT))
    })
    .await;
    match drawn {
        Ok(Ok(ReplayMedia { image, record })) => {
            let mut lines = vec![caption];
            // Discord refuses the whole message when its files pass the limit: the GIF was
            // made to fit beside the record by leaving frames out; when even that fails, the
            // record (a few kB) still goes and the image is left to `junqi-bot replay`.
            let files = match image {
                Ok(animation) => {
                    if animation.step > 1 {
                        lines.push(say::replay_frames_left_out(lang, animation.step, game));
                    }
                    vec![animation.file, record]
                }
                Err(bytes) => {
                    lines.push(say::replay_too_big(lang, bytes, game));
                    vec![record]
                }
            };
            Reply::public(lines).with_files(files).drawn_in(lang)
        }
        Ok(Err(error)) => {
            tracing::error!("replaying game {game}: {error}");
            Reply::refusal(say::replay_failed(lang, game))
        }
        Err(error) => {
            tracing::error!("replaying game {game}: {error}");
            Reply::refusal(say::replay_failed(lang, game))
        }
    }
}

pub(super) async fn games(inner: &Arc<Inner>, caller: &Caller, lang: Language) -> Reply {
    let guild = caller.place.guild;
    let result = inner.store.live_games().await.map(|mut live| {
        live.retain(|game| game.place.guild == guild);
        live.sort_by_key(|game| game.id);
        live
    });
    let live = match result {
        Ok(live) => live,
        Err(error) => return store_failure(&error.into(), lang),
    };
    if live.is_empty() {
        return Reply::private(vec![say::games_empty(lang, inner.surface)]);
    }
    let mut lines = vec![say::games_title(lang, live.len())];
    for game in &live {
        // A record that no longer replays is skipped here; the service logged it at start.
        let Ok(replayed) = crate::AnyGame::replay(&game.record) else {
            continue;
        };
        let to_act = &game.names[replayed.to_act().index()];
        lines.push(say::games_row(
            lang,
            game.id,
            &game.names,
            replayed.plies(),
            to_act,
            game.place.channel,
        ));
    }
    Reply::private(lines)
}
