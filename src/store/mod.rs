//! The bot's persistent state behind one interface, [`Store`]: players and their stats, live
//! games (with each turn's deadline), finished games, the live game of each channel, open
//! challenges and the leaderboards. Each backend keeps the same promises: every acknowledged
//! write is durable before it returns; a game's end and both players' points commit in one
//! transaction; a store written by a newer schema is refused, an older one migrated; a record
//! that cannot be decoded is moved to a quarantine (logged, listed by [`Store::quarantined`])
//! while everything else keeps working.
//!
//! Backends: `sled` (the embedded default, one process per directory) and `postgres` (one
//! database shared by several processes, chosen by a `postgres://` URL). The API is async and
//! must be called inside a tokio runtime (a synchronous program gives itself one at its edge,
//! as `junqi-bot`'s offline commands do): [`Store`] runs sled's calls on tokio's blocking pool,
//! as a disk flush must not stall the workers that drive the games, and the PostgreSQL backend
//! awaits its driver on the caller's runtime. A sled call, once started, runs to its end even
//! if its caller stops waiting; a PostgreSQL transaction whose caller stops waiting is rolled
//! back unless its commit was already sent, so either way a write is whole or absent.
//!
//! Shared here: the records ([`records`]; cancelled games apart, in `cancelled`; analyses in
//! `analyses`), their byte encoding (`codec`), the errors and what a finished game does to a
//! player's totals (`stats`), the older layouts the migrations read (`legacy`), waiting for a
//! database that is not up yet at start-up (`connect`), the stable checksums ([`fnv`]) and
//! members' saved layouts (`layouts`).

mod analyses;
mod cancelled;
mod codec;
mod connect;
mod error;
pub mod fnv;
mod kind_field;
mod ladders;
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

use crate::GameKind;

pub use self::postgres::SCHEMA_VERSION as POSTGRES_SCHEMA_VERSION;
pub use self::sled::{BackupSummary, CheckReport, SCHEMA_VERSION, ledger};
pub use analyses::{ANALYSIS_VERSION, StoredAnalysis};
pub use cancelled::{
    CANCELLED_GAME_VERSION, CancelledGame, HistoryEnd, HistoryEntry, REASON_CHARS, kept_reason,
};
pub use connect::server_of;
pub use error::StoreError;
pub use ladders::LadderTotals;
pub use layouts::{
    LAYOUT_NAME_CHARS, MAX_SAVED_LAYOUTS, NameError, SAVED_LAYOUTS_VERSION, SaveOutcome,
    SavedLayout, SavedLayouts, layout_name,
};
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

/// Calls the same method on whichever backend this store uses: sled's on tokio's blocking pool
/// (its writes wait for the disk), PostgreSQL's on the caller's runtime. The borrowed arguments
/// named after `owning` are copied for the blocking thread, which must own what it reads; in
/// `$call` they are references on both backends.
macro_rules! dispatch {
    ($self:ident, $backend:ident => $call:expr $(, owning $($arg:ident),+)?) => {
        $crate::store::timed(stringify!($call), async {
            match &$self.backend {
                Backend::Sled(sled) => {
                    let $backend = sled.clone();
                    $($(let $arg = $arg.to_owned();)+)?
                    on_blocking_pool(move || {
                        $($(let $arg = &$arg;)+)?
                        $call
                    })
                    .await
                }
                Backend::Postgres($backend) => $call.await,
            }
        })
        .await
    };
}

/// Runs one store call, charges its time to the current command (`timings`) and logs it at
/// DEBUG by the call's source text (a method and its argument names, never their values).
pub(crate) async fn timed<T>(
    call: &'static str,
    work: impl Future<Output = Result<T, StoreError>>,
) -> Result<T, StoreError> {
    let started = std::time::Instant::now();
    let result = crate::timings::in_store(work).await;
    let micros = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
    tracing::debug!(call, micros, ok = result.is_ok(), "store");
    result
}

// After `dispatch!`, which they use.
mod layouts;
mod upkeep;

/// Runs a sled call on tokio's blocking pool, so that a flush never stalls the workers that
/// drive the games. Once started, the call runs to its end even if its caller stops waiting.
async fn on_blocking_pool<T, F>(call: F) -> Result<T, StoreError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, StoreError> + Send + 'static,
{
    tokio::task::spawn_blocking(call)
        .await
        .map_err(|failed| StoreError::BlockingCallFailed(failed.to_string()))?
}

