//! What a tournament shows: its standings as text under the game it plays (the `/tournament`
//! answer and the edited announcement, the top 10 there), and its final result (the top three and the standings
//! image, drawn on the painter threads).

use super::arena::standings;
use crate::config::Language;
use crate::render::{StandingRow, render_standings};
use crate::service::{Announcement, Reply};
use crate::store::{Phase, Tournament};
use crate::words::tournament::{self as say, StandingsHeading};

/// The rows the live announcement shows.
const LIVE_ROWS: usize = 10;

fn heading(tournament: &Tournament) -> StandingsHeading {
    match tournament.phase {
        Phase::Scheduled => StandingsHeading::Upcoming {
            starts_at_secs: tournament.starts_at_ms / 1000,
        },
        Phase::Running => StandingsHeading::Live {
            ends_at_secs: tournament.ends_at_ms / 1000,
        },
        Phase::Ending => StandingsHeading::Ending,
        Phase::Finished => StandingsHeading::Final,
        Phase::Cancelled => StandingsHeading::Cancelled,
    }
}

/// The standings rows, best first, with their places (1, 2, 3, …).
pub(super) fn rows(tournament: &Tournament) -> Vec<StandingRow> {
    standings(tournament)
        .into_iter()
        .enumerate()
        .map(|(index, entrant)| StandingRow {
            place: index + 1,
            name: entrant.name.clone(),
            score: entrant.score,
            games: entrant.games(),
            streak: entrant.on_streak(),
        })
        .collect()
}

/// The heading and the standings, the first `top` rows (all when `None`).
pub(super) fn standings_lines(
    lang: Language,
    tournament: &Tournament,
    top: Option<usize>,
) -> Vec<String> {
    let mut lines = vec![
        say::standings_heading(lang, tournament.id, &heading(tournament)),
        crate::words::deploy::game_line(lang, tournament.game),
    ];
    let ranked = standings(tournament);
    if ranked.is_empty() {
        lines.push(say::nobody_joined(lang));
    }
    let shown = top.unwrap_or(ranked.len());
    for (index, entrant) in ranked.into_iter().take(shown).enumerate() {
        lines.push(say::standings_row(
            lang,
            index + 1,
            &entrant.name,
            entrant.score,
            entrant.games(),
            entrant.on_streak(),
            entrant.left,
        ));
    }
    lines
}

/// The announcement as it should now read: the standings' heading and top 10, with the Join
/// and Leave buttons while it is open.
pub(super) fn announcement_edit(lang: Language, tournament: &Tournament) -> Reply {
    let mut reply = Reply::public(standings_lines(lang, tournament, Some(LIVE_ROWS)));
    if matches!(tournament.phase, Phase::Scheduled | Phase::Running) {
        reply.buttons = super::join_buttons(lang, tournament.id);
    }
    reply.announcement = Some(Announcement::Standings {
        tournament: tournament.id,
        message: tournament.announcement,
    });
    reply
}

/// The final result: the top three in text and the game they played, the standings image
/// beside.
pub(super) async fn final_reply(lang: Language, tournament: &Tournament) -> Reply {
    let rows = rows(tournament);
    let played: Vec<&StandingRow> = rows.iter().filter(|row| row.games > 0).collect();
    if played.is_empty() {
        return Reply::public(vec![say::over_without_games(lang, tournament.id)]);
    }
    let top: Vec<(String, u32)> = played
        .iter()
        .take(3)
        .map(|row| (row.name.clone(), row.score))
        .collect();
    let labels = say::image_labels(lang, tournament.id);
    let png = tokio::task::spawn_blocking(move || render_standings(&rows, &labels, lang))
        .await
        .ok()
        .and_then(|drawn| {
            drawn
                .map_err(|error| tracing::error!("drawing the standings: {error}"))
                .ok()
        });
    let game = crate::words::deploy::game_line(lang, tournament.game);
    Reply::public(vec![say::podium(lang, tournament.id, &top), game]).with_png(png)
}
