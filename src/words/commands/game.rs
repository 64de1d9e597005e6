//! The table's entries for challenges and playing a game: `/challenge`, `/accept`,
//! `/decline`, `/withdraw`, `/play`, then the moves and the ways a game ends.

use super::{Choice, CommandSpec, Kind, OptSpec, Phrase, phrase};

pub(super) const CHALLENGE: CommandSpec = CommandSpec::new(
    phrase("challenge", "挑战", "挑戰"),
    phrase(
        "Challenge a member (or the bot itself) to a game in this channel",
        "在本频道向一位成员（或机器人）发起对局",
        "在本頻道向一位成員（或機器人）發起對局",
    ),
    &[
        OptSpec::new(
            "member",
            Kind::Member,
            phrase(
                "Who to play (none: an open challenge anyone here may take)",
                "对手（不选：公开挑战，谁都可以应战）",
                "對手（不選：公開挑戰，誰都可以應戰）",
            ),
        )
        .named("对手", "對手")
        .positional(),
        OptSpec::new(
            "seconds",
            Kind::Integer,
            phrase("Seconds per turn", "每步的秒数", "每步的秒數"),
        )
        .named("秒数", "秒數"),
        OptSpec::new(
            "level",
            Kind::Choice(LEVELS),
            phrase(
                "The bot's level, when you challenge the bot",
                "挑战机器人时它的难度",
                "挑戰機器人時它的難度",
            ),
        )
        .named("难度", "難度"),
        game_option(phrase(
            "Which junqi: flip (default), dark (the bot referees) or open",
            "棋种：翻翻棋（默认）、暗棋（机器人当裁判）或明棋",
            "棋種：翻翻棋（預設）、暗棋（機器人當裁判）或明棋",
        )),
    ],
);

/// The `game` option (flip, dark or open) of `/challenge`, `/play`, `/tournament`, `/rank` and
/// `/leaderboard`, described for each.
pub(super) const fn game_option(description: Phrase) -> OptSpec {
    OptSpec::new("game", Kind::Choice(GAMES), description).named("棋种", "棋種")
}

/// The game kinds, as `GameKind` names them.
const GAMES: &[Choice] = &[
    Choice::new("flip", "翻翻棋", "翻翻棋"),
    Choice::new("dark", "暗棋", "暗棋"),
    Choice::new("open", "明棋", "明棋"),
];

/// What `/deploy` does, beside showing the panel.
pub(super) const DEPLOY_ACTIONS: &[Choice] = &[
    Choice::new("random", "随机", "隨機"),
    Choice::new("preset", "预设", "預設"),
    Choice::new("layout", "布阵文本", "佈陣文字"),
    Choice::new("swap", "交换", "交換"),
    Choice::new("save", "保存", "儲存"),
    Choice::new("load", "载入", "載入"),
    Choice::new("ready", "出征", "出征"),
];

pub(super) const DEPLOY: CommandSpec = CommandSpec::new(
    phrase("deploy", "布阵", "佈陣"),
    phrase(
        "Dark or open junqi: deploy your pieces in private (alone: show your layout)",
        "暗棋/明棋：私下布阵（不带参数：显示你的布阵）",
        "暗棋/明棋：私下佈陣（不帶參數：顯示你的佈陣）",
    ),
    &[
        OptSpec::new(
            "action",
            Kind::Choice(DEPLOY_ACTIONS),
            phrase(
                "random, preset, layout, swap, save, load or ready",
                "随机、预设、布阵文本、交换、保存、载入或出征",
                "隨機、預設、佈陣文字、交換、儲存、載入或出征",
            ),
        )
        .named("操作", "操作")
        .positional(),
        OptSpec::new(
            "from",
            Kind::Square,
            phrase(
                "swap: one square, e.g. B2",
                "交换：一个格子",
                "交換：一個格子",
            ),
        )
        .named("起点", "起點")
        .positional(),
        OptSpec::new(
            "to",
            Kind::Square,
            phrase(
                "swap: the other square, e.g. C5",
                "交换：另一个格子",
                "交換：另一個格子",
            ),
        )
        .named("终点", "終點")
        .positional(),
        OptSpec::new(
            "name",
            Kind::LayoutName,
            phrase(
                "preset, save, load: a preset's name (classic, …) or your layout's",
                "预设、保存、载入：预设名称（classic 等）或你的布阵名称",
                "預設、儲存、載入：預設名稱（classic 等）或你的佈陣名稱",
            ),
        )
        .named("名称", "名稱"),
        OptSpec::new(
            "text",
            Kind::Text,
            phrase(
                "layout: 6 ranks front to back, e.g. 6,1,7,2,2/4,.,3,.,5/…",
                "布阵文本：从第一排到最后一排共 6 排",
                "佈陣文字：從第一排到最後一排共 6 排",
            ),
        )
        .named("文本", "文字"),
    ],
);

