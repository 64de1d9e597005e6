//! The slash commands, localised (English, 简体中文, 繁體中文), each a thin translation of its
//! options into a service [`Command`] whose [`Reply`] goes back through `deliver`.

// A refusal travels as `Err(Reply)` once per command, never in a hot loop: boxing it would
// only add noise.
#![allow(clippy::result_large_err)]

use poise::serenity_prelude as serenity;

use super::deliver::{self, Origin};
use super::messages::{Layout, Outgoing};
use super::{
    Bot, CommandError, Context, autocomplete, localise, private_language, slash_caller, threads,
    tongues_of, words,
};
use crate::config::Language;
use crate::game::Square;
use tracing::Instrument;

use crate::service::{
    Caller, Command, GameEvent, Member, Operation, Opponent, Reply, Surface, Tongues,
};
use crate::words::{Cmd, Menu};

/// Every command the bot registers: one per command of the table (`words::Cmd`), then the
/// context menus, each with its descriptions and Chinese names filled in from the table.
pub fn all() -> Vec<poise::Command<Bot, CommandError>> {
    let slash = Cmd::ALL
        .into_iter()
        .map(|cmd| localise::slash(cmd, slash_command(cmd)));
    let menus = Menu::ALL
        .into_iter()
        .map(|menu| localise::menu(menu, super::menus::command(menu)));
    slash.chain(menus).collect()
}

/// The poise command that answers `cmd`.
fn slash_command(cmd: Cmd) -> poise::Command<Bot, CommandError> {
    match cmd {
        Cmd::Challenge => challenge(),
        Cmd::Accept => super::lobby::accept(),
        Cmd::Decline => super::lobby::decline(),
        Cmd::Withdraw => super::lobby::withdraw(),
        Cmd::Play => super::play::play(),
        Cmd::Deploy => deploy(),
        Cmd::Layouts => super::layouts::layouts(),
        Cmd::Flip => flip(),
        Cmd::Move => move_piece(),
        Cmd::Moves => moves(),
        Cmd::Board => board(),
        Cmd::Export => export(),
        Cmd::Draw => draw(),
        Cmd::Resign => resign(),
        Cmd::Abandon => abandon(),
        Cmd::Rematch => rematch(),
        Cmd::Rank => rank(),
        Cmd::Leaderboard => leaderboard(),
        Cmd::History => super::history::history(),
        Cmd::Replay => super::history::replay(),
        Cmd::Analyse => super::history::analyse(),
        Cmd::Games => super::history::games(),
        Cmd::Tournament => super::tournament::tournament(),
        Cmd::Rules => rules(),
        Cmd::Help => help(),
        Cmd::Settings => super::settings::settings(),
        Cmd::Cancel => super::moderation::cancel(),
    }
}

/// Sends `command` to the service as the interaction's user and answers with its reply.
pub(super) async fn run(
    ctx: Context<'_>,
    command: Result<Command, Reply>,
    layout: Layout,
) -> Result<(), CommandError> {
    let Some((interaction, caller)) = slash_caller(ctx) else {
        return Ok(());
    };
    let tongues = tongues_of(
        &ctx.data().service,
        interaction.guild_id,
        &interaction.locale,
        interaction.guild_locale.as_deref(),
    );
    let origin = Origin::Command(interaction);
    ask_service(
        ctx.http(),
        ctx.data(),
        origin,
        caller,
        tongues,
        command,
        layout,
    )
    .await;
    Ok(())
}

/// Asks the service (unless `command` is already a refusal) and answers the interaction: a
/// game that starts moves to its own thread, one that ends leaves its result in the channel.
/// Returns whether a public reply was delivered.
pub(super) async fn ask_service(
    http: &serenity::Http,
    bot: &Bot,
    origin: Origin<'_>,
    caller: Caller,
    tongues: Tongues,
    command: Result<Command, Reply>,
    layout: Layout,
) -> bool {
    let mut operation = Operation::start(command.as_ref(), caller.place);
    // Held until the answer is delivered: the channel's own messages decided after this command
    // (the AI's answer) wait for it.
    let turn = bot.gates.enter(caller.place.channel).await;
    let service = bot.service.clone();
    let asker = caller.clone();
    let work = operation.serve(async move {
        match command {
            Ok(command) => service.handle_in(asker, command, tongues).await,
            Err(refusal) => refusal,
        }
    });
    let (reply, deferred) = deliver::settle(http, origin, work).await;
    let span = operation.span().clone();
    let asked = (caller, tongues, turn);
    let delivered = deliver_answer(http, bot, origin, asked, (reply, deferred), layout)
        .instrument(span)
        .await;
    operation.finish();
    delivered
}

