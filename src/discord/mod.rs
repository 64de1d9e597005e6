//! The Discord front end: slash commands, buttons and autocomplete (poise on serenity) over the
//! transport-independent game service, and the channel messages the service sends on its own.
//!
//! Owns: the connection to Discord (REST base URL and gateway), command registration, turning a
//! service [`Reply`](crate::service::Reply) into Discord messages (text, board PNG attachment,
//! buttons, ephemeral flag, embeds), delivery with retries, and routing every button press by
//! its `custom_id` through one handler (no collectors, so buttons on messages sent before a
//! restart keep working). Game state lives in the service and the store; this module keeps
//! none, so a failed Discord call never leaves a game half-changed.

mod autocomplete;
mod buttons;
mod commands;
mod deliver;
mod failures;
mod history;
pub mod http;
mod lanes;
mod layouts;
mod lobby;
mod localise;
mod menus;
mod messages;
mod moderation;
mod play;
mod settings;
mod threads;
mod tournament;
mod turns;
mod wording;

#[cfg(test)]
mod names_tests;
#[cfg(test)]
mod registration_tests;

pub use deliver::post_reply;
pub use threads::NoThread;

use wording as words;

use std::future::Future;
use std::path::Path;
use std::sync::Arc;

use poise::serenity_prelude as serenity;
use thiserror::Error;

use crate::config::{Config, Language};
use crate::service::{Caller, Service, ServiceError, Surface, Tongues};
use crate::store::{Place, Store, StoreError};

