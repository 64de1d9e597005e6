//! What Discord registers in Chinese beside each command's name: its description, and its
//! options' names, descriptions and choices, 简体 (`zh-CN`) then 繁體 (`zh-TW`). The English
//! ones are the poise command's own (its doc comment and `#[description]`s); the Discord front
//! end fills these in at registration, so the names the words use and the ones a member's
//! client shows are one table.

use super::Cmd;

/// One option of a command as Discord shows it in Chinese.
#[derive(Clone, Copy, Debug)]
pub struct OptWords {
    /// The registered (English) name: the poise parameter's.
    pub name: &'static str,
    /// 简体 and 繁體 names; none where Discord shows the English name in every language.
    pub names: Option<[&'static str; 2]>,
    /// 简体 and 繁體 descriptions.
    pub descriptions: [&'static str; 2],
    /// Its choices that Discord shows in Chinese: the registered name, then 简体 and 繁體.
    pub choices: &'static [(&'static str, [&'static str; 2])],
}

impl OptWords {
    const fn named(
        name: &'static str,
        names: [&'static str; 2],
        descriptions: [&'static str; 2],
    ) -> OptWords {
        OptWords {
            name,
            names: Some(names),
            descriptions,
            choices: &[],
        }
    }

    const fn unnamed(name: &'static str, descriptions: [&'static str; 2]) -> OptWords {
        OptWords {
            name,
            names: None,
            descriptions,
            choices: &[],
        }
    }

    const fn with_choices(self, choices: &'static [(&'static str, [&'static str; 2])]) -> OptWords {
        OptWords { choices, ..self }
    }
}

impl Cmd {
    /// The description under the name, 简体 and 繁體.
    pub fn descriptions(self) -> [&'static str; 2] {
        match self {
            Cmd::Challenge => [
                "在本频道向一位成员（或机器人）发起对局",
                "在本頻道向一位成員（或機器人）發起對局",
            ],
            Cmd::Flip => ["翻开一枚暗棋", "翻開一枚暗棋"],
            Cmd::Move => ["移动你的一枚棋子", "移動你的一枚棋子"],
            Cmd::Moves => [
                "查看一枚棋子能走到哪里（仅你可见）",
                "查看一枚棋子能走到哪裡（僅你可見）",
            ],
            Cmd::Board => ["显示本频道对局的棋盘", "顯示本頻道對局的棋盤"],
            Cmd::Resign => ["认输（需要确认）", "認輸（需要確認）"],
            Cmd::Draw => ["向对手提出和棋", "向對手提出和棋"],
            Cmd::Abandon => [
                "立即离开对局：判负并按逃跑扣分（需要确认）",
                "立即離開對局：判負並按逃跑扣分（需要確認）",
            ],
            Cmd::Rematch => ["再次挑战本频道上一局的对手", "再次挑戰本頻道上一局的對手"],
            Cmd::Rank => [
                "查看成员的等级、积分和战绩（默认自己）",
                "查看成員的等級、積分和戰績（預設自己）",
            ],
            Cmd::Leaderboard => [
                "本服务器（或全部服务器）的排行榜",
                "本伺服器（或全部伺服器）的排行榜",
            ],
            Cmd::Export => ["以记谱导出本频道的对局局面", "以記譜匯出本頻道的對局局面"],
            Cmd::Rules => [
                "军棋翻翻棋的规则（仅你可见）",
                "軍棋翻翻棋的規則（僅你可見）",
            ],
            Cmd::Help => [
                "如何使用本机器人（仅你可见）",
                "如何使用本機器人（僅你可見）",
            ],
            Cmd::History => [
                "成员最近结束的对局（默认自己），每页十局",
                "成員最近結束的對局（預設自己），每頁十局",
            ],
            Cmd::Replay => [
                "已结束对局的动画回放，附记录文本",
                "已結束對局的動畫回放，附記錄文字",
            ],
            Cmd::Games => [
                "本服务器进行中的对局及其频道",
                "本伺服器進行中的對局及其頻道",
            ],
            Cmd::Tournament => [
                "本频道的竞技场锦标赛：开设、加入、退出、取消，或看排名",
                "本頻道的競技場錦標賽：開設、加入、退出、取消，或看排名",
            ],
            Cmd::Play => [
                "快速匹配：在本服务器的队列里等积分最接近的对手",
                "快速配對：在本伺服器的佇列裡等積分最接近的對手",
            ],
            Cmd::Settings => [
                "查看或更改本服务器的机器人设置（管理服务器）",
                "查看或變更本伺服器的機器人設定（管理伺服器）",
            ],
            Cmd::Cancel => [
                "取消本服务器一局进行中的对局：不计分，锦标赛中也不计（管理员）",
                "取消本伺服器一局進行中的對局：不計分，錦標賽中也不計（管理員）",
            ],
            Cmd::Analyse => [
                "已结束对局的胜率图，标出最大的三次转折",
                "已結束對局的勝率圖，標出最大的三次轉折",
            ],
        }
    }

    /// Its options, in the order the command takes them.
    pub fn options(self) -> &'static [OptWords] {
        match self {
            Cmd::Challenge => CHALLENGE,
            Cmd::Flip => FLIP,
            Cmd::Move => MOVE,
            Cmd::Moves => MOVES,
            Cmd::Board => &[],
            Cmd::Resign => &[],
            Cmd::Draw => &[],
            Cmd::Abandon => &[],
            Cmd::Rematch => &[],
            Cmd::Rank => RANK,
            Cmd::Leaderboard => LEADERBOARD,
            Cmd::Export => &[],
            Cmd::Rules => &[],
            Cmd::Help => &[],
            Cmd::History => HISTORY,
            Cmd::Replay => REPLAY,
            Cmd::Games => &[],
            Cmd::Tournament => TOURNAMENT,
            Cmd::Play => PLAY,
            Cmd::Settings => SETTINGS,
            Cmd::Cancel => CANCEL,
            Cmd::Analyse => ANALYSE,
        }
    }
}

/// A user context menu ("Apps" on a member).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Menu {
    ChallengeMember,
    RankMember,
}

impl Menu {
    pub const ALL: [Menu; 2] = [Menu::ChallengeMember, Menu::RankMember];

    /// English (the registered name), 简体 (`zh-CN`) and 繁體 (`zh-TW`).
    pub fn names(self) -> [&'static str; 3] {
        match self {
            Menu::ChallengeMember => ["Challenge to 翻翻棋", "挑战下翻翻棋", "挑戰下翻翻棋"],
            Menu::RankMember => ["翻翻棋 rank", "翻翻棋等级", "翻翻棋等級"],
        }
    }
}

const CHALLENGE: &[OptWords] = &[
    OptWords::named(
        "member",
        ["对手", "對手"],
        [
            "对手（不选：公开挑战，谁都可以应战）",
            "對手（不選：公開挑戰，誰都可以應戰）",
        ],
    ),
    OptWords::named("seconds", ["秒数", "秒數"], ["每步的秒数", "每步的秒數"]),
    OptWords::named(
        "level",
        ["难度", "難度"],
        ["挑战机器人时它的难度", "挑戰機器人時它的難度"],
    )
    .with_choices(&[
        ("easy", ["简单", "簡單"]),
        ("normal", ["普通", "普通"]),
        ("hard", ["困难", "困難"]),
    ]),
];

const FLIP: &[OptWords] = &[OptWords::named(
    "square",
    ["格子", "格子"],
    ["格子，例如 B3", "格子，例如 B3"],
)];

const MOVE: &[OptWords] = &[
    OptWords::named(
        "from",
        ["起点", "起點"],
        ["棋子所在的格子", "棋子所在的格子"],
    ),
    OptWords::named("to", ["终点", "終點"], ["目标格子", "目標格子"]),
];

const MOVES: &[OptWords] = &[OptWords::named(
    "square",
    ["格子", "格子"],
    ["棋子所在的格子", "棋子所在的格子"],
)];

const RANK: &[OptWords] = &[OptWords::named(
    "member",
    ["成员", "成員"],
    ["查看谁的等级", "查看誰的等級"],
)];

const LEADERBOARD: &[OptWords] = &[OptWords::named(
    "scope",
    ["范围", "範圍"],
    ["本服务器（默认）或全部", "本伺服器（預設）或全部"],
)
.with_choices(&[
    ("this server", ["本服务器", "本伺服器"]),
    ("global", ["全部服务器", "全部伺服器"]),
])];

const HISTORY: &[OptWords] = &[OptWords::named(
    "member",
    ["成员", "成員"],
    ["查看谁的对局", "查看誰的對局"],
)];

const REPLAY: &[OptWords] = &[
    OptWords::named(
        "game",
        ["对局号", "對局號"],
        ["对局号（见 /战绩）", "對局號（見 /戰績）"],
    ),
    OptWords::named(
        "speed",
        ["速度", "速度"],
        ["每秒步数（1–10，默认 2）", "每秒步數（1–10，預設 2）"],
    ),
];

const TOURNAMENT: &[OptWords] = &[
    OptWords::named(
        "action",
        ["操作", "操作"],
        ["要做什么（不选：看排名）", "要做什麼（不選：看排名）"],
    )
    .with_choices(&[
        ("create", ["开设", "開設"]),
        ("join", ["加入", "加入"]),
        ("leave", ["退出", "退出"]),
        ("cancel", ["取消", "取消"]),
    ]),
    OptWords::named(
        "minutes",
        ["分钟", "分鐘"],
        ["开设：时长（分钟）", "開設：時長（分鐘）"],
    ),
    OptWords::named(
        "seconds",
        ["秒数", "秒數"],
        ["开设：每步的秒数", "開設：每步的秒數"],
    ),
    OptWords::named(
        "starts_in",
        ["几分钟后开始", "幾分鐘後開始"],
        [
            "开设：几分钟后开始（默认 5）",
            "開設：幾分鐘後開始（預設 5）",
        ],
    ),
    OptWords::named(
        "rated",
        ["计分", "計分"],
        [
            "开设：对局是否计入排行（默认是）",
            "開設：對局是否計入排行（預設是）",
        ],
    ),
];

const PLAY: &[OptWords] = &[
    OptWords::named(
        "seconds",
        ["秒数", "秒數"],
        [
            "每步的秒数（默认：本服务器的设置）",
            "每步的秒數（預設：本伺服器的設定）",
        ],
    ),
    OptWords::named("cancel", ["取消", "取消"], ["是：离开队列", "是：離開佇列"]),
];

const SETTINGS: &[OptWords] = &[
    OptWords::unnamed("log", ["显示最近 20 次更改", "顯示最近 20 次變更"]),
    OptWords::unnamed("turn_secs", ["默认每步秒数", "預設每步秒數"]),
    OptWords::unnamed(
        "min_turn_secs",
        ["挑战可用的最短每步秒数", "挑戰可用的最短每步秒數"],
    ),
    OptWords::unnamed(
        "max_turn_secs",
        ["挑战可用的最长每步秒数", "挑戰可用的最長每步秒數"],
    ),
    OptWords::unnamed(
        "challenge_expiry_secs",
        [
            "无人应答的挑战在多少秒后失效",
            "無人回應的挑戰在多少秒後失效",
        ],
    ),
    OptWords::unnamed(
        "language",
        [
            "机器人在本服务器的语言（auto：跟随成员与服务器）",
            "機器人在本伺服器的語言（auto：跟隨成員與伺服器）",
        ],
    ),
    OptWords::unnamed(
        "game_threads",
        ["每局在单独的子区进行", "每局在單獨的討論串進行"],
    ),
    OptWords::unnamed(
        "rate_ai_games",
        ["与机器人的对局计分", "與機器人的對局計分"],
    ),
    OptWords::unnamed(
        "games_channels",
        [
            "可以开始对局的频道（提及它们），或 any",
            "可以開始對局的頻道（提及它們），或 any",
        ],
    ),
    OptWords::unnamed(
        "organiser_role",
        [
            "可以组织锦标赛并取消对局的身份组",
            "可以主辦錦標賽並取消對局的身分組",
        ],
    ),
    OptWords::unnamed(
        "match_window_points",
        [
            "/匹配：开始等待时双方积分可相差多少",
            "/配對：開始等待時雙方積分可相差多少",
        ],
    ),
    OptWords::unnamed(
        "match_window_grow_secs",
        [
            "/匹配：每等待这么多秒，积分范围再放宽一次",
            "/配對：每等待這麼多秒，積分範圍再放寬一次",
        ],
    ),
    OptWords::unnamed(
        "queue_expiry_secs",
        ["/匹配：排队多少秒后失效", "/配對：排隊多少秒後失效"],
    ),
    OptWords::unnamed(
        "reset",
        [
            "恢复为默认值的设置，例如 turn_secs language",
            "恢復為預設值的設定，例如 turn_secs language",
        ],
    ),
];

const CANCEL: &[OptWords] = &[
    OptWords::named(
        "game",
        ["对局号", "對局號"],
        ["对局编号（/对局 可列出）", "對局編號（/對局 可列出）"],
    ),
    OptWords::named(
        "reason",
        ["原因", "原因"],
        ["原因，会告诉棋手并记入战绩", "原因，會告訴棋手並記入戰績"],
    ),
];

const ANALYSE: &[OptWords] = &[OptWords::named(
    "game",
    ["对局号", "對局號"],
    ["对局号（见 /战绩）", "對局號（見 /戰績）"],
)];
