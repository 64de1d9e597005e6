//! The slash commands, localised (English, 简体中文, 繁體中文), each a thin translation of its
//! options into a service [`Command`] whose [`Reply`] goes back through `deliver`.

// A refusal travels as `Err(Reply)` once per command, never in a hot loop: boxing it would
// only add noise.
#![allow(clippy::result_large_err)]

use poise::serenity_prelude as serenity;

use super::deliver::{self, Origin};
use super::messages::{Layout, Outgoing};
use super::{
    Bot, CommandError, Context, autocomplete, private_language, slash_caller, threads, tongues_of,
    words,
};
use crate::config::Language;
use crate::game::Square;
use crate::service::{Caller, Command, GameEvent, Member, Opponent, Reply, Tongues};

/// Every command the bot registers, its Chinese names and descriptions filled in from the words.
pub fn all() -> Vec<poise::Command<Bot, CommandError>> {
    vec![
        challenge(),
        flip(),
        move_piece(),
        moves(),
        board(),
        resign(),
        draw(),
        abandon(),
        rematch(),
        rank(),
        leaderboard(),
        export(),
        rules(),
        help(),
    ]
    .into_iter()
    .chain(super::history::all())
    .chain([
        super::tournament::tournament(),
        super::play::play(),
        super::settings::settings(),
        super::moderation::cancel(),
        super::menus::challenge_member(),
        super::menus::rank_member(),
    ])
    .map(super::localise::localised)
    .collect()
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
    // Held until the answer is delivered: the channel's own messages decided after this command
    // (the AI's answer) wait for it.
    let turn = bot.gates.enter(caller.place.channel).await;
    let service = bot.service.clone();
    let asker = caller.clone();
    let work = async move {
        match command {
            Ok(command) => service.handle_in(asker, command, tongues).await,
            Err(refusal) => refusal,
        }
    };
    let (reply, deferred) = deliver::settle(http, origin, work).await;
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

/// Challenge a member (or the bot itself) to a game in this channel
#[poise::command(slash_command, guild_only)]
async fn challenge(
    ctx: Context<'_>,
    #[description = "Who to play (none: an open challenge anyone here may take)"] member: Option<
        serenity::User,
    >,
    #[description = "Seconds per turn"]
    #[min = 1]
    #[max = 3600]
    seconds: Option<u32>,
    #[description = "The bot's level, when you challenge the bot"] level: Option<AiLevel>,
) -> Result<(), CommandError> {
    let bot_id = ctx.serenity_context().cache.current_user().id;
    let language = locale_language(ctx);
    let command = match member {
        None => Ok(Command::Challenge {
            opponent: Opponent::Anyone,
            seconds,
        }),
        Some(member) => member_challenge(member, bot_id, level, seconds, language),
    };
    run(ctx, command, Layout::Plain).await
}

/// A challenge to `member` (the bot itself: the AI at `level`).
fn member_challenge(
    member: serenity::User,
    bot_id: serenity::UserId,
    level: Option<AiLevel>,
    seconds: Option<u32>,
    language: Language,
) -> Result<Command, Reply> {
    if member.id == bot_id {
        Ok(Command::Challenge {
            opponent: Opponent::Ai {
                level: level.map(AiLevel::level),
            },
            seconds,
        })
    } else if member.bot {
        Err(Reply::refusal(words::other_bot(language)))
    } else {
        Ok(Command::Challenge {
            opponent: Opponent::Member(self::member(&member)),
            seconds,
        })
    }
}

/// Flip a face-down piece
#[poise::command(slash_command, guild_only)]
async fn flip(
    ctx: Context<'_>,
    #[description = "The square, e.g. B3"]
    #[autocomplete = "autocomplete::flips"]
    square: String,
) -> Result<(), CommandError> {
    let command = self::square(&square, locale_language(ctx)).map(Command::Flip);
    run(ctx, command, Layout::Plain).await
}

/// Move one of your pieces
#[poise::command(slash_command, guild_only, rename = "move")]
async fn move_piece(
    ctx: Context<'_>,
    #[description = "The piece's square, e.g. B3"]
    #[autocomplete = "autocomplete::origins"]
    from: String,
    #[description = "Where it goes, e.g. C3"]
    #[autocomplete = "autocomplete::destinations"]
    to: String,
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

/// Show where one of your pieces can go (only you see it)
#[poise::command(slash_command, guild_only)]
async fn moves(
    ctx: Context<'_>,
    #[description = "The piece's square, e.g. B3"]
    #[autocomplete = "autocomplete::origins"]
    square: String,
) -> Result<(), CommandError> {
    let command = self::square(&square, locale_language(ctx)).map(Command::Moves);
    run(ctx, command, Layout::Plain).await
}

/// Show the board of this channel's game
#[poise::command(slash_command, guild_only)]
async fn board(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Board), Layout::Plain).await
}