/// Why the bot could not start or stopped.
#[derive(Debug, Error)]
pub enum DiscordError {
    #[error(
        "no Discord bot token: set the {variable} environment variable to your bot's token \
         (see the Discord section of the README), or play in the terminal with `junqi-bot console`"
    )]
    NoToken { variable: String },
    #[error(transparent)]
    Layout(#[from] crate::ops::LayoutError),
    #[error("cannot open the store: {0}")]
    Store(#[from] StoreError),
    #[error("cannot start the game service: {0}")]
    Service(#[from] ServiceError),
    #[error("Discord: {0}")]
    Serenity(#[from] Box<serenity::Error>),
    #[error("a background task failed: {0}")]
    Task(String),
    #[error(
        "{shards} needs the shared PostgreSQL store: the sled store can be opened by one process \
         only, which must then run every shard. Set `database_url` (or DATABASE_URL), or drop \
         `--shards`/`[discord] shards` (see the README section \"Scaling out\")"
    )]
    ShardsNeedPostgres { shards: crate::config::Shards },
    #[error("`[discord] api_root_certificate` {path}: {reason}")]
    RootCertificate {
        path: std::path::PathBuf,
        reason: String,
    },
}

impl From<serenity::Error> for DiscordError {
    fn from(error: serenity::Error) -> Self {
        DiscordError::Serenity(Box::new(error))
    }
}

/// What every command and event handler shares.
#[derive(Clone)]
pub struct Bot {
    service: Service,
    config: Config,
    threads: Arc<threads::Threads>,
    /// The newest turn message of each game (older ones lose their buttons).
    turns: Arc<turns::TurnMessages>,
    /// One gate per channel: its interaction answers and its own messages go out in order.
    gates: Arc<lanes::Gates>,
}

/// Errors of command bodies; they are logged and answered privately by `on_error`.
pub type CommandError = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, Bot, CommandError>;

/// The bot token from the environment variable the config names (`DISCORD_TOKEN` by default).
pub fn token_from_env(config: &Config) -> Result<String, DiscordError> {
    let variable = config.discord.token_env.clone();
    match std::env::var(&variable) {
        Ok(token) if !token.trim().is_empty() => Ok(token.trim().to_string()),
        _ => Err(DiscordError::NoToken { variable }),
    }
}

/// Runs the bot until SIGTERM or Ctrl-C: token from the environment, store in DATA/store
/// (an old directory with the store directly in DATA is moved there first).
pub async fn run(config: Config) -> Result<(), DiscordError> {
    let token = token_from_env(&config)?;
    let layout = crate::ops::DataLayout::new(&config.data_dir);
    layout.prepare()?;
    run_with(
        config,
        &layout.store(),
        token,
        crate::ops::shutdown::requested(),
    )
    .await
}

/// Runs the bot on the store in `store_dir` until `shutdown` completes (or the gateway fails
/// for good), then stops the service's games cleanly (they resume at the next start).
pub async fn run_with(
    config: Config,
    store_dir: &Path,
    token: String,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), DiscordError> {
    let dir = store_dir.to_path_buf();
    let url = crate::store::database_url(config.database_url.as_deref());
    let shards = config.shards();
    if !shards.is_all() && url.is_none() {
        return Err(DiscordError::ShardsNeedPostgres { shards });
    }
    let patience = std::time::Duration::from_secs(config.db_connect_timeout_secs);
    let store = Store::open_patiently(url.as_deref(), &dir, patience).await?;
    let threads = Arc::new(threads::Threads::default());
    // The rooms' REST client is the gateway client's, built below; a tournament that resumes
    // first waits for it rather than falling back to rooms that are not threads.
    let rooms_http = Arc::new(tokio::sync::SetOnce::new());
    let rooms = Arc::new(tournament::ThreadRooms {
        http: rooms_http.clone(),
        threads: threads.clone(),
    });
    let (service, outbound) =
        Service::start_on(config.clone(), store.clone(), Surface::Discord, Some(rooms)).await?;
    let operations = crate::ops::Operations::start(&config, &store, &service)
        .await
        .map_err(|error| DiscordError::Task(error.to_string()))?;
    let http = http::client(&config, &token)?;
    let gates = Arc::new(lanes::Gates::default());
    let turns = Arc::new(turns::TurnMessages::default());
    let bot = Bot {
        service: service.clone(),
        config,
        threads: threads.clone(),
        turns: turns.clone(),
        gates: gates.clone(),
    };

    let setup_bot = bot.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            event_handler: |framework, event| {
                Box::pin(buttons::on_event(
                    framework.serenity_context,
                    event,
                    framework.user_data,
                ))
            },
            on_error: |error| Box::pin(failures::on_error(error)),
            ..Default::default()
        })
        .initialize_owners(false)
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                register(
                    ctx,
                    &framework.options().commands,
                    setup_bot.config.discord.dev_guild,
                )
                .await?;
                Ok(setup_bot)
            })
        })
        .build();
    tracing::info!("running {shards}");
    let intents = serenity::GatewayIntents::non_privileged();
    let mut client = serenity::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .event_handler(http::RateLimitCounter)
        .await?;
    // Only this function sets it, once.
    let _ = rooms_http.set(Arc::clone(&client.http));
    let pump = tokio::spawn(deliver::post_outbound(
        Arc::clone(&client.http),
        threads,
        turns,
        gates,
        outbound,
    ));
    let manager = Arc::clone(&client.shard_manager);
    let result = tokio::select! {
        // serenity's range end is inclusive here (it starts shards `start..=end`).
        result = client.start_shard_range(shards.range.first..shards.range.last, shards.total) => {
            result.map_err(DiscordError::from)
        }
        () = shutdown => {
            manager.shutdown_all().await;
            Ok(())
        }
    };
    drop(client);
    pump.abort();
    drop(operations);
    service.shutdown().await;
    crate::ops::shutdown::close_store(store).await?;
    result
}

/// Registers the slash commands: in the dev guild at once, or globally (which Discord takes
/// up to an hour to show everywhere).
async fn register(
    ctx: &serenity::Context,
    commands: &[poise::Command<Bot, CommandError>],
    dev_guild: Option<u64>,
) -> Result<(), serenity::Error> {
    let registrations = menus::registrations(commands);
    match dev_guild {
        Some(guild) => {
            serenity::GuildId::new(guild)
                .set_commands(&ctx.http, registrations)
                .await?;
            tracing::info!("registered {} commands in guild {guild}", commands.len());
        }
        None => {
            serenity::Command::set_global_commands(&ctx.http, registrations).await?;
            tracing::info!("registered {} commands globally", commands.len());
        }
    }
    Ok(())
}

