//! The table's entries for standings, finished games and reference: `/rank`, `/leaderboard`,
//! `/history`, `/replay`, `/analyse`, `/games`, `/rules` and `/help`.

use super::game::game_option;
use super::{Choice, CommandSpec, Kind, OptSpec, Phrase, phrase};

pub(super) const RANK: CommandSpec = CommandSpec::new(
    phrase("rank", "等级", "等級"),
    phrase(
        "Show the title, points and record of a member (you by default)",
        "查看成员的等级、积分和战绩（默认自己）",
        "查看成員的等級、積分和戰績（預設自己）",
    ),
    &[
        OptSpec::new(
            "member",
            Kind::Member,
            phrase("Whose rank", "查看谁的等级", "查看誰的等級"),
        )
        .named("成员", "成員")
        .positional(),
        game_option(LADDER),
    ],
);

/// The `game` option of `/rank` and `/leaderboard`.
const LADDER: Phrase = phrase(
    "Which game's ladder: flip (default), dark or open",
    "哪个棋种的天梯：翻翻棋（默认）、暗棋或明棋",
    "哪個棋種的天梯：翻翻棋（預設）、暗棋或明棋",
);

pub(super) const LEADERBOARD: CommandSpec = CommandSpec::new(
    phrase("leaderboard", "排行榜", "排行榜"),
    phrase(
        "Show the best players of this server (or of every server)",
        "本服务器（或全部服务器）的排行榜",
        "本伺服器（或全部伺服器）的排行榜",
    ),
    &[
        OptSpec::new(
            "scope",
            Kind::Choice(&[
                Choice::new("this server", "本服务器", "本伺服器"),
                Choice::new("global", "全部服务器", "全部伺服器"),
            ]),
            phrase(
                "This server (default) or global",
                "本服务器（默认）或全部",
                "本伺服器（預設）或全部",
            ),
        )
        .named("范围", "範圍")
        .discord_only(),
        OptSpec::new(
            "global",
            Kind::Flag,
            phrase(
                "true: the players of every server",
                "true：全部服务器的棋手",
                "true：全部伺服器的棋手",
            ),
        )
        .console_only(),
        game_option(LADDER),
    ],
);

/// The game number `/replay` and `/analyse` take.
const GAME_NUMBER: OptSpec = OptSpec::new(
    "game",
    Kind::Integer,
    phrase(
        "The game number (from /history)",
        "对局号（见 /战绩）",
        "對局號（見 /戰績）",
    ),
)
.named("对局号", "對局號")
.required();

pub(super) const HISTORY: CommandSpec = CommandSpec::new(
    phrase("history", "战绩", "戰績"),
    phrase(
        "The last finished games of a member (default: you), ten at a time",
        "成员最近结束的对局（默认自己），每页十局",
        "成員最近結束的對局（預設自己），每頁十局",
    ),
    // Discord pages with buttons under the list.
    &[
        OptSpec::new(
            "member",
            Kind::Member,
            phrase("Whose games", "查看谁的对局", "查看誰的對局"),
        )
        .named("成员", "成員")
        .positional(),
        OptSpec::new(
            "page",
            Kind::Integer,
            phrase(
                "Which page, from 1",
                "第几页，从 1 开始",
                "第幾頁，從 1 開始",
            ),
        )
        .console_only(),
    ],
);

pub(super) const REPLAY: CommandSpec = CommandSpec::new(
    phrase("replay", "回放", "回放"),
    phrase(
        "An animated replay of a finished game, with its record as a text file",
        "已结束对局的动画回放，附记录文本",
        "已結束對局的動畫回放，附記錄文字",
    ),
    &[
        GAME_NUMBER.positional(),
        OptSpec::new(
            "speed",
            Kind::Integer,
            phrase(
                "Actions per second (1–10, default 2)",
                "每秒步数（1–10，默认 2）",
                "每秒步數（1–10，預設 2）",
            ),
        )
        .named("速度", "速度")
        .positional(),
    ],
);

pub(super) const ANALYSE: CommandSpec = CommandSpec::new(
    phrase("analyse", "分析", "分析"),
    phrase(
        "A finished game's chart of each player's chance of winning, with its three biggest swings",
        "已结束对局的胜率图，标出最大的三次转折",
        "已結束對局的勝率圖，標出最大的三次轉折",
    ),
    &[GAME_NUMBER],
);

pub(super) const GAMES: CommandSpec = CommandSpec::new(
    phrase("games", "对局", "對局"),
    phrase(
        "The games being played in this server, with a link to each",
        "本服务器进行中的对局及其频道",
        "本伺服器進行中的對局及其頻道",
    ),
    &[],
);

pub(super) const RULES: CommandSpec = CommandSpec::new(
    phrase("rules", "规则", "規則"),
    phrase(
        "The rules of Junqi flip chess (only you see them)",
        "军棋翻翻棋的规则（仅你可见）",
        "軍棋翻翻棋的規則（僅你可見）",
    ),
    &[],
);

pub(super) const HELP: CommandSpec = CommandSpec::new(
    phrase("help", "帮助", "幫助"),
    phrase(
        "How to play with this bot (only you see it)",
        "如何使用本机器人（仅你可见）",
        "如何使用本機器人（僅你可見）",
    ),
    &[],
);
