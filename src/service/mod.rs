//! The game service: everything between the rules engine and the front ends (Discord, the
//! console), with no transport types. It owns challenges, the quick-match queue, the
//! one-actor-per-live-game model, turn clocks, durability and the words of every reply.
//!
//! Model (after lichess's round module): each live game is a tokio task (an *actor*) owning the
//! [`crate::game::Game`], fed by an mpsc channel; every command carries a oneshot for its
//! reply, so actions on one game are applied one at a time, in arrival order, and two commands
//! arriving together can never both apply. Each acknowledged action is durable before its
//! reply (`Store::put_live_game`, and `Store::finish_game` at the end, atomic with points).
//! The actor also owns the game's clock: it sleeps until the next clock event (warning,
//! timeout, the clock draw) computed from the deadline stored with the game, so a restart
//! re-arms every clock from the store. An actor runs only while its game is busy: an idle game
//! sleeps without a task, its clock in one shared timer, and wakes for its next command or
//! clock event (`live/sleep.rs`), so a waiting game costs little memory.
//!
//! The actor decides and stores; it does not word or draw. What it decided goes as a value
//! (`live/happened.rs`: an event and a snapshot of the public view, names, clock and languages) to
//! the game's presenter (`live/presenter.rs`), a task beside the actor fed by one FIFO channel: it
//! words the reply (`live/tell.rs`), draws the board on the painter threads (`picture.rs`) and
//! delivers it to the waiting caller or the outbound channel, in the order decided, while the
//! actor already takes its next command.
//!
//! Front ends call [`Service::handle`] with a [`Caller`] and a [`Command`] and show the
//! [`Reply`]; messages the bot sends on its own arrive as [`Outbound`] values on the receiver
//! [`Service::start`] returns.

mod ai;
mod analysis;
mod button;
mod clock;
mod flood;
mod history;
mod layouts;
mod live;
mod lobby;
mod menu;
mod moderation;
mod news;
mod operation;
mod picture;
mod playing;
mod queue;
mod replay;
mod settings;
mod standings;
mod tournament;
mod types;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use thiserror::Error;
use tokio::sync::mpsc::{self, UnboundedReceiver, UnboundedSender};

/// Which front end the service speaks to (the words name its commands and buttons).
pub use crate::words::Surface;
pub use crate::words::turns::board_text;
/// The one way every front end words a sentence in three languages.
use crate::words::{self, history as history_words, turns as text};
pub use ai::{AiRequest, ai_move};
pub use analysis::{
    AnalysedGame, AnalysisMedia, AnalysisMediaError, compute as compute_analysis,
    media as analysis_media, media_of_views as analysis_media_of_views,
};
pub use button::{Button, ButtonId, Turn, UnknownButton};
pub use clock::{ClockEvent, now_ms};
pub use history::{PAGE_SIZE, SPEEDS};
pub use live::DeployStep;
pub use menu::{Menu, MenuId, MenuOption};
use news::{GameNews, Presented};
pub use operation::Operation;
pub use picture::board_png;
pub use replay::{DEFAULT_SPEED, ReplayMedia, ReplayMediaError, media as replay_media};
pub use settings::{Key as SettingKey, MAX_LIVE_GAMES, Settings};
pub use tournament::{OpenedRoom, RoomRequest, Rooms};
pub use types::{
    AI_USER, Announcement, Attachment, Caller, Command, FileKind, GameEvent, Member, Opponent,
    Outbound, Receipt, Reply, Rights, Tongues, TournamentCommand,
};

use crate::config::Shards;
use crate::config::{Config, Language};
use crate::game::ReplayError;
use crate::store::{Place, Store, StoreError};

/// What can stop the service from starting or a command from being saved.
#[derive(Debug, Error)]
pub enum ServiceError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("live game {id} cannot be replayed from its record: {source}")]
    Replay { id: u64, source: ReplayError },
    #[error("a background task failed: {0}")]
    Task(String),
    #[error("game {0} is not being played")]
    NoSuchGame(u64),
}

/// The game service. Cheap to clone; every clone talks to the same games.
#[derive(Clone)]
pub struct Service {
    inner: Arc<Inner>,
}

