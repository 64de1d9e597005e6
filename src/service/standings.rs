//! `/rank` and `/leaderboard`: titles, points, rated and unrated records and places on each game
//! kind's ladder, read from the store.

use std::sync::Arc;

use super::{Caller, Inner, Member, Reply, store_failure, text, words};
use crate::GameKind;
use crate::config::Language;
use crate::scoring;
use crate::store::{PlayerStats, StoreError, shared_places};

pub(super) async fn rank(
    inner: &Arc<Inner>,
    caller: &Caller,
    language: Language,
    member: Option<Member>,
    game: GameKind,
) -> Reply {
    let (user, name) = match member {
        Some(member) => (member.user, member.name),
        None => (caller.user, caller.name.clone()),
    };
    let guild = caller.place.guild;
    let result = async {
        let stats = inner.store.player(user).await?;
        let position = inner.store.position_of(user, game, Some(guild)).await?;
        Ok::<_, StoreError>((stats, position))
    }
    .await;
    let (all, position) = match result {
        Ok(found) => found,
        Err(error) => return store_failure(&error.into(), language),
    };
    let stats = all.on(game);
    let title = text::title_name(scoring::title_for(stats.points), language);
    let mut lines = vec![match game {
        GameKind::Flip => format!("{name}: {title}"),
        _ => format!(
            "{name}: {title} · {}",
            words::ladder_heading(language, game)
        ),
    }];
    lines.push(words::points(language, stats.points));
    lines.push(match scoring::next_title(stats.points) {
        Some((next, needed)) => words::next_title(
            language,
            &text::title_name(next, language),
            next.min_points,
            needed,
        ),
        None => words::highest_title(language),
    });
    lines.push(words::record(
        language,
        stats.wins,
        stats.losses,
        stats.draws,
        stats.abandons,
        stats.games,
    ));
    // Unrated games (against the bot, `rate_ai_games = false`) are listed on their own.
    if stats.unrated_games() > 0 {
        lines.push(words::unrated_record(
            language,
            stats.unrated_wins,
            stats.unrated_losses,
            stats.unrated_draws,
        ));
    }
    if let Some(position) = position {
        lines.push(words::position(language, position));
    }
    lines.extend(other_ladders(&all, game, language));
    Reply::public(lines)
}

/// A line for each other ladder the member stands on, so that one `/rank` shows where they play.
fn other_ladders(all: &PlayerStats, shown: GameKind, language: Language) -> Vec<String> {
    all.ranked_ladders()
        .filter(|game| *game != shown)
        .map(|game| {
            let points = all.on(game).points;
            let title = text::title_name(scoring::title_for(points), language);
            words::other_ladder(language, game, points, &title)
        })
        .collect()
}

pub(super) async fn leaderboard(
    inner: &Arc<Inner>,
    caller: &Caller,
    language: Language,
    global: bool,
    game: GameKind,
) -> Reply {
    let scope = (!global).then_some(caller.place.guild);
    let top = match inner.store.leaderboard(game, scope, 10).await {
        Ok(top) => top,
        Err(error) => return store_failure(&error.into(), language),
    };
    let mut lines = vec![words::leaderboard_title(language, global, game)];
    if top.is_empty() {
        lines.push(words::leaderboard_empty(language));
    }
    // Numbered as /rank places a player: equal points share a place.
    for (place, stats) in shared_places(&top).into_iter().zip(&top) {
        lines.push(words::leaderboard_row(
            language,
            place,
            &stats.name,
            stats.points,
            &text::title_name(scoring::title_for(stats.points), language),
            stats.wins,
            stats.losses,
            stats.draws,
        ));
    }
    Reply::public(lines)
}
