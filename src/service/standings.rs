//! `/rank` and `/leaderboard`: titles, points and positions, read from the store.

use std::sync::Arc;

use super::{Caller, Inner, Member, Reply, store_failure, text};
use crate::scoring;

pub(super) async fn rank(inner: &Arc<Inner>, caller: &Caller, member: Option<Member>) -> Reply {
    let (user, name) = match member {
        Some(member) => (member.user, member.name),
        None => (caller.user, caller.name.clone()),
    };
    let guild = caller.place.guild;
    let result = inner
        .blocking(move |store| Ok((store.player(user)?, store.position_of(user, Some(guild))?)))
        .await;
    let (stats, position) = match result {
        Ok(found) => found,
        Err(error) => return store_failure(&error),
    };
    let language = inner.config.language;
    let title = scoring::title_for(stats.points);
    let mut lines = vec![
        format!("{name}: {}", text::title_name(title, language)),
        format!("{} points", stats.points),
    ];
    lines.push(match scoring::next_title(stats.points) {
        Some((next, needed)) => format!(
            "next title: {} at {} points ({needed} to go)",
            text::title_name(next, language),
            next.min_points
        ),
        None => "the highest title".to_string(),
    });
    lines.push(format!(
        "wins {}, losses {}, draws {} ({} abandoned), {} games",
        stats.wins, stats.losses, stats.draws, stats.abandons, stats.games
    ));
    if let Some(position) = position {
        lines.push(format!("position {position} on this server"));
    }
    Reply::public(lines)
}

pub(super) async fn leaderboard(inner: &Arc<Inner>, caller: &Caller, global: bool) -> Reply {
    let scope = (!global).then_some(caller.place.guild);
    let top = match inner
        .blocking(move |store| store.leaderboard(scope, 10))
        .await
    {
        Ok(top) => top,
        Err(error) => return store_failure(&error),
    };
    let language = inner.config.language;
    let mut lines = vec![if global {
        "leaderboard (all servers):".to_string()
    } else {
        "leaderboard (this server):".to_string()
    }];
    if top.is_empty() {
        lines.push("nobody has finished a game yet.".into());
    }
    for (index, stats) in top.iter().enumerate() {
        lines.push(format!(
            "{}. {} — {} points, {} (W{} L{} D{})",
            index + 1,
            stats.name,
            stats.points,
            text::title_name(scoring::title_for(stats.points), language),
            stats.wins,
            stats.losses,
            stats.draws
        ));
    }
    Reply::public(lines)
}
