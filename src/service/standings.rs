//! `/rank` and `/leaderboard`: titles, points and positions, read from the store.

use std::sync::Arc;

use super::{Caller, Inner, Member, Reply, store_failure, text, words};
use crate::config::Language;
use crate::game::{Outcome, Seat};
use crate::scoring;
use crate::store::{FinishedGame, UserId};

pub(super) async fn rank(
    inner: &Arc<Inner>,
    caller: &Caller,
    language: Language,
    member: Option<Member>,
) -> Reply {
    let (user, name) = match member {
        Some(member) => (member.user, member.name),
        None => (caller.user, caller.name.clone()),
    };
    let guild = caller.place.guild;
    let result = inner
        .blocking(move |store| {
            Ok((
                store.player(user)?,
                store.position_of(user, Some(guild))?,
                unrated_record(&store.finished_games()?, user),
            ))
        })
        .await;
    let (mut stats, position, unrated) = match result {
        Ok(found) => found,
        Err(error) => return store_failure(&error, language),
    };
    // Unrated games (against the bot, `rate_ai_games = false`) are listed on their own.
    stats.wins = stats.wins.saturating_sub(unrated[0]);
    stats.losses = stats.losses.saturating_sub(unrated[1]);
    stats.draws = stats.draws.saturating_sub(unrated[2]);
    stats.games = stats.games.saturating_sub(unrated.iter().sum());
    let title = scoring::title_for(stats.points);
    let mut lines = vec![
        format!("{name}: {}", text::title_name(title, language)),
        words::points(language, stats.points),
    ];
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
    if unrated.iter().any(|count| *count > 0) {
        let [w, l, d] = unrated;
        lines.push(words::unrated_record(language, w, l, d));
    }
    if let Some(position) = position {
        lines.push(words::position(language, position));
    }
    Reply::public(lines)
}

pub(super) async fn leaderboard(
    inner: &Arc<Inner>,
    caller: &Caller,
    language: Language,
    global: bool,
) -> Reply {
    let scope = (!global).then_some(caller.place.guild);
    let top = match inner
        .blocking(move |store| store.leaderboard(scope, 10))
        .await
    {
        Ok(top) => top,
        Err(error) => return store_failure(&error, language),
    };
    let mut lines = vec![words::leaderboard_title(language, global)];
    if top.is_empty() {
        lines.push(words::leaderboard_empty(language));
    }
    for (index, stats) in top.iter().enumerate() {
        lines.push(words::leaderboard_row(
            language,
            index + 1,
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

/// The wins, losses and draws of `user` in unrated games.
fn unrated_record(finished: &[FinishedGame], user: UserId) -> [u32; 3] {
    let mut record = [0u32; 3];
    for done in finished.iter().filter(|done| !done.game.rated) {
        let Some(seat) = Seat::BOTH
            .into_iter()
            .find(|seat| done.game.players[seat.index()] == user)
        else {
            continue;
        };
        let column = match done.outcome {
            Outcome::Win { winner, .. } if winner == seat => 0,
            Outcome::Win { .. } => 1,
            Outcome::Draw(_) => 2,
        };
        record[column] += 1;
    }
    record
}