/// What `/layouts` does, beside listing.
pub(super) const LAYOUTS_ACTIONS: &[Choice] = &[Choice::new("delete", "删除", "刪除")];

pub(super) const LAYOUTS: CommandSpec = CommandSpec::new(
    phrase("layouts", "我的布阵", "我的佈陣"),
    phrase(
        "Your saved layouts for dark and open junqi (only you see them); delete: remove one",
        "你保存的暗棋/明棋布阵（仅你可见）；删除：移除一个",
        "你儲存的暗棋/明棋佈陣（僅你可見）；刪除：移除一個",
    ),
    &[
        OptSpec::new(
            "action",
            Kind::Choice(LAYOUTS_ACTIONS),
            phrase(
                "delete (none: list them)",
                "删除（不选：列出）",
                "刪除（不選：列出）",
            ),
        )
        .named("操作", "操作")
        .positional(),
        OptSpec::new(
            "name",
            Kind::LayoutName,
            phrase(
                "delete: the layout's name",
                "删除：布阵名称",
                "刪除：佈陣名稱",
            ),
        )
        .named("名称", "名稱"),
    ],
);

/// The AI's levels, as `ai::Level` names them.
pub(super) const LEVELS: &[Choice] = &[
    Choice::new("easy", "简单", "簡單"),
    Choice::new("normal", "普通", "普通"),
    Choice::new("hard", "困难", "困難"),
    Choice::new("master", "大师", "大師"),
];

/// The number of the challenge `/accept`, `/decline` and `/withdraw` answer.
const CHALLENGE_NUMBER: &[OptSpec] = &[OptSpec::new(
    "number",
    Kind::Integer,
    phrase(
        "The challenge's number, when there are several",
        "挑战编号（有多个挑战时）",
        "挑戰編號（有多個挑戰時）",
    ),
)
.named("编号", "編號")
.positional()];

pub(super) const ACCEPT: CommandSpec = CommandSpec::new(
    phrase("accept", "接受", "接受"),
    phrase(
        "Accept a challenge here: the one to you, else the oldest open one",
        "接受本频道的挑战：先是向你发起的，否则最早的公开挑战",
        "接受本頻道的挑戰：先是向你發起的，否則最早的公開挑戰",
    ),
    CHALLENGE_NUMBER,
);

pub(super) const DECLINE: CommandSpec = CommandSpec::new(
    phrase("decline", "拒绝", "拒絕"),
    phrase(
        "Decline the latest challenge to you here",
        "拒绝本频道最近向你发起的挑战",
        "拒絕本頻道最近向你發起的挑戰",
    ),
    CHALLENGE_NUMBER,
);

pub(super) const WITHDRAW: CommandSpec = CommandSpec::new(
    phrase("withdraw", "撤回", "撤回"),
    phrase(
        "Take back your latest challenge here",
        "撤回你在本频道最近发起的挑战",
        "撤回你在本頻道最近發起的挑戰",
    ),
    CHALLENGE_NUMBER,
);

pub(super) const PLAY: CommandSpec = CommandSpec::new(
    phrase("play", "匹配", "配對"),
    phrase(
        "Find a game: wait in this server's queue for the closest opponent in points",
        "快速匹配：在本服务器的队列里等积分最接近的对手",
        "快速配對：在本伺服器的佇列裡等積分最接近的對手",
    ),
    &[
        OptSpec::new(
            "seconds",
            Kind::Integer,
            phrase(
                "Seconds per turn (default: the server's)",
                "每步的秒数（默认：本服务器的设置）",
                "每步的秒數（預設：本伺服器的設定）",
            ),
        )
        .named("秒数", "秒數"),
        game_option(phrase(
            "Which junqi to wait for: flip (default), dark (the bot referees) or open",
            "等哪种棋：翻翻棋（默认）、暗棋（机器人当裁判）或明棋",
            "等哪種棋：翻翻棋（預設）、暗棋（機器人當裁判）或明棋",
        )),
        OptSpec::new(
            "cancel",
            Kind::Flag,
            phrase("true: leave the queue", "是：离开队列", "是：離開佇列"),
        )
        .named("取消", "取消"),
    ],
);