impl Store {
    /// Runs `call` on the sled backend, on tokio's blocking pool; on PostgreSQL the answer is
    /// `otherwise` (what sled alone has to do, or a refusal).
    async fn on_sled<T, F>(
        &self,
        call: F,
        otherwise: Result<T, StoreError>,
    ) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&SledStore) -> Result<T, StoreError> + Send + 'static,
    {
        match &self.backend {
            Backend::Sled(store) => {
                let store = store.clone();
                on_blocking_pool(move || call(&store)).await
            }
            Backend::Postgres(_) => otherwise,
        }
    }

    /// Opens the sled store in `dir`, creating it on first start. Refuses a directory written
    /// by a newer schema, migrates an older one, and quarantines undecodable live games and
    /// challenges (the records needed at start-up).
    pub async fn open(dir: &Path) -> Result<Store, StoreError> {
        let dir = dir.to_path_buf();
        let store = on_blocking_pool(move || SledStore::open(&dir)).await?;
        Ok(Store {
            backend: Backend::Sled(store),
        })
    }

    /// Connects to a PostgreSQL database (`postgres://user@host:port/database`), migrating its
    /// schema (a newer one is refused) and quarantining undecodable live games and challenges.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        Ok(Store {
            backend: Backend::Postgres(PgStore::connect(url).await?),
        })
    }

    /// PostgreSQL when a database URL is given, else the sled directory `dir`.
    pub async fn open_with(database_url: Option<&str>, dir: &Path) -> Result<Store, StoreError> {
        match database_url {
            Some(url) => Store::connect(url).await,
            None => Store::open(dir).await,
        }
    }

    /// Whether several processes can share this store (PostgreSQL) or only one (sled).
    pub fn is_shared(&self) -> bool {
        matches!(self.backend, Backend::Postgres(_))
    }

    /// A fresh id for a game or a challenge, never handed out before (even across crashes).
    pub async fn next_id(&self) -> Result<u64, StoreError> {
        dispatch!(self, store => store.next_id())
    }

    /// Stores a live game (new, or after an action); durable on return. Refused when the
    /// channel already has another live game or this game has finished.
    pub async fn put_live_game(&self, game: &LiveGame) -> Result<(), StoreError> {
        dispatch!(self, store => store.put_live_game(game), owning game)
    }

    pub async fn live_game(&self, id: u64) -> Result<Option<LiveGame>, StoreError> {
        dispatch!(self, store => store.live_game(id))
    }

    /// The live game of a channel (there is at most one).
    pub async fn live_game_at(&self, place: Place) -> Result<Option<LiveGame>, StoreError> {
        dispatch!(self, store => store.live_game_at(place))
    }

    /// Every live game, for re-arming timers at start-up.
    pub async fn live_games(&self) -> Result<Vec<LiveGame>, StoreError> {
        dispatch!(self, store => store.live_games())
    }

    /// Stores a live game that moved from `from` to its `place` (a thread made for it): the
    /// old place is free again. Durable on return.
    pub async fn move_live_game(&self, game: &LiveGame, from: Place) -> Result<(), StoreError> {
        dispatch!(self, store => store.move_live_game(game, from), owning game)
    }

    /// Records the players' names (and that they were seen in the game's guild, as
    /// [`Store::set_player_name`]), numbers the new live game (its `id` is ignored) and stores
    /// it; returns it with its number. The number is one more than the highest stored game's,
    /// so numbers are sequential and never jump, even after a crash or a failed start: sled
    /// serialises game starts in its process (sled has one process); on PostgreSQL naming,
    /// numbering and storing are one transaction under a lock every process shares. Durable on
    /// return.
    pub async fn start_live_game(&self, game: &LiveGame) -> Result<LiveGame, StoreError> {
        dispatch!(self, store => store.start_live_game(game), owning game)
    }

    /// The game of a quick-match pair: started as [`Store::start_live_game`] starts a game,
    /// and its two `players` taken out of the queue in the same step, so a start that fails
    /// (an outage, a crash) leaves both waiting in the store, with their waiting time, for
    /// whichever process pairs them next. Durable on return.
    pub async fn start_queued_game(
        &self,
        game: &LiveGame,
        players: [UserId; 2],
    ) -> Result<LiveGame, StoreError> {
        dispatch!(self, store => store.start_queued_game(game, players), owning game)
    }

    /// Removes a live game without finishing it (no points, no stats), e.g. a game cancelled
    /// before it began. Durable on return.
    pub async fn remove_live_game(&self, id: u64) -> Result<Option<LiveGame>, StoreError> {
        dispatch!(self, store => store.remove_live_game(id))
    }

    /// Atomically: removes the live game, stores the finished one and updates both players'
    /// stats (points only when the game is rated). The game must be live: finishing it twice is
    /// refused with [`StoreError::NotLive`], so points are never counted twice. Durable on return.
    pub async fn finish_game(
        &self,
        finished: &FinishedGame,
    ) -> Result<[PlayerStats; 2], StoreError> {
        dispatch!(self, store => store.finish_game(finished), owning finished)
    }

    pub async fn finished_game(&self, id: u64) -> Result<Option<FinishedGame>, StoreError> {
        dispatch!(self, store => store.finished_game(id))
    }

    /// Atomically: removes the live game and stores it as cancelled (no result: nobody's
    /// totals, no leaderboard, no last game between the two), in both players' histories. The
    /// game must be live ([`StoreError::NotLive`] otherwise). Durable on return.
    pub async fn cancel_game(&self, cancelled: &CancelledGame) -> Result<(), StoreError> {
        dispatch!(self, store => store.cancel_game(cancelled), owning cancelled)
    }

    pub async fn cancelled_game(&self, id: u64) -> Result<Option<CancelledGame>, StoreError> {
        dispatch!(self, store => store.cancelled_game(id))
    }

    /// Every cancelled game, oldest id first.
    pub async fn cancelled_games(&self) -> Result<Vec<CancelledGame>, StoreError> {
        dispatch!(self, store => store.cancelled_games())
    }

    /// Stores (or replaces) the analysis of a finished game; durable on return.
    pub async fn put_analysis(&self, analysis: &StoredAnalysis) -> Result<(), StoreError> {
        dispatch!(self, store => store.put_analysis(analysis), owning analysis)
    }

    /// The stored analysis of game `id`; a damaged record is quarantined and not served.
    pub async fn analysis(&self, id: u64) -> Result<Option<StoredAnalysis>, StoreError> {
        dispatch!(self, store => store.analysis(id))
    }

    /// Every stored analysis, by game; damaged records are quarantined and skipped.
    pub async fn analyses(&self) -> Result<Vec<StoredAnalysis>, StoreError> {
        dispatch!(self, store => store.analyses())
    }

    /// The finished and cancelled games of `user`, newest first (by end time, then game id): `limit` of them
    /// after skipping `skip`, with how many there are in all. Backends keep an index on
    /// (user, end time, game id) so a page reads only its own games.
    pub async fn history_of(
        &self,
        user: UserId,
        skip: usize,
        limit: usize,
    ) -> Result<HistoryPage, StoreError> {
        dispatch!(self, store => store.history_of(user, skip, limit))
    }

    /// Every finished game, oldest id first (for audits and recomputing points).
    pub async fn finished_games(&self) -> Result<Vec<FinishedGame>, StoreError> {
        dispatch!(self, store => store.finished_games())
    }

    /// The last finished game between two players, in either seat order (for the rematch base
    /// score).
    pub async fn last_game_between(
        &self,
        a: UserId,
        b: UserId,
    ) -> Result<Option<FinishedGame>, StoreError> {
        dispatch!(self, store => store.last_game_between(a, b))
    }

    /// Remembers game `game` as the last game of `players` at each of `places` (its channel and
    /// its thread), for `/rematch`; durable on return. A later game replaces it.
    pub async fn set_rematch_window(
        &self,
        places: &[Place],
        players: [UserId; 2],
        game: u64,
    ) -> Result<(), StoreError> {
        dispatch!(self, store => store.set_rematch_window(places, players, game), owning places)
    }

    /// The last game `user` played at `place` (a channel, or a thread made for a game), when it
    /// has finished: what `/rematch` there repeats.
    pub async fn rematch_window(
        &self,
        place: Place,
        user: UserId,
    ) -> Result<Option<FinishedGame>, StoreError> {
        dispatch!(self, store => store.rematch_window(place, user))
    }

    /// Every remembered rematch window, by (guild, channel, user): for the operator tools.
    pub async fn rematch_windows(&self) -> Result<Vec<RematchWindow>, StoreError> {
        dispatch!(self, store => store.rematch_windows())
    }

    /// Numbers a new challenge (as [`Store::next_id`]), records its players' names (as
    /// [`Store::set_player_name`]) and stores it, in one step. Durable on return.
    pub async fn open_challenge(&self, challenge: &Challenge) -> Result<Challenge, StoreError> {
        dispatch!(self, store => store.open_challenge(challenge), owning challenge)
    }

    /// Stores (or replaces) a challenge; durable on return.
    pub async fn put_challenge(&self, challenge: &Challenge) -> Result<(), StoreError> {
        dispatch!(self, store => store.put_challenge(challenge), owning challenge)
    }

    /// Accepting a challenge: takes challenge `id` and starts the game `make` makes of it
    /// (given the last finished game between `players`, for the base score), numbered and
    /// named as [`Store::start_live_game`] does, in one step: a start that fails leaves the
    /// challenge open. `None` when the challenge was already taken. Durable on return.
    pub async fn accept_challenge<F>(
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
    pub async fn take_challenge(&self, id: u64) -> Result<Option<Challenge>, StoreError> {
        dispatch!(self, store => store.take_challenge(id))
    }

    /// The open challenges of a channel.
    pub async fn challenge_at(&self, place: Place) -> Result<Vec<Challenge>, StoreError> {
        dispatch!(self, store => store.challenge_at(place))
    }

    /// Every open challenge, for expiring them after a restart.
    pub async fn challenges(&self) -> Result<Vec<Challenge>, StoreError> {
        dispatch!(self, store => store.challenges())
    }

    /// Stores (or replaces) a tournament's record; durable on return.
    pub async fn put_tournament(&self, tournament: &Tournament) -> Result<(), StoreError> {
        dispatch!(self, store => store.put_tournament(tournament), owning tournament)
    }

    /// Every tournament, open or over, by id (a corrupt record is quarantined and skipped).
    pub async fn tournaments(&self) -> Result<Vec<Tournament>, StoreError> {
        dispatch!(self, store => store.tournaments())
    }

    /// Stores (or replaces) a member's quick-match queue entry; durable on return.
    pub async fn put_queue_entry(&self, entry: &QueueEntry) -> Result<(), StoreError> {
        dispatch!(self, store => store.put_queue_entry(entry), owning entry)
    }

    /// Removes these members' queue entries in one step; durable on return.
    pub async fn remove_queue_entries(&self, users: &[UserId]) -> Result<(), StoreError> {
        dispatch!(self, store => store.remove_queue_entries(users), owning users)
    }

    /// Writes a queue entry without waiting for the disk: on sled it becomes durable with the
    /// next durable write or [`Store::sync`] (one flush for many entries written meanwhile), on
    /// PostgreSQL it is committed on return. For a caller that writes under its own lock and
    /// waits for the disk after releasing it: on sled the write reaches memory only, so it runs
    /// in place and the lock is held for microseconds rather than a trip to the blocking pool.
    pub async fn stage_queue_entry(&self, entry: &QueueEntry) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sled(store) => store.stage_queue_entry(entry),
            Backend::Postgres(store) => store.put_queue_entry(entry).await,
        }
    }

    /// Makes every staged write durable (sled: one flush; PostgreSQL commits on return).
    pub async fn sync(&self) -> Result<(), StoreError> {
        self.on_sled(|store| store.sync(), Ok(())).await
    }

    /// Everyone waiting in a quick-match queue (a corrupt record is quarantined and skipped).
    pub async fn queue_entries(&self) -> Result<Vec<QueueEntry>, StoreError> {
        dispatch!(self, store => store.queue_entries())
    }

    /// Stores (or replaces) a guild's settings; durable on return.
    pub async fn put_guild_settings(&self, settings: &GuildSettings) -> Result<(), StoreError> {
        dispatch!(self, store => store.put_guild_settings(settings), owning settings)
    }

    /// Every guild's settings (a corrupt record is quarantined and skipped).
    pub async fn all_guild_settings(&self) -> Result<Vec<GuildSettings>, StoreError> {
        dispatch!(self, store => store.all_guild_settings())
    }

    /// A player's stats; zeroes (with `user` set) for someone never seen.
    pub async fn player(&self, user: UserId) -> Result<PlayerStats, StoreError> {
        dispatch!(self, store => store.player(user))
    }

    /// Every player with a record, by user id.
    pub async fn players(&self) -> Result<Vec<PlayerStats>, StoreError> {
        dispatch!(self, store => store.players())
    }

    /// Records a player's display name and that they were seen in `guild`; durable on return.
    pub async fn set_player_name(
        &self,
        user: UserId,
        name: &str,
        guild: u64,
    ) -> Result<(), StoreError> {
        dispatch!(self, store => store.set_player_name(user, name, guild), owning name)
    }

    /// The top `top` players of `game`'s ladder by points (ties: more wins, then fewer games,
    /// then lower user id), of one guild or of everyone (`None`), each as [`PlayerStats::on`]
    /// that ladder. Only players with a rated game of that kind are ranked.
    pub async fn leaderboard(
        &self,
        game: GameKind,
        guild: Option<u64>,
        top: usize,
    ) -> Result<Vec<PlayerStats>, StoreError> {
        dispatch!(self, store => store.leaderboard(game, guild, top))
    }

    /// A player's place on `game`'s leaderboard, shared by equal points: 1 + the players on it
    /// with more points (so "1, 2, 2, 4", as [`shared_places`] numbers the board's rows);
    /// `None` when they are not on it. Takes the same time however many players share their
    /// points.
    pub async fn position_of(
        &self,
        user: UserId,
        game: GameKind,
        guild: Option<u64>,
    ) -> Result<Option<usize>, StoreError> {
        let stats = self.player(user).await?.on(game);
        if !stats.is_on_board(guild) {
            return Ok(None);
        }
        let points = stats.points;
        let above = dispatch!(self, store => store.players_above(game, points, guild))?;
        Ok(Some(
            usize::try_from(above)
                .unwrap_or(usize::MAX)
                .saturating_add(1),
        ))
    }
}