/// Resign this game (asks you to confirm; allowed after the first actions)
#[poise::command(slash_command, guild_only)]
async fn resign(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::AskResign), Layout::Plain).await
}

/// Offer your opponent a draw
#[poise::command(slash_command, guild_only)]
async fn draw(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::OfferDraw), Layout::Plain).await
}

/// Leave this game now: you lose with the abandonment penalty (asks you to confirm)
#[poise::command(slash_command, guild_only)]
async fn abandon(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::AskAbandon), Layout::Plain).await
}

/// Challenge the opponent of this channel's last game again
#[poise::command(slash_command, guild_only)]
async fn rematch(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Rematch), Layout::Plain).await
}

/// Show the title, points and record of a member (you by default)
#[poise::command(slash_command, guild_only)]
async fn rank(
    ctx: Context<'_>,
    #[description = "Whose rank"] member: Option<serenity::User>,
) -> Result<(), CommandError> {
    let member = member.as_ref().map(self::member);
    run(ctx, Ok(Command::Rank(member)), Layout::Embed).await
}

/// Which players a leaderboard ranks.
#[derive(poise::ChoiceParameter, Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scope {
    #[name = "this server"]
    Server,
    #[name = "global"]
    Global,
}

/// Show the best players of this server (or of every server)
#[poise::command(slash_command, guild_only)]
async fn leaderboard(
    ctx: Context<'_>,
    #[description = "This server (default) or global"] scope: Option<Scope>,
) -> Result<(), CommandError> {
    let global = scope == Some(Scope::Global);
    run(ctx, Ok(Command::Leaderboard { global }), Layout::Plain).await
}

/// Show this channel's game as a position (notation) and who plays which colour
#[poise::command(slash_command, guild_only)]
async fn export(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Export), Layout::Plain).await
}

/// The rules of Junqi flip chess (only you see them)
#[poise::command(slash_command)]
async fn rules(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Rules), Layout::Plain).await
}

/// How to play with this bot (only you see it)
#[poise::command(slash_command)]
async fn help(ctx: Context<'_>) -> Result<(), CommandError> {
    let language = locale_language(ctx);
    let lines = help_lines(&ctx.framework().options().commands, language);
    run(ctx, Err(Reply::private(lines)), Layout::Plain).await
}

/// `/help` on Discord: the registered commands, by the names and descriptions the member's
/// client shows (their localisations).
pub fn help_lines(
    commands: &[poise::Command<Bot, CommandError>],
    language: Language,
) -> Vec<String> {
    let mut lines = vec![words::help_title(language)];
    for command in commands
        .iter()
        .filter(|command| command.slash_action.is_some())
    {
        let name = localised(&command.name_localizations, &command.name, language);
        let description = localised(
            &command.description_localizations,
            command.description.as_deref().unwrap_or(""),
            language,
        );
        lines.push(format!("/{name} — {description}"));
    }
    lines
}

/// A registered name or description as a client in `language` shows it: its localisation for
/// that language's Discord locale, else the default.
pub(super) fn localised(
    map: &[(std::borrow::Cow<'_, str>, std::borrow::Cow<'_, str>)],
    default: &str,
    language: Language,
) -> String {
    words::locale_of(language)
        .and_then(|locale| map.iter().find(|(key, _)| key == locale))
        .map_or_else(|| default.to_string(), |(_, text)| text.to_string())
}

/// The language of the invoking member's client (or the server's or the configured one).
pub(super) fn language_of(ctx: Context<'_>) -> Language {
    locale_language(ctx)
}

/// The language of the invoking member's client (or the configured one).
fn locale_language(ctx: Context<'_>) -> Language {
    match ctx {
        poise::Context::Application(app) => private_language(
            &ctx.data().service,
            app.interaction.guild_id,
            &app.interaction.locale,
        ),
        poise::Context::Prefix(_) => ctx.data().config.language.or_english(),
    }
}

/// The AI's levels, as `/challenge` offers them.
#[derive(poise::ChoiceParameter, Clone, Copy, PartialEq, Eq, Debug)]
pub enum AiLevel {
    #[name = "easy"]
    Easy,
    #[name = "normal"]
    Normal,
    #[name = "hard"]
    Hard,
    #[name = "master"]
    #[name_localized("zh-CN", "大师")]
    #[name_localized("zh-TW", "大師")]
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