/// What the service itself holds: its configuration, store and outbound channel, the front
/// end it speaks to, and the live games. Each feature keeps its own state in a value of its
/// module's own type, with private fields, which no other module reaches into.
struct Inner {
    config: Config,
    store: Store,
    outbound: UnboundedSender<Outbound>,
    /// The front end the words are for.
    surface: Surface,
    /// The gateway shards this process runs: it owns the places of their guilds.
    shards: Shards,
    /// The front end's room opener for tournament and quick-match games (without one, a game
    /// gets a place of its own: `tournament/rooms.rs`).
    rooms: Option<Arc<dyn Rooms>>,
    /// The live game of each channel, awake or asleep (`live/sleep.rs`).
    games: Mutex<HashMap<Place, live::GameHandle>>,
    /// What the live games share besides: the sleeping games' clocks, the threads' homes, the
    /// AI's seeds (`live/`).
    live: live::Common,
    /// Serialises what changes a channel's challenges and game (challenge, accept, rematch,
    /// expiry), so two accepts can never start two games in one channel.
    place_locks: Mutex<PlaceLocks>,
    /// The open challenges' expiry timers and the open challenges taken lately (`lobby/`).
    challenges: lobby::Challenges,
    /// Who hears of every game's start and end (`news.rs`).
    watchers: news::Watchers,
    /// The arena tournaments of this process's guilds (`tournament/`).
    arena: tournament::Arena,
    /// The quick-match queues of this process's guilds (`queue/`).
    queues: queue::Queues,
    /// Each member's allowance of image commands (`flood.rs`).
    image_buckets: flood::Buckets,
    /// Every guild's own settings and public language (`settings/`).
    guild_settings: settings::GuildCache,
    /// The analyses running or waiting on the analysis pool (`analysis/`).
    analysts: Arc<analysis::Analysts>,
}

/// The channels' locks (`Inner::place_lock`), swept of the unused ones whenever they have
/// doubled, so a channel's lock costs nothing once its game has started.
#[derive(Default)]
struct PlaceLocks {
    map: HashMap<Place, Arc<tokio::sync::Mutex<()>>>,
    sweep_at: usize,
}

impl PlaceLocks {
    const FIRST_SWEEP: usize = 1024;
}

/// Locks a mutex whose data stays consistent even if a holder panicked (every critical
/// section is a single map operation).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Inner {
    fn place_lock(&self, place: Place) -> Arc<tokio::sync::Mutex<()>> {
        let mut locks = lock(&self.place_locks);
        if locks.map.len() >= locks.sweep_at {
            // A lock nobody holds a handle on is not held: a later caller makes a new one.
            locks.map.retain(|_, held| Arc::strong_count(held) > 1);
            locks.sweep_at = (locks.map.len() * 2).max(PlaceLocks::FIRST_SWEEP);
        }
        locks.map.entry(place).or_default().clone()
    }

    fn send(&self, place: Place, reply: Reply) {
        // A front end that stopped listening is shutting down; nothing to do.
        let _ = self.outbound.send(Outbound { place, reply });
    }

    /// Whether this process owns `place`'s live game and challenges: its guild is on one of
    /// this process's shards (each process of a sharded bot resumes and answers only those).
    fn owns(&self, place: Place) -> bool {
        self.shards.owns_guild(place.guild)
    }

    /// The deal seed of a new game: the test seed when configured, else random.
    fn deal_seed(&self) -> u64 {
        self.config.test_seed.unwrap_or_else(rand::random::<u64>)
    }
}

/// How long a background store write that failed waits before it is tried again: a second, so
/// what lapsed during an outage is applied within about a second of the database's return.
const STORE_RETRY: std::time::Duration = std::time::Duration::from_secs(1);

/// Runs `attempt` until the store answers, every [`STORE_RETRY`], counting and logging each
/// failure. For what timers and news followers do on their own: nobody would ask for it again,
/// so a write given up in an outage would be lost. Each attempt must be safe to repeat.
async fn until_stored<T, F, Fut>(what: &str, mut attempt: F) -> T
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, ServiceError>>,
{
    loop {
        match attempt().await {
            Ok(value) => return value,
            Err(error) => {
                crate::ops::metrics::store_failure();
                tracing::error!("{what}: {error}; retrying in 1 s");
                tokio::time::sleep(STORE_RETRY).await;
            }
        }
    }
}

/// The reply when the store refused a write: nothing changed.
fn store_failure(error: &ServiceError, lang: crate::config::Language) -> Reply {
    note_store_failure(error);
    Reply::refusal(words::store_failure(lang))
}

/// Logs and counts a write the store refused.
fn note_store_failure(error: &ServiceError) {
    tracing::error!("store failure: {error}");
    crate::ops::metrics::store_failure();
    crate::timings::note_outcome("failed: store");
}

impl Service {
    /// Starts the service on an open store: re-arms every live game (actor and clock, from
    /// its stored deadline) and every open challenge's expiry. Must be called inside a tokio
    /// runtime. Returns the receiver of the messages the bot sends on its own.
    pub async fn start(
        config: Config,
        store: Store,
    ) -> Result<(Service, UnboundedReceiver<Outbound>), ServiceError> {
        Service::start_on(config, store, Surface::Console, None).await
    }

