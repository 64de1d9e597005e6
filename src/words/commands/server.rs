//! The table's entries for what a server organises: `/tournament`, `/settings` and `/cancel`.

use super::{Choice, CommandSpec, Kind, OptSpec, phrase};

pub(super) const TOURNAMENT: CommandSpec = CommandSpec::new(
    phrase("tournament", "锦标赛", "錦標賽"),
    phrase(
        "An arena tournament here: create one, join, leave, cancel, or see the standings",
        "本频道的竞技场锦标赛：开设、加入、退出、取消，或看排名",
        "本頻道的競技場錦標賽：開設、加入、退出、取消，或看排名",
    ),
    &[
        OptSpec::new(
            "action",
            Kind::Choice(&[
                Choice::new("create", "开设", "開設"),
                Choice::new("join", "加入", "加入"),
                Choice::new("leave", "退出", "退出"),
                Choice::new("cancel", "取消", "取消"),
            ]),
            phrase(
                "What to do (none: the standings)",
                "要做什么（不选：看排名）",
                "要做什麼（不選：看排名）",
            ),
        )
        .named("操作", "操作")
        .positional(),
        OptSpec::new(
            "minutes",
            Kind::Integer,
            phrase(
                "create: its length in minutes",
                "开设：时长（分钟）",
                "開設：時長（分鐘）",
            ),
        )
        .named("分钟", "分鐘"),
        OptSpec::new(
            "seconds",
            Kind::Integer,
            phrase(
                "create: seconds per turn",
                "开设：每步的秒数",
                "開設：每步的秒數",
            ),
        )
        .named("秒数", "秒數"),
        OptSpec::new(
            "starts_in",
            Kind::Integer,
            phrase(
                "create: minutes until it starts (default 5)",
                "开设：几分钟后开始（默认 5）",
                "開設：幾分鐘後開始（預設 5）",
            ),
        )
        .named("几分钟后开始", "幾分鐘後開始"),
        OptSpec::new(
            "rated",
            Kind::Flag,
            phrase(
                "create: whether its games count on their game's ladder (default true)",
                "开设：对局是否计入该棋种的排行（默认是）",
                "開設：對局是否計入該棋種的排行（預設是）",
            ),
        )
        .named("计分", "計分"),
        super::game::game_option(phrase(
            "create: which junqi every game plays: flip (default), dark or open",
            "开设：每局的棋种：翻翻棋（默认）、暗棋或明棋",
            "開設：每局的棋種：翻翻棋（預設）、暗棋或明棋",
        )),
    ],
);

/// A key `/settings` changes, an option of its own on Discord.
const fn setting(name: &'static str, kind: Kind, description: super::Phrase) -> OptSpec {
    OptSpec::new(name, kind, description).setting()
}

