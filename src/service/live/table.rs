//! What a live game's actor keeps beside its [`Game`]: who plays where, the clock and the
//! stakes. The game holds the record, its one copy; the store's [`LiveGame`] is put together
//! from the two only when the game is stored, and the presenter's [`Scene`] when it is shown.

use super::Inner;
use super::clock::{self, TurnClock};
use super::happened::Scene;
use crate::AnyGame;
use crate::ai::Level;
use crate::config::Language;
use crate::game::{GameRecord, ReplayError, Seat};
use crate::store::{LiveGame, Place, UserId};

/// A live game as the store keeps it, without its record.
#[derive(Clone, Debug)]
pub(in crate::service) struct Table {
    pub id: u64,
    pub place: Place,
    /// By seat index (`Seat::First` = the challenger).
    pub players: [UserId; 2],
    pub names: [String; 2],
    pub clock: TurnClock,
    pub base_score: u32,
    pub rated: bool,
    /// The seat played by the bot and its level.
    pub ai: Option<(Seat, Level)>,
}

impl Table {
    /// A stored live game, its record replayed into the game it stands for.
    pub fn replay(live: LiveGame) -> Result<(Table, AnyGame), ReplayError> {
        let game = AnyGame::replay(&live.record)?;
        let table = Table {
            id: live.id,
            place: live.place,
            players: live.players,
            names: live.names,
            clock: TurnClock {
                turn_secs: live.turn_secs,
                started_at_ms: live.started_at_ms,
                turn_deadline_ms: live.turn_deadline_ms,
                warned: live.warned,
            },
            base_score: live.base_score,
            rated: live.rated,
            ai: live.ai,
        };
        Ok((table, game))
    }

    /// The live game to store, with `record`.
    pub fn stored(&self, record: GameRecord) -> LiveGame {
        let TurnClock {
            turn_secs,
            started_at_ms,
            turn_deadline_ms,
            warned,
        } = self.clock;
        LiveGame {
            id: self.id,
            place: self.place,
            players: self.players,
            names: self.names.clone(),
            record,
            turn_secs,
            started_at_ms,
            turn_deadline_ms,
            warned,
            base_score: self.base_score,
            rated: self.rated,
            ai: self.ai,
        }
    }

    /// The game as it stands, for the presenter; `private` is the language of the caller.
    pub fn scene(&self, game: &AnyGame, inner: &Inner, private: Language) -> Scene {
        Scene {
            id: self.id,
            place: self.place,
            players: self.players,
            names: self.names.clone(),
            view: game.view(),
            reveal: game.reveal(),
            seconds_left: self.seconds_left(),
            turn_secs: self.clock.turn_secs,
            turn_deadline_ms: self.clock.turn_deadline_ms,
            base_score: self.base_score,
            rated: self.rated,
            ai: self.ai.as_ref().map(|(seat, _)| *seat),
            kind: game.kind(),
            deploying: game
                .standard()
                .filter(|round| round.deploying())
                .map(|round| Seat::BOTH.map(|seat| round.is_ready(seat))),
            layouts: game.standard().and_then(|round| {
                let record = round.standard_record()?;
                Some(Seat::BOTH.map(|seat| match round.colour_of(seat) {
                    crate::game::Colour::Red => (crate::game::Colour::Red, record.red),
                    crate::game::Colour::Black => (crate::game::Colour::Black, record.black),
                }))
            }),
            public: inner.public_language(self.place),
            private,
            surface: inner.surface,
        }
    }

    /// The time left on the clock of the player to act, in whole seconds.
    pub fn seconds_left(&self) -> u64 {
        self.clock
            .turn_deadline_ms
            .saturating_sub(clock::now_ms())
            .div_ceil(1000)
    }

    /// Whether the bot plays the seat to act in `game`: then the game cannot wait for a
    /// command, the AI's move is due.
    pub fn ai_to_act(&self, game: &AnyGame) -> bool {
        self.ai
            .as_ref()
            .is_some_and(|(seat, _)| game.outcome().is_none() && game.to_act() == *seat)
    }

    /// The seat `user` plays in this game.
    pub fn seat_of(&self, user: UserId) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|seat| self.players[seat.index()] == user)
    }
}
