//! The slash commands, localised (English, 简体中文, 繁體中文), each a thin translation of its
//! options into a service [`Command`] whose [`Reply`] goes back through `deliver`.

// A refusal travels as `Err(Reply)` once per command, never in a hot loop: boxing it would
// only add noise.
#![allow(clippy::result_large_err)]

use poise::serenity_prelude as serenity;

use super::deliver::{self, Origin};
use super::messages::{Layout, Outgoing};
use super::{
    Bot, CommandError, Context, autocomplete, caller_of, private_language, threads, tongues_of,
    words,
};
use crate::config::Language;
use crate::game::Square;
use crate::service::{Caller, Command, GameEvent, Member, Opponent, Reply, Tongues};

/// Every command the bot registers.
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
    .collect()
}

/// Sends `command` to the service as the interaction's user and answers with its reply.
pub(super) async fn run(
    ctx: Context<'_>,
    command: Result<Command, Reply>,
    layout: Layout,
) -> Result<(), CommandError> {
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let interaction = app.interaction;
    let caller = caller_of(
        &interaction.user,
        interaction.member.as_deref(),
        interaction.guild_id,
        interaction.channel_id,
    );
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
#[poise::command(
    slash_command,
    guild_only,
    name_localized("zh-CN", "挑战"),
    name_localized("zh-TW", "挑戰"),
    description_localized("zh-CN", "在本频道向一位成员（或机器人）发起对局"),
    description_localized("zh-TW", "在本頻道向一位成員（或機器人）發起對局")
)]
async fn challenge(
    ctx: Context<'_>,
    #[description = "Who to play (none: an open challenge anyone here may take)"]
    #[name_localized("zh-CN", "对手")]
    #[name_localized("zh-TW", "對手")]
    #[description_localized("zh-CN", "对手（不选：公开挑战，谁都可以应战）")]
    #[description_localized("zh-TW", "對手（不選：公開挑戰，誰都可以應戰）")]
    member: Option<serenity::User>,
    #[description = "Seconds per turn"]
    #[name_localized("zh-CN", "秒数")]
    #[name_localized("zh-TW", "秒數")]
    #[description_localized("zh-CN", "每步的秒数")]
    #[description_localized("zh-TW", "每步的秒數")]
    #[min = 1]
    #[max = 3600]
    seconds: Option<u32>,
    #[description = "The bot's level, when you challenge the bot"]
    #[name_localized("zh-CN", "难度")]
    #[name_localized("zh-TW", "難度")]
    #[description_localized("zh-CN", "挑战机器人时它的难度")]
    #[description_localized("zh-TW", "挑戰機器人時它的難度")]
    level: Option<AiLevel>,
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
#[poise::command(
    slash_command,
    guild_only,
    name_localized("zh-CN", "翻棋"),
    name_localized("zh-TW", "翻棋"),
    description_localized("zh-CN", "翻开一枚暗棋"),
    description_localized("zh-TW", "翻開一枚暗棋")
)]
async fn flip(
    ctx: Context<'_>,
    #[description = "The square, e.g. B3"]
    #[name_localized("zh-CN", "格子")]
    #[name_localized("zh-TW", "格子")]
    #[description_localized("zh-CN", "格子，例如 B3")]
    #[description_localized("zh-TW", "格子，例如 B3")]
    #[autocomplete = "autocomplete::flips"]
    square: String,
) -> Result<(), CommandError> {
    let command = self::square(&square, locale_language(ctx)).map(Command::Flip);
    run(ctx, command, Layout::Plain).await
}

/// Move one of your pieces
#[poise::command(
    slash_command,
    guild_only,
    rename = "move",
    name_localized("zh-CN", "走棋"),
    name_localized("zh-TW", "走棋"),
    description_localized("zh-CN", "移动你的一枚棋子"),
    description_localized("zh-TW", "移動你的一枚棋子")
)]
async fn move_piece(
    ctx: Context<'_>,
    #[description = "The piece's square, e.g. B3"]
    #[name_localized("zh-CN", "起点")]
    #[name_localized("zh-TW", "起點")]
    #[description_localized("zh-CN", "棋子所在的格子")]
    #[description_localized("zh-TW", "棋子所在的格子")]
    #[autocomplete = "autocomplete::origins"]
    from: String,
    #[description = "Where it goes, e.g. C3"]
    #[name_localized("zh-CN", "终点")]
    #[name_localized("zh-TW", "終點")]
    #[description_localized("zh-CN", "目标格子")]
    #[description_localized("zh-TW", "目標格子")]
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
#[poise::command(
    slash_command,
    guild_only,
    name_localized("zh-CN", "走法"),
    name_localized("zh-TW", "走法"),
    description_localized("zh-CN", "查看一枚棋子能走到哪里（仅你可见）"),
    description_localized("zh-TW", "查看一枚棋子能走到哪裡（僅你可見）")
)]
async fn moves(
    ctx: Context<'_>,
    #[description = "The piece's square, e.g. B3"]
    #[name_localized("zh-CN", "格子")]
    #[name_localized("zh-TW", "格子")]
    #[description_localized("zh-CN", "棋子所在的格子")]
    #[description_localized("zh-TW", "棋子所在的格子")]
    #[autocomplete = "autocomplete::origins"]
    square: String,
) -> Result<(), CommandError> {
    let command = self::square(&square, locale_language(ctx)).map(Command::Moves);
    run(ctx, command, Layout::Plain).await
}

/// Show the board of this channel's game
#[poise::command(
    slash_command,
    guild_only,
    name_localized("zh-CN", "棋盘"),
    name_localized("zh-TW", "棋盤"),
    description_localized("zh-CN", "显示本频道对局的棋盘"),
    description_localized("zh-TW", "顯示本頻道對局的棋盤")
)]
async fn board(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Board), Layout::Plain).await
}