/// Delivers the service's answer to a command: in the channel, in a new game's thread, or
/// (a chart) once the analysis is done.
async fn deliver_answer(
    http: &serenity::Http,
    bot: &Bot,
    origin: Origin<'_>,
    (caller, tongues, turn): (Caller, Tongues, tokio::sync::OwnedMutexGuard<()>),
    (reply, deferred): (Reply, bool),
    layout: Layout,
) -> bool {
    match reply.event {
        Some(GameEvent::Analysing { game }) => {
            // Seconds of work: the channel's own messages must not wait for it.
            drop(turn);
            let deferred = deferred || deliver::defer(http, origin).await;
            let chart = bot.service.analysis(caller, tongues, game).await;
            deliver::respond(http, origin, Outgoing::new(chart, layout), deferred).await
        }
        Some(GameEvent::Started { .. }) if !reply.private => {
            threads::answer_start(http, bot, origin, reply, deferred, tongues.public).await
        }
        Some(GameEvent::Ended { .. }) => {
            threads::answer_end(http, bot, origin, reply, deferred).await
        }
        _ => {
            let announcement = reply.announcement.is_some().then(|| reply.clone());
            let turn = super::turns::turn_game(&reply).map(|_| reply.clone());
            let delivered =
                deliver::respond(http, origin, Outgoing::new(reply, layout), deferred).await;
            if let Some(reply) = turn.filter(|_| delivered) {
                let message = origin.response_message(http).await.ok();
                bot.turns
                    .delivered(http, &reply, origin.channel(), message)
                    .await;
            }
            if let Some(reply) = announcement {
                super::tournament::answered(http, &bot.service, origin, &reply).await;
            }
            delivered
        }
    }
}

/// A square typed into an option, or a refusal in the member's language.
fn square(text: &str, language: Language) -> Result<Square, Reply> {
    text.trim().parse::<Square>().map_err(|_| {
        Reply::refusal(crate::words::not_a_square(
            language,
            &crate::console::parse::echo(text.trim()),
        ))
    })
}

pub(super) fn member(user: &serenity::User) -> Member {
    Member {
        user: user.id.get(),
        name: user.display_name().to_string(),
    }
}

/// `/challenge`: a member, the bot itself (at `level`) or anyone here.
#[poise::command(slash_command, guild_only)]
async fn challenge(
    ctx: Context<'_>,
    member: Option<serenity::User>,
    #[min = 1]
    #[max = 3600]
    seconds: Option<u32>,
    level: Option<AiLevel>,
    game: Option<GameChoice>,
) -> Result<(), CommandError> {
    let bot_id = ctx.serenity_context().cache.current_user().id;
    let language = locale_language(ctx);
    let game = GameChoice::kind_or_flip(game);
    let command = match member {
        None => Ok(Command::Challenge {
            opponent: Opponent::Anyone,
            seconds,
            game,
        }),
        Some(member) => member_challenge(member, bot_id, level, (seconds, game), language),
    };
    run(ctx, command, Layout::Plain).await
}

/// A challenge to `member` (the bot itself: the AI at `level`).
fn member_challenge(
    member: serenity::User,
    bot_id: serenity::UserId,
    level: Option<AiLevel>,
    (seconds, game): (Option<u32>, crate::GameKind),
    language: Language,
) -> Result<Command, Reply> {
    if member.id == bot_id {
        Ok(Command::Challenge {
            opponent: Opponent::Ai {
                level: level.map(AiLevel::level),
            },
            seconds,
            game,
        })
    } else if member.bot {
        Err(Reply::refusal(words::other_bot(language)))
    } else {
        Ok(Command::Challenge {
            opponent: Opponent::Member(self::member(&member)),
            seconds,
            game,
        })
    }
}