    /// [`Service::start`] for a front end whose words differ from the console's, and which
    /// opens its own rooms for tournament and quick-match games (`rooms`; without one a game
    /// gets a place of its own: `tournament/rooms.rs`). The opener is in place before any
    /// tournament resumes: a tournament due while the bot was down pairs its first games at
    /// once.
    pub async fn start_on(
        config: Config,
        store: Store,
        surface: Surface,
        rooms: Option<Arc<dyn Rooms>>,
    ) -> Result<(Service, UnboundedReceiver<Outbound>), ServiceError> {
        let (outbound, receiver) = mpsc::unbounded_channel();
        let shards = config.shards();
        let inner = Arc::new(Inner {
            config,
            store,
            outbound,
            surface,
            shards,
            rooms,
            games: Mutex::new(HashMap::new()),
            live: live::Common::default(),
            place_locks: Mutex::default(),
            challenges: lobby::Challenges::default(),
            watchers: news::Watchers::default(),
            arena: tournament::Arena::default(),
            queues: queue::Queues::default(),
            image_buckets: flood::Buckets::default(),
            guild_settings: settings::GuildCache::default(),
            analysts: Arc::default(),
        });
        settings::load(&inner).await?;
        live::start_ringing(&inner);
        // Opened before any game resumes, so a tournament hears of a game that ends at once.
        let tournament_news = inner.watch_games();
        let queue_news = inner.watch_games();
        // Other processes on the same database run the other shards' games and challenges.
        let live = inner.store.live_games().await?;
        for game in live.into_iter().filter(|game| inner.owns(game.place)) {
            // One unreadable game must not keep every other game from resuming.
            if let Err(error) = live::spawn(&inner, game, None) {
                tracing::error!("{error}");
            }
        }
        let challenges = inner.store.challenges().await?;
        for challenge in challenges.into_iter().filter(|c| inner.owns(c.place)) {
            lobby::arm_expiry(
                &inner,
                challenge.id,
                challenge.place,
                challenge.expires_at_ms,
            );
        }
        tournament::resume(&inner, tournament_news).await?;
        queue::resume(&inner, queue_news).await?;
        Ok((Service { inner }, receiver))
    }

    /// Handles one command and returns the reply to show the caller (or the channel), in the
    /// configured language (English under `auto`).
    pub async fn handle(&self, caller: Caller, command: Command) -> Reply {
        let tongues = Tongues::both(self.inner.config.language.or_english());
        self.handle_in(caller, command, tongues).await
    }

    /// Remembers the language of guild `guild`'s public messages (the front end tells it when
    /// it learns the server's language, before anyone there has typed a command).
    pub fn remember_guild_language(&self, guild: u64, language: Language) {
        let language = self.inner.config.language.fixed().unwrap_or(language);
        self.inner.guild_settings.remember_language(guild, language);
    }

    /// The settings in force in guild `guild` (its own over the config file's).
    pub fn settings(&self, guild: u64) -> Settings {
        self.inner.settings(guild)
    }