/// Resign this game (asks you to confirm; allowed after the first actions)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("zh-CN", "认输"),
    name_localized("zh-TW", "認輸"),
    description_localized("zh-CN", "认输（需要确认）"),
    description_localized("zh-TW", "認輸（需要確認）")
)]
async fn resign(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::AskResign), Layout::Plain).await
}

/// Offer your opponent a draw
#[poise::command(
    slash_command,
    guild_only,
    name_localized("zh-CN", "求和"),
    name_localized("zh-TW", "求和"),
    description_localized("zh-CN", "向对手提出和棋"),
    description_localized("zh-TW", "向對手提出和棋")
)]
async fn draw(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::OfferDraw), Layout::Plain).await
}

/// Leave this game now: you lose with the abandonment penalty (asks you to confirm)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("zh-CN", "逃跑"),
    name_localized("zh-TW", "逃跑"),
    description_localized("zh-CN", "立即离开对局：判负并按逃跑扣分（需要确认）"),
    description_localized("zh-TW", "立即離開對局：判負並按逃跑扣分（需要確認）")
)]
async fn abandon(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::AskAbandon), Layout::Plain).await
}

/// Challenge the opponent of this channel's last game again
#[poise::command(
    slash_command,
    guild_only,
    name_localized("zh-CN", "再战"),
    name_localized("zh-TW", "再戰"),
    description_localized("zh-CN", "再次挑战本频道上一局的对手"),
    description_localized("zh-TW", "再次挑戰本頻道上一局的對手")
)]
async fn rematch(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Rematch), Layout::Plain).await
}

/// Show the title, points and record of a member (you by default)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("zh-CN", "等级"),
    name_localized("zh-TW", "等級"),
    description_localized("zh-CN", "查看成员的等级、积分和战绩（默认自己）"),
    description_localized("zh-TW", "查看成員的等級、積分和戰績（預設自己）")
)]
async fn rank(
    ctx: Context<'_>,
    #[description = "Whose rank"]
    #[name_localized("zh-CN", "成员")]
    #[name_localized("zh-TW", "成員")]
    #[description_localized("zh-CN", "查看谁的等级")]
    #[description_localized("zh-TW", "查看誰的等級")]
    member: Option<serenity::User>,
) -> Result<(), CommandError> {
    let member = member.as_ref().map(self::member);
    run(ctx, Ok(Command::Rank(member)), Layout::Embed).await
}

/// Which players a leaderboard ranks.
#[derive(poise::ChoiceParameter, Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scope {
    #[name = "this server"]
    #[name_localized("zh-CN", "本服务器")]
    #[name_localized("zh-TW", "本伺服器")]
    Server,
    #[name = "global"]
    #[name_localized("zh-CN", "全部服务器")]
    #[name_localized("zh-TW", "全部伺服器")]
    Global,
}

/// Show the best players of this server (or of every server)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("zh-CN", "排行榜"),
    name_localized("zh-TW", "排行榜"),
    description_localized("zh-CN", "本服务器（或全部服务器）的排行榜"),
    description_localized("zh-TW", "本伺服器（或全部伺服器）的排行榜")
)]
async fn leaderboard(
    ctx: Context<'_>,
    #[description = "This server (default) or global"]
    #[name_localized("zh-CN", "范围")]
    #[name_localized("zh-TW", "範圍")]
    #[description_localized("zh-CN", "本服务器（默认）或全部")]
    #[description_localized("zh-TW", "本伺服器（預設）或全部")]
    scope: Option<Scope>,
) -> Result<(), CommandError> {
    let global = scope == Some(Scope::Global);
    run(ctx, Ok(Command::Leaderboard { global }), Layout::Plain).await
}

/// Show this channel's game as a position (notation) and who plays which colour
#[poise::command(
    slash_command,
    guild_only,
    name_localized("zh-CN", "导出"),
    name_localized("zh-TW", "匯出"),
    description_localized("zh-CN", "以记谱导出本频道的对局局面"),
    description_localized("zh-TW", "以記譜匯出本頻道的對局局面")
)]
async fn export(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Export), Layout::Plain).await
}

/// The rules of Junqi flip chess (only you see them)
#[poise::command(
    slash_command,
    name_localized("zh-CN", "规则"),
    name_localized("zh-TW", "規則"),
    description_localized("zh-CN", "军棋翻翻棋的规则（仅你可见）"),
    description_localized("zh-TW", "軍棋翻翻棋的規則（僅你可見）")
)]
async fn rules(ctx: Context<'_>) -> Result<(), CommandError> {
    run(ctx, Ok(Command::Rules), Layout::Plain).await
}

/// How to play with this bot (only you see it)
#[poise::command(
    slash_command,
    name_localized("zh-CN", "帮助"),
    name_localized("zh-TW", "幫助"),
    description_localized("zh-CN", "如何使用本机器人（仅你可见）"),
    description_localized("zh-TW", "如何使用本機器人（僅你可見）")
)]
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
    #[name_localized("zh-CN", "简单")]
    #[name_localized("zh-TW", "簡單")]
    Easy,
    #[name = "normal"]
    #[name_localized("zh-CN", "普通")]
    #[name_localized("zh-TW", "普通")]
    Normal,
    #[name = "hard"]
    #[name_localized("zh-CN", "困难")]
    #[name_localized("zh-TW", "困難")]
    Hard,
}

impl AiLevel {
    fn level(self) -> crate::ai::Level {
        match self {
            AiLevel::Easy => crate::ai::Level::Easy,
            AiLevel::Normal => crate::ai::Level::Normal,
            AiLevel::Hard => crate::ai::Level::Hard,
        }
    }
}