/// The interaction of a slash command (sent, or being typed) and who sent it; none for a
/// prefix command.
fn slash_caller(ctx: Context<'_>) -> Option<(&serenity::CommandInteraction, Caller)> {
    let poise::Context::Application(app) = ctx else {
        return None;
    };
    let interaction = app.interaction;
    let caller = caller_of(
        &interaction.user,
        interaction.member.as_deref(),
        interaction.guild_id,
        interaction.channel_id,
    );
    Some((interaction, caller))
}

/// Who is acting, from an interaction: the member's server nickname when they have one.
fn caller_of(
    user: &serenity::User,
    member: Option<&serenity::Member>,
    guild: Option<serenity::GuildId>,
    channel: serenity::ChannelId,
) -> Caller {
    let name = member
        .and_then(|member| member.nick.clone())
        .unwrap_or_else(|| user.display_name().to_string());
    Caller {
        user: user.id.get(),
        name,
        place: Place {
            guild: guild.map_or(0, serenity::GuildId::get),
            channel: channel.get(),
        },
    }
}

/// What the member may do on the server, from the interaction (permissions in the channel,
/// administrators holding every one) and their roles.
pub(crate) fn rights_of(member: Option<&serenity::Member>) -> crate::service::Rights {
    let permissions = member.and_then(|member| member.permissions);
    let has = |check: fn(serenity::Permissions) -> bool| {
        permissions.is_some_and(|permissions| permissions.administrator() || check(permissions))
    };
    crate::service::Rights {
        manage_guild: has(serenity::Permissions::manage_guild),
        manage_events: has(serenity::Permissions::manage_events),
        manage_messages: has(serenity::Permissions::manage_messages),
        roles: member.map_or_else(Vec::new, |member| {
            member.roles.iter().map(|role| role.get()).collect()
        }),
    }
}

/// The languages of an interaction's replies: private ones in the member's client language,
/// public ones in the server's (`language = "auto"`), or the server's (else the configured)
/// fixed language everywhere.
fn tongues_of(
    service: &Service,
    guild: Option<serenity::GuildId>,
    locale: &str,
    guild_locale: Option<&str>,
) -> Tongues {
    let setting = language_setting(service, guild);
    Tongues {
        private: setting.for_locale(Some(locale)),
        public: setting.for_locale(guild_locale),
    }
}

/// The language setting in force in `guild` (the server's, else the config's).
fn language_setting(
    service: &Service,
    guild: Option<serenity::GuildId>,
) -> crate::config::LanguageSetting {
    service
        .settings(guild.map_or(0, serenity::GuildId::get))
        .language
}

/// The language of what only the member sees.
fn private_language(service: &Service, guild: Option<serenity::GuildId>, locale: &str) -> Language {
    language_setting(service, guild).for_locale(Some(locale))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_shard_range_on_sled_is_refused_before_anything_opens() {
        if crate::store::database_url(None).is_some() {
            // DATABASE_URL selects PostgreSQL, where a range is allowed.
            return;
        }
        let config = Config::default()
            .with_shards(Some("1".parse().expect("a range")), Some(2))
            .expect("a valid range");
        let dir = std::path::Path::new("/nonexistent/junqi-shards-test");
        let error = run_with(config, dir, "token".into(), std::future::pending())
            .await
            .expect_err("sled cannot be shared");
        let message = error.to_string();
        assert!(message.contains("shards 1 of 2"), "{message}");
        assert!(message.contains("PostgreSQL"), "{message}");
        assert!(!dir.exists());
    }

    #[test]
    fn a_missing_token_names_the_variable_and_the_console() {
        let mut config = Config::default();
        config.discord.token_env = "JUNQI_TEST_TOKEN_THAT_IS_NEVER_SET".into();
        let error = token_from_env(&config).expect_err("no such variable");
        let message = error.to_string();
        assert!(
            message.contains("JUNQI_TEST_TOKEN_THAT_IS_NEVER_SET"),
            "{message}"
        );
        assert!(message.contains("junqi-bot console"), "{message}");
    }
}