pub(super) const SETTINGS: CommandSpec = CommandSpec::new(
    phrase("settings", "设置", "設定"),
    phrase(
        "Show or change this server's settings for the bot (Manage Server)",
        "查看或更改本服务器的机器人设置（管理服务器）",
        "查看或變更本伺服器的機器人設定（管理伺服器）",
    ),
    &[
        OptSpec::new(
            "log",
            Kind::Flag,
            phrase(
                "Show the last 20 changes",
                "显示最近 20 次更改",
                "顯示最近 20 次變更",
            ),
        )
        .positional(),
        OptSpec::new(
            "key",
            Kind::Pairs,
            phrase(
                "Settings to change, e.g. turn_secs:45 (default: put one back)",
                "要更改的设置，例如 turn_secs:45（default：恢复默认值）",
                "要變更的設定，例如 turn_secs:45（default：恢復預設值）",
            ),
        )
        .console_only(),
        setting(
            "turn_secs",
            Kind::Integer,
            phrase("Default seconds per turn", "默认每步秒数", "預設每步秒數"),
        ),
        setting(
            "min_turn_secs",
            Kind::Integer,
            phrase(
                "Shortest turn clock a challenge may ask for",
                "挑战可用的最短每步秒数",
                "挑戰可用的最短每步秒數",
            ),
        ),
        setting(
            "max_turn_secs",
            Kind::Integer,
            phrase(
                "Longest turn clock a challenge may ask for",
                "挑战可用的最长每步秒数",
                "挑戰可用的最長每步秒數",
            ),
        ),
        setting(
            "challenge_expiry_secs",
            Kind::Integer,
            phrase(
                "Seconds before an unanswered challenge lapses",
                "无人应答的挑战在多少秒后失效",
                "無人回應的挑戰在多少秒後失效",
            ),
        ),
        setting(
            "language",
            Kind::Choice(&[
                Choice::plain("auto"),
                Choice::plain("en"),
                Choice::plain("zh-Hans"),
                Choice::plain("zh-Hant"),
            ]),
            phrase(
                "The bot's language here (auto: each member's and the server's)",
                "机器人在本服务器的语言（auto：跟随成员与服务器）",
                "機器人在本伺服器的語言（auto：跟隨成員與伺服器）",
            ),
        ),
        setting(
            "game_threads",
            Kind::Flag,
            phrase(
                "Play each game in a thread of its own",
                "每局在单独的子区进行",
                "每局在單獨的討論串進行",
            ),
        ),
        setting(
            "rate_ai_games",
            Kind::Flag,
            phrase(
                "Games against the bot change points",
                "与机器人的对局计分",
                "與機器人的對局計分",
            ),
        ),
        setting(
            "deploy_secs",
            Kind::Integer,
            phrase(
                "Dark/open junqi: seconds both players have to deploy",
                "暗棋/明棋：双方布阵的秒数",
                "暗棋/明棋：雙方佈陣的秒數",
            ),
        ),
        setting(
            "mine_survives",
            Kind::Flag,
            phrase(
                "Dark/open junqi: a mine survives any attacker but an engineer or a bomb",
                "暗棋/明棋：地雷被工兵和炸弹以外的棋子攻击时不被移除",
                "暗棋/明棋：地雷被工兵和炸彈以外的棋子攻擊時不被移除",
            ),
        ),
        setting(
            "engineer_scouts",
            Kind::Flag,
            phrase(
                "Dark/open junqi: an engineer removed by a rank piece shows that piece",
                "暗棋/明棋：工兵被军官吃掉时亮出该棋子（工兵侦察）",
                "暗棋/明棋：工兵被軍官吃掉時亮出該棋子（工兵偵察）",
            ),
        ),
        setting(
            "games_channels",
            Kind::Text,
            phrase(
                "The channels games are started in (mention them), or \"any\"",
                "可以开始对局的频道（提及它们），或 any",
                "可以開始對局的頻道（提及它們），或 any",
            ),
        ),
        setting(
            "organiser_role",
            Kind::Role,
            phrase(
                "The role that may organise tournaments and cancel games",
                "可以组织锦标赛并取消对局的身份组",
                "可以主辦錦標賽並取消對局的身分組",
            ),
        ),
        setting(
            "match_window_points",
            Kind::Integer,
            phrase(
                "/play: the points apart two members may be when they start waiting",
                "/匹配：开始等待时双方积分可相差多少",
                "/配對：開始等待時雙方積分可相差多少",
            ),
        ),
        setting(
            "match_window_grow_secs",
            Kind::Integer,
            phrase(
                "/play: every this many seconds of waiting the window grows by its size",
                "/匹配：每等待这么多秒，积分范围再放宽一次",
                "/配對：每等待這麼多秒，積分範圍再放寬一次",
            ),
        ),
        setting(
            "queue_expiry_secs",
            Kind::Integer,
            phrase(
                "/play: seconds before a member waiting in the queue lapses",
                "/匹配：排队多少秒后失效",
                "/配對：排隊多少秒後失效",
            ),
        ),
        setting(
            "max_live_games_per_member",
            Kind::Integer,
            phrase(
                "How many live games one member may play at once (/play, /challenge, tournaments)",
                "每位成员可同时进行的对局数（/匹配、/挑战、锦标赛）",
                "每位成員可同時進行的對局數（/配對、/挑戰、錦標賽）",
            ),
        ),
        setting(
            "reset",
            Kind::Text,
            phrase(
                "Settings to put back to the default, e.g. \"turn_secs language\"",
                "恢复为默认值的设置，例如 turn_secs language",
                "恢復為預設值的設定，例如 turn_secs language",
            ),
        ),
    ],
);

pub(super) const CANCEL: CommandSpec = CommandSpec::new(
    phrase("cancel", "取消对局", "取消對局"),
    phrase(
        "End a live game of this server with no result: no points, no tournament score (moderators)",
        "取消本服务器一局进行中的对局：不计分，锦标赛中也不计（管理员）",
        "取消本伺服器一局進行中的對局：不計分，錦標賽中也不計（管理員）",
    ),
    &[
        OptSpec::new(
            "game",
            Kind::Integer,
            phrase(
                "The game's number (/games lists them)",
                "对局编号（/对局 可列出）",
                "對局編號（/對局 可列出）",
            ),
        )
        .named("对局号", "對局號")
        .required(),
        OptSpec::new(
            "reason",
            Kind::Text,
            phrase(
                "Why, for the players and the game's history",
                "原因，会告诉棋手并记入战绩",
                "原因，會告訴棋手並記入戰績",
            ),
        )
        .named("原因", "原因"),
    ],
);
