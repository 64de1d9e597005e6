//! The record of an arena tournament (`/tournament`): its schedule, its players with their
//! scores and streaks, and the games it has in progress. One record per tournament, rewritten
//! whole on every change (a tournament has at most a few hundred players), so each change is
//! one durable write on either backend and a crash keeps the last one.

use serde::{Deserialize, Serialize};

use super::records::{Place, UserId};
use crate::GameKind;

/// Where a tournament stands.
#[derive(Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Debug)]
pub enum Phase {
    /// Announced, not started: members may join and leave.
    Scheduled,
    /// Running: free players are paired.
    Running,
    /// Time is up: no new pairings; the games in progress are played out.
    Ending,
    /// Over, final standings posted.
    Finished,
    /// Called off by its creator or a moderator.
    Cancelled,
}

impl Phase {
    /// Whether the tournament still holds its channel (one open tournament per channel).
    pub fn is_open(self) -> bool {
        matches!(self, Phase::Scheduled | Phase::Running | Phase::Ending)
    }
}

/// One player of a tournament and how they have done.
#[derive(Clone, Serialize, Deserialize, PartialEq, Eq, Debug)]
pub struct Entrant {
    pub user: UserId,
    pub name: String,
    pub score: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Wins in a row up to now: from two on, the next game scores double.
    pub wins_in_row: u32,
    /// Whom they played last (never paired again at once while a third player is free).
    pub last_opponent: Option<UserId>,
    /// Left the tournament: kept in the standings, never paired again unless they rejoin.
    pub left: bool,
}

impl Entrant {
    pub fn new(user: UserId, name: &str) -> Entrant {
        Entrant {
            user,
            name: name.to_string(),
            score: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            wins_in_row: 0,
            last_opponent: None,
            left: false,
        }
    }

    pub fn games(&self) -> u32 {
        self.wins
            .saturating_add(self.draws)
            .saturating_add(self.losses)
    }

    /// On a streak: the next game scores double.
    pub fn on_streak(&self) -> bool {
        self.wins_in_row >= 2
    }
}

/// A game the tournament paired. `room` is where it is played (a thread made for it), known
/// before the game starts; `game` is its number once the game is stored, so a crash between
/// the two finds the game by its room.
#[derive(Clone, Serialize, Deserialize, PartialEq, Eq, Debug)]
pub struct ArenaGame {
    pub room: Place,
    pub players: [UserId; 2],
    pub game: Option<u64>,
}

/// An arena tournament.
#[derive(Clone, Serialize, Deserialize, PartialEq, Eq, Debug)]
pub struct Tournament {
    pub id: u64,
    /// The channel it was created in, where its announcement and results go.
    pub place: Place,
    pub creator: UserId,
    pub creator_name: String,
    pub minutes: u32,
    pub turn_secs: u32,
    pub rated: bool,
    pub created_at_ms: u64,
    pub starts_at_ms: u64,
    pub ends_at_ms: u64,
    pub phase: Phase,
    /// In the order they first joined (the last tie-break of the ranking).
    pub entrants: Vec<Entrant>,
    /// Paired games not yet counted.
    pub games: Vec<ArenaGame>,
    /// How many rooms were opened for its games (numbers the next).
    pub rooms: u32,
    /// The front end's announcement message, edited with the live standings.
    pub announcement: Option<u64>,
    /// The game every pairing plays. Written last: a tournament stored before games had kinds
    /// reads as 翻翻棋 (`kind_field`).
    #[serde(deserialize_with = "super::kind_field::trailing")]
    pub game: GameKind,
}

impl Tournament {
    pub fn entrant(&self, user: UserId) -> Option<&Entrant> {
        self.entrants.iter().find(|entrant| entrant.user == user)
    }

    pub fn entrant_mut(&mut self, user: UserId) -> Option<&mut Entrant> {
        self.entrants
            .iter_mut()
            .find(|entrant| entrant.user == user)
    }

    /// Whether `user` is in a game of this tournament now.
    pub fn is_playing(&self, user: UserId) -> bool {
        self.games.iter().any(|game| game.players.contains(&user))
    }
}