pub(super) const FLIP: CommandSpec = CommandSpec::new(
    phrase("flip", "翻棋", "翻棋"),
    phrase("Flip a face-down piece", "翻开一枚暗棋", "翻開一枚暗棋"),
    &[OptSpec::new(
        "square",
        Kind::Square,
        phrase("The square, e.g. B3", "格子，例如 B3", "格子，例如 B3"),
    )
    .named("格子", "格子")
    .required()
    .positional()],
);

pub(super) const MOVE: CommandSpec = CommandSpec::new(
    phrase("move", "走棋", "走棋"),
    phrase(
        "Move one of your pieces",
        "移动你的一枚棋子",
        "移動你的一枚棋子",
    ),
    &[
        OptSpec::new(
            "from",
            Kind::Square,
            phrase(
                "The piece's square, e.g. B3",
                "棋子所在的格子",
                "棋子所在的格子",
            ),
        )
        .named("起点", "起點")
        .required()
        .positional(),
        OptSpec::new(
            "to",
            Kind::Square,
            phrase("Where it goes, e.g. C3", "目标格子", "目標格子"),
        )
        .named("终点", "終點")
        .required()
        .positional(),
    ],
);

pub(super) const MOVES: CommandSpec = CommandSpec::new(
    phrase("moves", "走法", "走法"),
    phrase(
        "Show where one of your pieces can go (only you see it)",
        "查看一枚棋子能走到哪里（仅你可见）",
        "查看一枚棋子能走到哪裡（僅你可見）",
    ),
    &[OptSpec::new(
        "square",
        Kind::Square,
        phrase(
            "The piece's square, e.g. B3",
            "棋子所在的格子",
            "棋子所在的格子",
        ),
    )
    .named("格子", "格子")
    .required()
    .positional()],
)
.console_aliases(&["guide"]);

pub(super) const BOARD: CommandSpec = CommandSpec::new(
    phrase("board", "棋盘", "棋盤"),
    phrase(
        "Show the board of this channel's game",
        "显示本频道对局的棋盘",
        "顯示本頻道對局的棋盤",
    ),
    &[],
);

pub(super) const EXPORT: CommandSpec = CommandSpec::new(
    phrase("export", "导出", "匯出"),
    phrase(
        "Show this channel's game as a position (notation) and who plays which colour",
        "以记谱导出本频道的对局局面",
        "以記譜匯出本頻道的對局局面",
    ),
    &[],
);

pub(super) const DRAW: CommandSpec = CommandSpec::new(
    phrase("draw", "求和", "求和"),
    phrase(
        "Offer your opponent a draw",
        "向对手提出和棋",
        "向對手提出和棋",
    ),
    // Discord answers an offer with its buttons.
    &[OptSpec::new(
        "answer",
        Kind::Choice(&[
            Choice::plain("offer"),
            Choice::plain("accept"),
            Choice::plain("decline"),
        ]),
        phrase(
            "offer (the default), or answer your opponent's offer",
            "offer（默认）提和，或回答对手的提和",
            "offer（預設）提和，或回答對手的提和",
        ),
    )
    .positional()
    .console_only()],
);

pub(super) const RESIGN: CommandSpec = CommandSpec::new(
    phrase("resign", "认输", "認輸"),
    phrase(
        "Resign this game (allowed after the first actions)",
        "认输（开局若干步之后才可以）",
        "認輸（開局若干步之後才可以）",
    ),
    &[],
);

pub(super) const ABANDON: CommandSpec = CommandSpec::new(
    phrase("abandon", "逃跑", "逃跑"),
    phrase(
        "Leave this game now: you lose with the abandonment penalty",
        "立即离开对局：判负并按逃跑扣分",
        "立即離開對局：判負並按逃跑扣分",
    ),
    &[],
);

pub(super) const REMATCH: CommandSpec = CommandSpec::new(
    phrase("rematch", "再战", "再戰"),
    phrase(
        "Challenge the opponent of this channel's last game again",
        "再次挑战本频道上一局的对手",
        "再次挑戰本頻道上一局的對手",
    ),
    &[],
);