/// `/deploy`: a step of a standard game's deployment, answered privately with the panel.
#[poise::command(slash_command, guild_only)]
async fn deploy(
    ctx: Context<'_>,
    action: Option<DeployAction>,
    #[autocomplete = "autocomplete::posts"] from: Option<String>,
    #[autocomplete = "autocomplete::posts"] to: Option<String>,
    #[autocomplete = "autocomplete::presets"] name: Option<String>,
    text: Option<String>,
) -> Result<(), CommandError> {
    let language = locale_language(ctx);
    let missing =
        |option: &str| Reply::refusal(crate::words::deploy::missing_option(language, option));
    let step = match action {
        None => Ok(crate::service::DeployStep::Show),
        Some(DeployAction::Random) => Ok(crate::service::DeployStep::Random),
        Some(DeployAction::Ready) => Ok(crate::service::DeployStep::Ready),
        Some(DeployAction::Preset) => name
            .map(crate::service::DeployStep::Preset)
            .ok_or_else(|| missing("name")),
        Some(DeployAction::Layout) => text
            .map(crate::service::DeployStep::Layout)
            .ok_or_else(|| missing("text")),
        Some(DeployAction::Save) => name
            .map(crate::service::DeployStep::Save)
            .ok_or_else(|| missing("name")),
        Some(DeployAction::Load) => name
            .map(crate::service::DeployStep::Load)
            .ok_or_else(|| missing("name")),
        Some(DeployAction::Swap) => match (from, to) {
            (Some(from), Some(to)) => self::square(&from, language).and_then(|from| {
                let to = self::square(&to, language)?;
                Ok(crate::service::DeployStep::Swap { from, to })
            }),
            _ => Err(missing("from, to")),
        },
    };
    run(ctx, step.map(Command::Deploy), Layout::Plain).await
}

/// What `/deploy` does, as the table's choices name it.
#[derive(poise::ChoiceParameter, Clone, Copy, PartialEq, Eq, Debug)]
pub enum DeployAction {
    #[name = "random"]
    Random,
    #[name = "preset"]
    Preset,
    #[name = "layout"]
    Layout,
    #[name = "swap"]
    Swap,
    #[name = "save"]
    Save,
    #[name = "load"]
    Load,
    #[name = "ready"]
    Ready,
}

/// The game kinds `/challenge`, `/rank` and `/leaderboard` offer (their Chinese names are the
/// table's).
#[derive(poise::ChoiceParameter, Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameChoice {
    #[name = "flip"]
    Flip,
    #[name = "dark"]
    Dark,
    #[name = "open"]
    Open,
}

impl GameChoice {
    /// The kind chosen, 翻翻棋 when the option was left out.
    pub(super) fn kind_or_flip(choice: Option<GameChoice>) -> crate::GameKind {
        choice.map_or(crate::GameKind::Flip, GameChoice::kind)
    }

    pub(super) fn kind(self) -> crate::GameKind {
        match self {
            GameChoice::Flip => crate::GameKind::Flip,
            GameChoice::Dark => crate::GameKind::Dark,
            GameChoice::Open => crate::GameKind::Open,
        }
    }
}

/// `/flip`: the square typed.
#[poise::command(slash_command, guild_only)]
async fn flip(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::flips"] square: String,
) -> Result<(), CommandError> {
    let command = self::square(&square, locale_language(ctx)).map(Command::Flip);
    run(ctx, command, Layout::Plain).await
}

/// `/move`: the two squares typed.
#[poise::command(slash_command, guild_only, rename = "move")]
async fn move_piece(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::origins"] from: String,
    #[autocomplete = "autocomplete::destinations"] to: String,
) -> Result<(), CommandError> {
    let language = locale_language(ctx);
    let command = self::square(&from, language).and_then(|from| {
        Ok(Command::Move {
            from,
            to: self::square(&to, language)?,
        })
    });
    run(ctx, command, Layout::Plain).await
}

/// `/moves`: the square typed.
#[poise::command(slash_command, guild_only)]
async fn moves(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::origins"] square: String,
) -> Result<(), CommandError> {
    let command = self::square(&square, locale_language(ctx)).map(Command::Moves);
    run(ctx, command, Layout::Plain).await
}

