//! A hosted game of any kind: 翻翻棋's [`Game`] or a standard [`StandardRound`]. The bot's
//! service holds one of these per live game and asks it what it asks of every game; which kind
//! it is shows in its record's first event, so stored games of both kinds read back alike.

use crate::GameKind;
use crate::game::{
    Action, Checked, Colour, Destinations, Event, Game, GameError, GameRecord, Outcome, Played,
    PublicView, RecordFileError, ReplayError, RevealedView, Rules, Seat, Square, write_record_file,
};
use crate::standard::{Layout, StandardRound, write_standard_record_file};

#[derive(Clone, Debug)]
pub enum AnyGame {
    Flip(Game),
    Standard(StandardRound),
}

/// Calls the same method on whichever game it is.
macro_rules! either {
    ($self:expr, $game:ident => $body:expr) => {
        match $self {
            AnyGame::Flip($game) => $body,
            AnyGame::Standard($game) => $body,
        }
    };
}

impl AnyGame {
    /// Rebuilds a game of either kind from its record.
    pub fn replay(record: &GameRecord) -> Result<AnyGame, ReplayError> {
        match record.events.first() {
            Some(Event::Standard { .. }) => StandardRound::replay(record).map(AnyGame::Standard),
            _ => Game::replay(record).map(AnyGame::Flip),
        }
    }

    /// The frames of a finished game's replay, from the start and after each action, with the
    /// game at its end (a standard game's frames show every identity: the game is over).
    pub fn replay_views(record: &GameRecord) -> Result<(AnyGame, Vec<PublicView>), ReplayError> {
        match record.kind() {
            GameKind::Flip => Game::replay_views(record).map(|(game, views)| (game.into(), views)),
            _ => StandardRound::replay_views(record).map(|(round, views)| (round.into(), views)),
        }
    }

    /// The record file of a finished game of either kind, as `junqi-bot apply --record` checks
    /// it.
    pub fn write_record_file(
        record: &GameRecord,
        names: &[String; 2],
        title: &str,
    ) -> Result<String, RecordFileError> {
        match record.kind() {
            GameKind::Flip => write_record_file(record, names, title),
            _ => write_standard_record_file(record, names, title),
        }
    }

    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Flip(_) => GameKind::Flip,
            AnyGame::Standard(round) if round.options().open => GameKind::Open,
            AnyGame::Standard(_) => GameKind::Dark,
        }
    }

    pub fn flip(&self) -> Option<&Game> {
        match self {
            AnyGame::Flip(game) => Some(game),
            AnyGame::Standard(_) => None,
        }
    }

    pub fn standard(&self) -> Option<&StandardRound> {
        match self {
            AnyGame::Standard(round) => Some(round),
            AnyGame::Flip(_) => None,
        }
    }

    pub fn standard_mut(&mut self) -> Option<&mut StandardRound> {
        match self {
            AnyGame::Standard(round) => Some(round),
            AnyGame::Flip(_) => None,
        }
    }

    /// True while a standard game's players are still deploying.
    pub fn deploying(&self) -> bool {
        self.standard().is_some_and(StandardRound::deploying)
    }

    pub fn record(&self) -> &GameRecord {
        either!(self, game => game.record())
    }

    pub fn rules(&self) -> &Rules {
        either!(self, game => game.rules())
    }

    pub fn to_act(&self) -> Seat {
        either!(self, game => game.to_act())
    }

    pub fn colour_of(&self, seat: Seat) -> Option<Colour> {
        match self {
            AnyGame::Flip(game) => game.colour_of(seat),
            AnyGame::Standard(round) => Some(round.colour_of(seat)),
        }
    }

    pub fn outcome(&self) -> Option<Outcome<Seat>> {
        either!(self, game => game.outcome())
    }

    pub fn plies(&self) -> u16 {
        either!(self, game => game.plies())
    }

    pub fn legal_actions(&self) -> Vec<Action> {
        either!(self, game => game.legal_actions())
    }

    pub fn destinations(&self, seat: Seat, from: Square) -> Destinations {
        either!(self, game => game.destinations(seat, from))
    }

    pub fn check(&self, seat: Seat, action: Action) -> Result<Checked, GameError> {
        either!(self, game => game.check(seat, action))
    }

    pub fn would_repeat(&self, seat: Seat, action: Action) -> bool {
        either!(self, game => game.would_repeat(seat, action))
    }

    pub fn play(&mut self, checked: Checked) -> Result<Played, GameError> {
        either!(self, game => game.play(checked))
    }

    pub fn act(&mut self, seat: Seat, action: Action) -> Result<Played, GameError> {
        let checked = self.check(seat, action)?;
        self.play(checked)
    }

    pub fn timeout(&mut self) -> Result<Seat, GameError> {
        either!(self, game => game.timeout())
    }

    pub fn resign(&mut self, seat: Seat) -> Result<(), GameError> {
        either!(self, game => game.resign(seat))
    }

    pub fn offer_draw(&mut self, seat: Seat) -> Result<(), GameError> {
        either!(self, game => game.offer_draw(seat))
    }

    pub fn answer_draw(&mut self, seat: Seat, accept: bool) -> Result<(), GameError> {
        either!(self, game => game.answer_draw(seat, accept))
    }

    pub fn abandon(&mut self, seat: Seat) -> Result<(), GameError> {
        either!(self, game => game.abandon(seat))
    }

    pub fn clock_draw(&mut self, elapsed_secs: u64) -> Result<(), GameError> {
        either!(self, game => game.clock_draw(elapsed_secs))
    }

    /// What everyone may see.
    pub fn view(&self) -> PublicView {
        either!(self, game => game.view())
    }

    /// What `seat` sees: in a standard game its own pieces too; in 翻翻棋 what everyone sees.
    pub fn view_for(&self, seat: Seat) -> PublicView {
        match self {
            AnyGame::Flip(game) => game.view(),
            AnyGame::Standard(round) => round.view_for(seat),
        }
    }

    /// The end's reveal (`None` while the game is on).
    pub fn reveal(&self) -> Option<RevealedView> {
        either!(self, game => game.reveal())
    }

    /// Pieces of `colour` that have left the board: the `c` of the points.
    pub fn removed_total(&self, colour: Colour) -> u8 {
        match self {
            AnyGame::Flip(game) => game.view().removed_total(colour),
            AnyGame::Standard(round) => round.removed_total(colour),
        }
    }

    /// The layout on `seat`'s screen while deploying (for `seat` alone).
    pub fn draft(&self, seat: Seat) -> Option<Layout> {
        self.standard().and_then(|round| round.draft(seat))
    }
}

impl GameRecord {
    /// The kind of game this record is of (its first event says).
    pub fn kind(&self) -> GameKind {
        match self.events.first() {
            Some(Event::Standard { options, .. }) if options.open => GameKind::Open,
            Some(Event::Standard { .. }) => GameKind::Dark,
            _ => GameKind::Flip,
        }
    }
}

impl From<Game> for AnyGame {
    fn from(game: Game) -> AnyGame {
        AnyGame::Flip(game)
    }
}

impl From<StandardRound> for AnyGame {
    fn from(round: StandardRound) -> AnyGame {
        AnyGame::Standard(round)
    }
}
