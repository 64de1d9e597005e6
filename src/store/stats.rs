//! What a finished game does to a player's totals, shared by every backend so that sled and
//! PostgreSQL count wins, losses, abandons and points identically: a rated game goes to the
//! rated totals (and the leaderboards), an unrated one to the `unrated_*` counts only.

use crate::GameKind;
use crate::game::{Outcome, Seat, WinReason};

use super::records::{FinishedGame, PlayerStats, UserId};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SeatResult {
    Win,
    Loss,
    /// A loss by abandoning.
    Abandon,
    Draw,
}

/// One seat's part in a finished game.
pub(crate) struct Update<'a> {
    pub user: UserId,
    pub name: &'a str,
    pub guild: u64,
    pub result: SeatResult,
    /// Zero for an unrated game.
    pub points: i64,
    pub rated: bool,
    /// The ladder the game counts on.
    pub game: GameKind,
}

/// Both seats' updates of a finished game, by seat index.
pub(crate) fn updates(finished: &FinishedGame) -> [Update<'_>; 2] {
    let game = &finished.game;
    let kind = game.record.kind();
    Seat::BOTH.map(|seat| {
        let i = seat.index();
        Update {
            user: game.players[i],
            name: &game.names[i],
            guild: game.place.guild,
            result: seat_result(&finished.outcome, seat),
            points: if game.rated { finished.points[i] } else { 0 },
            rated: game.rated,
            game: kind,
        }
    })
}

/// The totals after `update`, from the totals before (`None` for a new player): the game's
/// ladder changes, the others stay.
pub(crate) fn applied(old: Option<&PlayerStats>, update: &Update) -> PlayerStats {
    let all = old.cloned().unwrap_or_default();
    let on_ladder = applied_on_ladder(all.on(update.game), update);
    all.with_ladder(update.game, &on_ladder)
}

/// One ladder's totals after `update`.
fn applied_on_ladder(mut new: PlayerStats, update: &Update) -> PlayerStats {
    new.user = update.user;
    new.name = update.name.to_string();
    if !new.guilds.contains(&update.guild) {
        new.guilds.push(update.guild);
    }
    if !update.rated {
        let column = match update.result {
            SeatResult::Win => &mut new.unrated_wins,
            SeatResult::Loss | SeatResult::Abandon => &mut new.unrated_losses,
            SeatResult::Draw => &mut new.unrated_draws,
        };
        *column = column.saturating_add(1);
        return new;
    }
    new.games = new.games.saturating_add(1);
    new.points = new.points.saturating_add(update.points);
    match update.result {
        SeatResult::Win => new.wins = new.wins.saturating_add(1),
        SeatResult::Loss => new.losses = new.losses.saturating_add(1),
        SeatResult::Abandon => {
            new.losses = new.losses.saturating_add(1);
            new.abandons = new.abandons.saturating_add(1);
        }
        SeatResult::Draw => new.draws = new.draws.saturating_add(1),
    }
    new
}

/// The totals after a player was seen under `name` in `guild`.
pub(crate) fn named(
    old: Option<&PlayerStats>,
    user: UserId,
    name: &str,
    guild: u64,
) -> PlayerStats {
    let mut new = old.cloned().unwrap_or_default();
    new.user = user;
    new.name = name.to_string();
    if !new.guilds.contains(&guild) {
        new.guilds.push(guild);
    }
    new
}

/// What a finished game means for one seat's record.
fn seat_result(outcome: &Outcome<Seat>, seat: Seat) -> SeatResult {
    match outcome {
        Outcome::Draw(_) => SeatResult::Draw,
        Outcome::Win { winner, .. } if *winner == seat => SeatResult::Win,
        Outcome::Win {
            reason: WinReason::Abandonment,
            ..
        } => SeatResult::Abandon,
        Outcome::Win { .. } => SeatResult::Loss,
    }
}