/// `/board`.
#[poise::command(slash_command, guild_only)]
async fn board(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Board), Layout::Plain).await
}

/// `/resign`: asks the member to confirm first.
#[poise::command(slash_command, guild_only)]
async fn resign(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::AskResign), Layout::Plain).await
}

/// `/draw`: an offer (the opponent answers with its buttons).
#[poise::command(slash_command, guild_only)]
async fn draw(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::OfferDraw), Layout::Plain).await
}

/// `/abandon`: asks the member to confirm first.
#[poise::command(slash_command, guild_only)]
async fn abandon(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::AskAbandon), Layout::Plain).await
}

/// `/rematch`.
#[poise::command(slash_command, guild_only)]
async fn rematch(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Rematch), Layout::Plain).await
}

/// `/rank`: of the member given, else of the caller.
#[poise::command(slash_command, guild_only)]
async fn rank(
    ctx: Context<'_>,
    member: Option<serenity::User>,
    game: Option<GameChoice>,
) -> Result<(), CommandError> {
    let member = member.as_ref().map(self::member);
    let game = GameChoice::kind_or_flip(game);
    run(ctx, Ok(Command::Rank { member, game }), Layout::Embed).await
}

/// Which players a leaderboard ranks.
#[derive(poise::ChoiceParameter, Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scope {
    #[name = "this server"]
    Server,
    #[name = "global"]
    Global,
}

/// `/leaderboard`: this server's unless `scope` says global.
#[poise::command(slash_command, guild_only)]
async fn leaderboard(
    ctx: Context<'_>,
    scope: Option<Scope>,
    game: Option<GameChoice>,
) -> Result<(), CommandError> {
    let global = scope == Some(Scope::Global);
    let game = GameChoice::kind_or_flip(game);
    run(
        ctx,
        Ok(Command::Leaderboard { global, game }),
        Layout::Plain,
    )
    .await
}

/// `/export`.
#[poise::command(slash_command, guild_only)]
async fn export(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Export), Layout::Plain).await
}

/// `/rules`.
#[poise::command(slash_command)]
async fn rules(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Rules), Layout::Plain).await
}

/// `/help`: the table's help lines for Discord, under a title.
#[poise::command(slash_command)]
async fn help(ctx: Context<'_>) -> Result<(), CommandError> {
    let lines = help_lines(locale_language(ctx));
    // An embed's 4096 characters hold every command where a message's 2000 would not.
    run(ctx, Err(Reply::private(lines)), Layout::Embed).await
}

/// `/help` on Discord: every command by the name and options a `language` client shows, and
/// what it does.
pub fn help_lines(language: Language) -> Vec<String> {
    let mut lines = vec![words::help_title(language)];
    lines.extend(crate::words::help_lines(language, Surface::Discord));
    lines
}

/// The language of the invoking member's client (or the server's or the configured one).
pub(super) fn language_of(ctx: Context<'_>) -> Language {
    locale_language(ctx)
}

/// The language of the invoking member's client (or the configured one).
pub(super) fn locale_language(ctx: Context<'_>) -> Language {
    match ctx {
        poise::Context::Application(app) => private_language(
            &ctx.data().service,
            app.interaction.guild_id,
            &app.interaction.locale,
        ),
        poise::Context::Prefix(_) => ctx.data().config.language.or_english(),
    }
}

/// The AI's levels, as `/challenge` offers them (their Chinese names are the table's).
#[derive(poise::ChoiceParameter, Clone, Copy, PartialEq, Eq, Debug)]
pub enum AiLevel {
    #[name = "easy"]
    Easy,
    #[name = "normal"]
    Normal,
    #[name = "hard"]
    Hard,
    #[name = "master"]
    Master,
}

impl AiLevel {
    fn level(self) -> crate::ai::Level {
        match self {
            AiLevel::Easy => crate::ai::Level::Easy,
            AiLevel::Normal => crate::ai::Level::Normal,
            AiLevel::Hard => crate::ai::Level::Hard,
            AiLevel::Master => crate::ai::Level::Master,
        }
    }
}
