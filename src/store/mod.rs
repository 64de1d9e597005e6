//! The bot's persistent state behind one interface, [`Store`]: players and their stats, live
//! games (with each turn's deadline), finished games, the live game of each channel, open
//! challenges and the leaderboards. Each backend keeps the same promises: every acknowledged
//! write is durable before it returns; a game's end and both players' points commit in one
//! transaction; a store written by a newer schema is refused, an older one migrated; a record
//! that cannot be decoded is moved to a quarantine (logged, listed by [`Store::quarantined`])
//! while everything else keeps working.
//!
//! Backends: `sled` (the embedded default, one process per directory) and `postgres` (one
//! database shared by several processes, chosen by a `postgres://` URL). The API is
//! synchronous: async callers run it on tokio's blocking pool (see `service`), as a disk flush
//! or a database round trip must not stall the workers that drive the games; the PostgreSQL
//! backend runs its async driver on a runtime of its own, so a call never panics whatever
//! thread it comes from.
//!
//! Shared here: the records ([`records`]; cancelled games apart, in `cancelled`; analyses in `analyses`), their byte encoding (`codec`), the errors and what
//! a finished game does to a player's totals (`stats`), the older layouts the migrations
//! read (`legacy`), waiting for a database that is not up yet at start-up (`connect`), and
//! the stable checksums ([`fnv`]).

mod analyses;
mod cancelled;
mod codec;
mod connect;
mod error;
pub mod fnv;
mod legacy;
mod postgres;
mod queue;
mod records;
mod settings;
mod sled;
mod stats;
mod tournaments;
mod transfer;

use std::path::Path;

pub use self::postgres::SCHEMA_VERSION as POSTGRES_SCHEMA_VERSION;
pub use self::sled::{BackupSummary, CheckReport, SCHEMA_VERSION, ledger};
pub use analyses::{ANALYSIS_VERSION, StoredAnalysis};
pub use cancelled::{
    CANCELLED_GAME_VERSION, CancelledGame, HistoryEnd, HistoryEntry, REASON_CHARS, kept_reason,
};
pub use connect::server_of;
pub use error::StoreError;
pub use queue::QueueEntry;
pub use records::{
    ANYONE, Challenge, FinishedGame, LiveGame, Place, PlayerStats, RematchWindow, UserId,
    shared_places,
};
pub use settings::{GUILD_SETTINGS_VERSION, GuildSettings, SETTINGS_LOG_LEN, SettingsChange};
pub use tournaments::{ArenaGame, Entrant, Phase, Tournament};
pub use transfer::{KindReport, MigrationReport, migrate_sled_to_postgres};

use self::postgres::PgStore;
use self::sled::SledStore;

/// The environment variable that selects PostgreSQL (it overrides the config's `database_url`).
pub const DATABASE_URL_VAR: &str = "DATABASE_URL";

/// The database URL in force: `DATABASE_URL` if set and not empty, else the configured one.
pub fn database_url(configured: Option<&str>) -> Option<String> {
    std::env::var(DATABASE_URL_VAR)
        .ok()
        .filter(|url| !url.trim().is_empty())
        .or_else(|| configured.map(str::to_string))
}

/// One page of a player's finished and cancelled games ([`Store::history_of`]).
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryPage {
    /// Newest first.
    pub games: Vec<HistoryEntry>,
    /// How many finished and cancelled games the player has in all.
    pub total: usize,
}

/// A handle on the store, whichever backend holds it; cheap to clone and share between tasks.
#[derive(Clone)]
pub struct Store {
    backend: Backend,
}

#[derive(Clone)]
enum Backend {
    Sled(SledStore),
    Postgres(PgStore),
}

/// Calls the same method on whichever backend this store uses.
macro_rules! dispatch {
    ($self:ident, $backend:ident => $call:expr) => {
        match &$self.backend {
            Backend::Sled($backend) => $call,
            Backend::Postgres($backend) => $call,
        }
    };
}

impl Store {
    /// Opens the sled store in `dir`, creating it on first start. Refuses a directory written
    /// by a newer schema, migrates an older one, and quarantines undecodable live games and
    /// challenges (the records needed at start-up).
    pub fn open(dir: &Path) -> Result<Store, StoreError> {
        Ok(Store {
            backend: Backend::Sled(SledStore::open(dir)?),
        })
    }