    /// Handles one command: private replies in `tongues.private`, public ones in
    /// `tongues.public` (a fixed language of the server, else of the config, overrides both).
    pub async fn handle_in(&self, caller: Caller, command: Command, tongues: Tongues) -> Reply {
        let inner = &self.inner;
        let tongues = match inner.settings(caller.place.guild).language.fixed() {
            Some(fixed) => Tongues::both(fixed),
            None => tongues,
        };
        let lang = tongues.private;
        if !inner.owns(caller.place) {
            // Discord routes a guild's events to the process running its shard; one arriving
            // here anyway must not start a second actor beside the owner's.
            tracing::warn!(
                "a command for guild {} reached {}, which does not own it",
                caller.place.guild,
                inner.shards
            );
            return Reply::refusal(words::not_this_process(lang));
        }
        inner
            .guild_settings
            .remember_language(caller.place.guild, tongues.public);
        if let Some(refusal) = flood::too_many_images(inner, &caller, &command, lang) {
            return refusal;
        }
        if matches!(
            command,
            Command::Challenge { .. } | Command::Play { .. } | Command::Tournament(_)
        ) && let Some(refusal) = settings::outside_games_channels(inner, &caller, lang)
        {
            return refusal;
        }
        match command {
            Command::Challenge {
                opponent,
                seconds,
                game,
            } => lobby::challenge(inner, &caller, tongues, (opponent, game), seconds).await,
            Command::Accept { challenge } => {
                lobby::accept(inner, &caller, tongues, challenge).await
            }
            Command::Decline { challenge } => {
                let closing = lobby::Closing::Decline;
                lobby::close(inner, &caller, tongues, challenge, closing).await
            }
            Command::Withdraw { challenge } => {
                let closing = lobby::Closing::Withdraw;
                lobby::close(inner, &caller, tongues, challenge, closing).await
            }
            Command::Rematch => lobby::rematch(inner, &caller, tongues).await,
            Command::Layouts { delete } => layouts::layouts(inner, &caller, lang, delete).await,
            Command::Rank { member, game } => {
                standings::rank(inner, &caller, lang, member, game).await
            }
            Command::Leaderboard { global, game } => {
                standings::leaderboard(inner, &caller, lang, global, game).await
            }
            Command::Rules => {
                Reply::private(text::rules_text(&inner.config.rules, lang, inner.surface))
            }
            Command::Help => Reply::private(words::help_lines(lang, inner.surface)),
            Command::History { member, page } => {
                history::history(inner, &caller, lang, member, page).await
            }
            Command::Replay { game, speed } => history::replay(inner, lang, game, speed).await,
            Command::Analyse { game } => analysis::request(inner, &caller, lang, game).await,
            Command::Games => history::games(inner, &caller, lang).await,
            Command::Tournament(command) => {
                tournament::handle(inner, &caller, tongues, command).await
            }
            Command::Play {
                seconds,
                game,
                cancel,
            } => queue::play(inner, &caller, tongues, (seconds, game), cancel).await,
            Command::Settings { rights, changes } => {
                settings::settings(inner, &caller, lang, &rights, changes).await
            }
            Command::SettingsLog { rights } => settings::log(inner, &caller, lang, &rights),
            Command::Cancel {
                game,
                reason,
                rights,
            } => moderation::cancel(inner, caller, tongues, game, reason, &rights).await,
            game_command => live::send(inner, caller, tongues, game_command).await,
        }
    }

    /// The chart of finished game `game` once its analysis is done (at once when it is
    /// stored): what a front end awaits after a reply with [`GameEvent::Analysing`]. The caller
    /// is checked as for [`Command::Analyse`].
    pub async fn analysis(&self, caller: Caller, tongues: Tongues, game: u64) -> Reply {
        let tongues = match self.inner.settings(caller.place.guild).language.fixed() {
            Some(fixed) => Tongues::both(fixed),
            None => tongues,
        };
        analysis::wait(&self.inner, &caller, tongues.private, game).await
    }

    /// Moves the live game `game` to `to` (a thread made for it): its commands are then taken
    /// there and the bot's own messages about it go there. Durable on return.
    pub async fn move_game(&self, game: u64, to: Place) -> Result<(), ServiceError> {
        live::relocate(&self.inner, game, to).await
    }

    /// The caller's legal actions in the game of their channel, when it is their turn (else
    /// none): for suggestions while a player types. Only what the player could list themselves.
    pub async fn legal_actions(&self, caller: &Caller) -> Vec<crate::game::Action> {
        live::legal_actions(&self.inner, caller).await
    }

    /// The names of the caller's saved layouts, for suggestions while they type one.
    pub async fn saved_layout_names(&self, caller: &Caller) -> Vec<String> {
        layouts::names(&self.inner, caller.user).await
    }

    /// The squares of the caller's posts while their deployment is open (none otherwise).
    pub async fn deploy_posts(&self, caller: &Caller) -> Vec<crate::game::Square> {
        live::deploy_posts(&self.inner, caller).await
    }

    /// The front end posted tournament `tournament`'s announcement as its message `message`:
    /// the live standings edit that message, also after a restart. Durable on return.
    pub async fn announcement_posted(
        &self,
        tournament: u64,
        message: u64,
    ) -> Result<(), ServiceError> {
        tournament::announcement_posted(&self.inner, tournament, message).await
    }

    /// The configuration the service runs with.
    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    /// The number of live games (awake or asleep, each with an armed clock).
    pub fn live_game_count(&self) -> usize {
        live::counts(&self.inner).0
    }

    /// The number of live games whose actor is running (the others sleep until their next
    /// command or clock event).
    pub fn awake_game_count(&self) -> usize {
        live::counts(&self.inner).1
    }

    /// Stops every actor and timer. Live games stay in the store (every acknowledged action
    /// already is durable) and resume at the next start.
    pub async fn shutdown(&self) {
        self.inner.arena.shutdown();
        self.inner.queues.shutdown();
        self.inner.challenges.shutdown();
        live::stop_all(&self.inner).await;
    }
}