    /// Writes the acknowledged ledger now (it is otherwise written within a second of a commit).
    /// PostgreSQL commits are durable on return and keep no ledger: nothing to write there.
    pub fn checkpoint(&self) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sled(store) => store.checkpoint(),
            Backend::Postgres(_) => Ok(()),
        }
    }

    /// Flushes and records the files' checksums, so the next open may skip checking a copy
    /// first. Call once nothing writes any more (after the service has stopped).
    /// (PostgreSQL has no files of ours to fingerprint: nothing to do there.)
    pub fn close_cleanly(&self) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sled(store) => store.close_cleanly(),
            Backend::Postgres(_) => Ok(()),
        }
    }

    /// Verifies the whole store without changing it (`junqi-bot check-store`).
    /// On PostgreSQL it is refused: the database checks its own pages, and undecodable rows
    /// are quarantined as they are read.
    pub fn check(&self) -> Result<CheckReport, StoreError> {
        match &self.backend {
            Backend::Sled(store) => store.check(),
            Backend::Postgres(_) => Err(StoreError::SledOnly {
                what: "check-store",
                instead: "PostgreSQL checks its own data; quarantined rows show in the log",
            }),
        }
    }

    /// Writes a consistent backup of the store to `file`, even while the bot plays.
    /// On PostgreSQL it is refused: back up the database with `pg_dump`.
    pub fn write_backup(&self, file: &Path) -> Result<BackupSummary, StoreError> {
        match &self.backend {
            Backend::Sled(store) => store.write_backup(file),
            Backend::Postgres(_) => Err(StoreError::SledOnly {
                what: "backup",
                instead: "back up the PostgreSQL database with pg_dump",
            }),
        }
    }

    /// Restores a backup into `store_dir`, which must not hold a store yet.
    pub fn restore_backup(file: &Path, store_dir: &Path) -> Result<BackupSummary, StoreError> {
        SledStore::restore_backup(file, store_dir)
    }

    /// Stores many live games at once (restores, benchmarks); not for live play.
    pub fn import_live_games(&self, games: &[LiveGame]) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sled(store) => store.import_live_games(games),
            Backend::Postgres(store) => games.iter().try_for_each(|game| store.put_live_game(game)),
        }
    }

    /// Connects to a PostgreSQL database (`postgres://user@host:port/database`), migrating its
    /// schema (a newer one is refused) and quarantining undecodable live games and challenges.
    pub fn connect(url: &str) -> Result<Store, StoreError> {
        Ok(Store {
            backend: Backend::Postgres(PgStore::connect(url)?),
        })
    }

    /// PostgreSQL when a database URL is given, else the sled directory `dir`.
    pub fn open_with(database_url: Option<&str>, dir: &Path) -> Result<Store, StoreError> {
        match database_url {
            Some(url) => Store::connect(url),
            None => Store::open(dir),
        }
    }

    /// Whether several processes can share this store (PostgreSQL) or only one (sled).
    pub fn is_shared(&self) -> bool {
        matches!(self.backend, Backend::Postgres(_))
    }

    /// A fresh id for a game or a challenge, never handed out before (even across crashes).
    pub fn next_id(&self) -> Result<u64, StoreError> {
        dispatch!(self, store => store.next_id())
    }

    /// The schema version the store records, if any.
    pub fn schema_version(&self) -> Result<Option<u32>, StoreError> {
        dispatch!(self, store => store.schema_version())
    }

    /// Every record that was found corrupt: (where it was, reason).
    pub fn quarantined(&self) -> Result<Vec<(String, String)>, StoreError> {
        dispatch!(self, store => store.quarantined())
    }

    /// Reads every record, quarantining what cannot be decoded; returns how many records were
    /// quarantined. Slow on a big store: for an explicit check, not for start-up.
    pub fn check_all(&self) -> Result<usize, StoreError> {
        dispatch!(self, store => store.check_all())
    }

    /// Rebuilds every index (channel → live game, pair → last game, leaderboards, history) from the
    /// records: a repair tool.
    pub fn rebuild_indexes(&self) -> Result<(), StoreError> {
        dispatch!(self, store => store.rebuild_indexes())
    }

    /// Stores a live game (new, or after an action); durable on return. Refused when the
    /// channel already has another live game or this game has finished.
    pub fn put_live_game(&self, game: &LiveGame) -> Result<(), StoreError> {
        dispatch!(self, store => store.put_live_game(game))
    }

    pub fn live_game(&self, id: u64) -> Result<Option<LiveGame>, StoreError> {
        dispatch!(self, store => store.live_game(id))
    }

    /// The live game of a channel (there is at most one).
    pub fn live_game_at(&self, place: Place) -> Result<Option<LiveGame>, StoreError> {
        dispatch!(self, store => store.live_game_at(place))
    }

    /// Every live game, for re-arming timers at start-up.
    pub fn live_games(&self) -> Result<Vec<LiveGame>, StoreError> {
        dispatch!(self, store => store.live_games())
    }

    /// Stores a live game that moved from `from` to its `place` (a thread made for it): the
    /// old place is free again. Durable on return.
    pub fn move_live_game(&self, game: &LiveGame, from: Place) -> Result<(), StoreError> {
        dispatch!(self, store => store.move_live_game(game, from))
    }

    /// Records the players' names (and that they were seen in the game's guild, as
    /// [`Store::set_player_name`]), numbers the new live game (its `id` is ignored) and stores
    /// it; returns it with its number. The number is one more than the highest stored game's,
    /// so numbers are sequential and never jump, even after a crash or a failed start: sled
    /// serialises game starts in its process (sled has one process); on PostgreSQL naming,
    /// numbering and storing are one transaction under a lock every process shares. Durable on
    /// return.
    pub fn start_live_game(&self, game: &LiveGame) -> Result<LiveGame, StoreError> {
        dispatch!(self, store => store.start_live_game(game))
    }

    /// Removes a live game without finishing it (no points, no stats), e.g. a game cancelled
    /// before it began. Durable on return.
    pub fn remove_live_game(&self, id: u64) -> Result<Option<LiveGame>, StoreError> {
        dispatch!(self, store => store.remove_live_game(id))
    }

    /// Atomically: removes the live game, stores the finished one and updates both players'
    /// stats (points only when the game is rated). The game must be live: finishing it twice is
    /// refused with [`StoreError::NotLive`], so points are never counted twice. Durable on return.
    pub fn finish_game(&self, finished: &FinishedGame) -> Result<[PlayerStats; 2], StoreError> {
        dispatch!(self, store => store.finish_game(finished))
    }

    pub fn finished_game(&self, id: u64) -> Result<Option<FinishedGame>, StoreError> {
        dispatch!(self, store => store.finished_game(id))
    }

    /// Atomically: removes the live game and stores it as cancelled (no result: nobody's
    /// totals, no leaderboard, no last game between the two), in both players' histories. The
    /// game must be live ([`StoreError::NotLive`] otherwise). Durable on return.
    pub fn cancel_game(&self, cancelled: &CancelledGame) -> Result<(), StoreError> {
        dispatch!(self, store => store.cancel_game(cancelled))
    }

    pub fn cancelled_game(&self, id: u64) -> Result<Option<CancelledGame>, StoreError> {
        dispatch!(self, store => store.cancelled_game(id))
    }

    /// Every cancelled game, oldest id first.
    pub fn cancelled_games(&self) -> Result<Vec<CancelledGame>, StoreError> {
        dispatch!(self, store => store.cancelled_games())
    }

    /// Stores (or replaces) the analysis of a finished game; durable on return.
    pub fn put_analysis(&self, analysis: &StoredAnalysis) -> Result<(), StoreError> {
        dispatch!(self, store => store.put_analysis(analysis))
    }

    /// The stored analysis of game `id`; a damaged record is quarantined and not served.
    pub fn analysis(&self, id: u64) -> Result<Option<StoredAnalysis>, StoreError> {
        dispatch!(self, store => store.analysis(id))
    }

    /// Every stored analysis, by game; damaged records are quarantined and skipped.
    pub fn analyses(&self) -> Result<Vec<StoredAnalysis>, StoreError> {
        dispatch!(self, store => store.analyses())
    }

    /// The finished and cancelled games of `user`, newest first (by end time, then game id): `limit` of them
    /// after skipping `skip`, with how many there are in all. Backends keep an index on
    /// (user, end time, game id) so a page reads only its own games.
    pub fn history_of(
        &self,
        user: UserId,
        skip: usize,
        limit: usize,
    ) -> Result<HistoryPage, StoreError> {
        dispatch!(self, store => store.history_of(user, skip, limit))
    }

    /// Every finished game, oldest id first (for audits and recomputing points).
    pub fn finished_games(&self) -> Result<Vec<FinishedGame>, StoreError> {
        dispatch!(self, store => store.finished_games())
    }

    /// The last finished game between two players, in either seat order (for the rematch base
    /// score).
    pub fn last_game_between(
        &self,
        a: UserId,
        b: UserId,
    ) -> Result<Option<FinishedGame>, StoreError> {
        dispatch!(self, store => store.last_game_between(a, b))
    }

    /// Remembers game `game` as the last game of `players` at each of `places` (its channel and
    /// its thread), for `/rematch`; durable on return. A later game replaces it.
    pub fn set_rematch_window(
        &self,
        places: &[Place],
        players: [UserId; 2],
        game: u64,
    ) -> Result<(), StoreError> {
        dispatch!(self, store => store.set_rematch_window(places, players, game))
    }

    /// The last game `user` played at `place` (a channel, or a thread made for a game), when it
    /// has finished: what `/rematch` there repeats.
    pub fn rematch_window(
        &self,
        place: Place,
        user: UserId,
    ) -> Result<Option<FinishedGame>, StoreError> {
        dispatch!(self, store => store.rematch_window(place, user))
    }

    /// Every remembered rematch window, by (guild, channel, user): for the operator tools.
    pub fn rematch_windows(&self) -> Result<Vec<RematchWindow>, StoreError> {
        dispatch!(self, store => store.rematch_windows())
    }

    /// Numbers a new challenge (as [`Store::next_id`]), records its players' names (as
    /// [`Store::set_player_name`]) and stores it, in one step. Durable on return.
    pub fn open_challenge(&self, challenge: &Challenge) -> Result<Challenge, StoreError> {
        dispatch!(self, store => store.open_challenge(challenge))
    }

    /// Stores (or replaces) a challenge; durable on return.
    pub fn put_challenge(&self, challenge: &Challenge) -> Result<(), StoreError> {
        dispatch!(self, store => store.put_challenge(challenge))
    }

    /// Accepting a challenge: takes challenge `id` and starts the game `make` makes of it
    /// (given the last finished game between `players`, for the base score), numbered and
    /// named as [`Store::start_live_game`] does, in one step: a start that fails leaves the
    /// challenge open. `None` when the challenge was already taken. Durable on return.
    pub fn accept_challenge<F>(
        &self,
        id: u64,
        players: [UserId; 2],
        make: F,
    ) -> Result<Option<LiveGame>, StoreError>
    where
        F: Fn(Challenge, Option<&FinishedGame>) -> LiveGame + Send + Sync + 'static,
    {
        dispatch!(self, store => store.accept_challenge(id, players, make))
    }

    /// Removes and returns a challenge (`None` if it was already taken); durable on return.
    pub fn take_challenge(&self, id: u64) -> Result<Option<Challenge>, StoreError> {
        dispatch!(self, store => store.take_challenge(id))
    }

    /// The open challenges of a channel.
    pub fn challenge_at(&self, place: Place) -> Result<Vec<Challenge>, StoreError> {
        dispatch!(self, store => store.challenge_at(place))
    }

    /// Every open challenge, for expiring them after a restart.
    pub fn challenges(&self) -> Result<Vec<Challenge>, StoreError> {
        dispatch!(self, store => store.challenges())
    }

    /// Stores (or replaces) a tournament's record; durable on return.
    pub fn put_tournament(&self, tournament: &Tournament) -> Result<(), StoreError> {
        dispatch!(self, store => store.put_tournament(tournament))
    }

    /// Every tournament, open or over, by id (a corrupt record is quarantined and skipped).
    pub fn tournaments(&self) -> Result<Vec<Tournament>, StoreError> {
        dispatch!(self, store => store.tournaments())
    }

    /// Stores (or replaces) a member's quick-match queue entry; durable on return.
    pub fn put_queue_entry(&self, entry: &QueueEntry) -> Result<(), StoreError> {
        dispatch!(self, store => store.put_queue_entry(entry))
    }

    /// Removes these members' queue entries in one step; durable on return.
    pub fn remove_queue_entries(&self, users: &[UserId]) -> Result<(), StoreError> {
        dispatch!(self, store => store.remove_queue_entries(users))
    }

    /// Writes a queue entry without waiting for the disk: on sled it becomes durable with the
    /// next durable write or [`Store::sync`] (one flush for many entries written meanwhile), on
    /// PostgreSQL it is committed on return. For a caller that writes under its own lock and
    /// waits for the disk after releasing it.
    pub fn stage_queue_entry(&self, entry: &QueueEntry) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sled(store) => store.stage_queue_entry(entry),
            Backend::Postgres(store) => store.put_queue_entry(entry),
        }
    }

    /// [`Store::remove_queue_entries`] without waiting for the disk, as
    /// [`Store::stage_queue_entry`] writes: durable with the next durable write (a game's start).
    pub fn stage_queue_removal(&self, users: &[UserId]) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sled(store) => store.stage_queue_removal(users),
            Backend::Postgres(store) => store.remove_queue_entries(users),
        }
    }

    /// Makes every staged write durable (sled: one flush; PostgreSQL commits on return).
    pub fn sync(&self) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sled(store) => store.sync(),
            Backend::Postgres(_) => Ok(()),
        }
    }

    /// Everyone waiting in a quick-match queue (a corrupt record is quarantined and skipped).
    pub fn queue_entries(&self) -> Result<Vec<QueueEntry>, StoreError> {
        dispatch!(self, store => store.queue_entries())
    }

    /// Stores (or replaces) a guild's settings; durable on return.
    pub fn put_guild_settings(&self, settings: &GuildSettings) -> Result<(), StoreError> {
        dispatch!(self, store => store.put_guild_settings(settings))
    }

    /// Every guild's settings (a corrupt record is quarantined and skipped).
    pub fn all_guild_settings(&self) -> Result<Vec<GuildSettings>, StoreError> {
        dispatch!(self, store => store.all_guild_settings())
    }

    /// A player's stats; zeroes (with `user` set) for someone never seen.
    pub fn player(&self, user: UserId) -> Result<PlayerStats, StoreError> {
        dispatch!(self, store => store.player(user))
    }

    /// Every player with a record, by user id.
    pub fn players(&self) -> Result<Vec<PlayerStats>, StoreError> {
        dispatch!(self, store => store.players())
    }

    /// Records a player's display name and that they were seen in `guild`; durable on return.
    pub fn set_player_name(&self, user: UserId, name: &str, guild: u64) -> Result<(), StoreError> {
        dispatch!(self, store => store.set_player_name(user, name, guild))
    }

    /// The top `top` players by points (ties: more wins, then fewer games, then lower user
    /// id), of one guild or of everyone (`None`). Only players with a finished game are ranked.
    pub fn leaderboard(
        &self,
        guild: Option<u64>,
        top: usize,
    ) -> Result<Vec<PlayerStats>, StoreError> {
        dispatch!(self, store => store.leaderboard(guild, top))
    }

    /// A player's place on a leaderboard, shared by equal points: 1 + the players on it with
    /// more points (so "1, 2, 2, 4", as [`shared_places`] numbers the board's rows); `None`
    /// when they are not on it. Takes the same time however many players share their points.
    pub fn position_of(
        &self,
        user: UserId,
        guild: Option<u64>,
    ) -> Result<Option<usize>, StoreError> {
        let stats = self.player(user)?;
        if !stats.is_on_board(guild) {
            return Ok(None);
        }
        let above = dispatch!(self, store => store.players_above(&stats, guild))?;
        Ok(Some(
            usize::try_from(above)
                .unwrap_or(usize::MAX)
                .saturating_add(1),
        ))
    }

    /// Imports player stats in bulk (a restore, or seeding a test store), replacing the stats
    /// of those users, and rebuilds the leaderboards. Durable on return; not for live play.
    pub fn import_players(&self, players: &[PlayerStats]) -> Result<(), StoreError> {
        dispatch!(self, store => store.import_players(players))
    }
}
