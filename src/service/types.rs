//! The values that cross the service's boundary: who is calling, what they ask for, and what
//! the bot answers. Nothing here knows about Discord or the terminal.

use super::button::Button;
use crate::config::Language;
use crate::game::Square;
use crate::store::{Place, UserId};

/// The languages of one command's replies: what only the caller sees is in the caller's
/// language, what the channel sees in the place's (the server's) language.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Tongues {
    pub private: Language,
    pub public: Language,
}

impl Tongues {
    /// One language for everything.
    pub fn both(language: Language) -> Tongues {
        Tongues {
            private: language,
            public: language,
        }
    }

    /// The language of a reply: private or public.
    pub fn of(&self, private: bool) -> Language {
        if private { self.private } else { self.public }
    }
}

/// What a reply means for the game's life, for front ends that place games (Discord threads).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GameEvent {
    /// Game `game` has just started between these players (by seat).
    Started { game: u64, names: [String; 2] },
    /// Game `game` has just ended; the reply holds the result.
    Ended { game: u64 },
    /// Finished game `game` is being analysed: the chart follows from
    /// [`Service::analysis`](super::Service::analysis).
    Analysing { game: u64 },
    /// No game starts in this room, opened for one just before the store failed: the reply
    /// says so, and the front end closes the room (Discord archives its thread).
    RoomClosed,
}

/// The user id the AI plays under in the store. Discord user ids are never 0.
pub const AI_USER: UserId = 0;

/// Who sent a command, and where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Caller {
    pub user: UserId,
    /// The caller's display name, as it should appear in messages.
    pub name: String,
    pub place: Place,
}

/// A member named in a command (`@bob`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Member {
    pub user: UserId,
    pub name: String,
}

/// Whom a challenge is for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Opponent {
    Member(Member),
    /// The bot itself (console `@ai`, Discord: the bot's own user); `level` None = the default.
    Ai {
        level: Option<crate::ai::Level>,
    },
    /// Nobody named: an open challenge, which any member but the challenger may take.
    Anyone,
}

/// Every command of the bot. Optional challenge ids and game ids come from buttons: without
/// one, the command applies to the caller's challenge or the game in the caller's channel.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// Challenge a member (or the AI) to a game of `game` in this channel; `seconds`: the turn
    /// clock.
    Challenge {
        opponent: Opponent,
        seconds: Option<u32>,
        game: crate::GameKind,
    },
    Accept {
        challenge: Option<u64>,
    },
    Decline {
        challenge: Option<u64>,
    },
    /// The challenger takes their challenge back.
    Withdraw {
        challenge: Option<u64>,
    },
    Flip(Square),
    Move {
        from: Square,
        to: Square,
    },
    /// The move guide of one piece (private, with an image).
    Moves(Square),
    /// The board: for a player of a standard game, their own pieces (privately).
    Board,
    /// A step of a standard game's deployment (`/deploy …`).
    Deploy(super::live::DeployStep),
    /// The caller's saved layouts, privately (`/layouts`); `delete`: remove the one of that
    /// name instead.
    Layouts {
        delete: Option<String>,
    },
    /// The position in notation and who plays which colour.
    Export,
    Resign,
    OfferDraw,
    AnswerDraw {
        accept: bool,
        game: Option<u64>,
    },
    Abandon,
    /// Challenge the opponent of the last game in this channel again (the AI: start at once).
    Rematch,
    /// The title and points of a member (the caller when `None`) on `game`'s ladder.
    Rank {
        member: Option<Member>,
        game: crate::GameKind,
    },
    Leaderboard {
        global: bool,
        game: crate::GameKind,
    },
    Rules,
    Help,
    /// Resign, once the caller confirms: the private confirmation prompt (or a refusal at
    /// once, before the threshold).
    AskResign,
    /// Abandon, once the caller confirms: the private confirmation prompt.
    AskAbandon,
    /// A command from a button of game `game`: refused as stale when that game is over, and
    /// as old when `turn` (the turn message it is on) is not the game's current turn.
    ForGame {
        game: u64,
        turn: Option<u32>,
        command: Box<Command>,
    },
    /// A member's finished games (the caller's when `None`), ten a page, newest first; page 0
    /// is the newest.
    History {
        member: Option<Member>,
        page: u32,
    },
    /// A finished game as an animated image and a record text file; `speed` in actions per
    /// second (1–10).
    Replay {
        game: u64,
        speed: Option<u32>,
    },
    /// A finished game's win-chance chart and its three biggest swings (`/analyse game:N`).
    Analyse {
        game: u64,
    },
    /// The live games of the caller's server.
    Games,
    /// An arena tournament in the caller's channel (`/tournament …`).
    Tournament(TournamentCommand),
    /// Quick match: wait in the server's queue for a game of `game` with that turn clock
    /// (default: the server's `turn_secs`); `cancel`: leave every queue instead.
    Play {
        seconds: Option<u32>,
        game: crate::GameKind,
        cancel: bool,
    },
    /// `/settings`: show the server's settings (no changes) or change them (`key`, `value`
    /// as typed; `default` unsets a key). Manage Server only.
    Settings {
        rights: Rights,
        changes: Vec<(String, String)>,
    },
    /// `/settings log`: the last changes of the server's settings.
    SettingsLog {
        rights: Rights,
    },
    /// `/cancel game:N [reason]`: a moderator (Manage Messages or the organiser role) ends a
    /// live game of this server with no result; never one of its players.
    Cancel {
        game: u64,
        reason: String,
        rights: Rights,
    },
}

/// What a member may do on their server, as the front end found it: their Discord
/// permissions that matter to the bot and their roles (for the server's organiser role). The
/// service checks them itself: a front end's own gate (Discord's command permissions, which a
/// server's admins can override) is never the only one.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Rights {
    /// Manage Server: `/settings`.
    pub manage_guild: bool,
    /// Manage Events: tournaments.
    pub manage_events: bool,
    /// Manage Messages: `/cancel`.
    pub manage_messages: bool,
    pub roles: Vec<u64>,
}

impl Rights {
    /// Everything: the console, where every member counts as a server admin.
    pub fn all() -> Rights {
        Rights {
            manage_guild: true,
            manage_events: true,
            manage_messages: true,
            roles: Vec::new(),
        }
    }
}

/// The `/tournament` subcommands. Join and Leave buttons name their tournament; typed, they
/// mean the channel's.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TournamentCommand {
    /// `minutes`: the length; `seconds`: the turn clock; `starts_in`: minutes until the start
    /// (default 5); `rated` (default true, when the game has a ladder).
    /// `game`: the game every pairing plays (default 翻翻棋).
    Create {
        minutes: u32,
        seconds: u32,
        starts_in: Option<u32>,
        rated: Option<bool>,
        game: crate::GameKind,
        rights: Rights,
    },
    Join {
        tournament: Option<u64>,
    },
    Leave {
        tournament: Option<u64>,
    },
    /// The standings: live while it runs, final afterwards.
    Show,
    Cancel {
        rights: Rights,
    },
}

/// A message about a tournament's announcement, for front ends that can edit messages.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Announcement {
    /// This message is tournament `tournament`'s announcement: tell the service its id
    /// ([`Service::announcement_posted`](super::Service::announcement_posted)).
    Posted { tournament: u64 },
    /// Edit the announcement `message` (when known) to read as this reply: the live standings.
    Standings {
        tournament: u64,
        message: Option<u64>,
    },
}

/// What an attached file is, for front ends that show files differently (the console prints
/// `image: PATH` or `record: PATH`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FileKind {
    Image,
    Record,
}

/// A file sent with a reply besides the board image (a replay's animation and record).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Attachment {
    /// The file name, with its extension (`game-12.gif`).
    pub name: String,
    pub kind: FileKind,
    pub bytes: Vec<u8>,
}

/// What the bot says: text lines, maybe a board image (PNG bytes), other files, maybe buttons,
/// and whether only the caller may see it (a refusal, a warning, a move guide).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Reply {
    pub lines: Vec<String>,
    pub png: Option<Vec<u8>>,
    pub files: Vec<Attachment>,
    /// The language the image and the files were drawn in, for a front end that words
    /// something about them (that an upload failed).
    pub drawn_in: Option<Language>,
    pub buttons: Vec<Button>,
    /// Select menus, each on its own row below the buttons.
    pub menus: Vec<super::menu::Menu>,
    pub private: bool,
    /// The users this message is meant to notify (a Discord ping); nobody else is notified.
    pub mentions: Vec<UserId>,
    /// A game started or ended with this message.
    pub event: Option<GameEvent>,
    /// A tournament's announcement, or an edit of it.
    pub announcement: Option<Announcement>,
    /// Held while this reply, a game's end, is on its way: a front end drops it once the reply
    /// and everything it brings about (the result in a thread's channel) have been delivered.
    pub receipt: Receipt,
}

/// A game's end is presented once its reply has been delivered where members read it, not
/// merely handed to a front end: what must follow it (a tournament's final standings) waits
/// until the front end drops the reply that carries this. Only the reply itself holds it: a
/// copy of a reply carries an empty receipt, so a front end that keeps a copy holds up nothing.
#[derive(Default)]
pub struct Receipt(Option<std::sync::Arc<tokio::sync::OwnedSemaphorePermit>>);

impl Receipt {
    pub(super) fn holding(permit: std::sync::Arc<tokio::sync::OwnedSemaphorePermit>) -> Receipt {
        Receipt(Some(permit))
    }
}

impl Clone for Receipt {
    fn clone(&self) -> Receipt {
        Receipt(None)
    }
}

/// Receipts say nothing about what a reply shows.
impl PartialEq for Receipt {
    fn eq(&self, _: &Receipt) -> bool {
        true
    }
}

impl Eq for Receipt {}

impl std::fmt::Debug for Receipt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "Receipt(held)"
        } else {
            "Receipt"
        })
    }
}

impl Reply {
    /// A message everyone in the channel sees.
    pub fn public(lines: Vec<String>) -> Reply {
        Reply {
            lines,
            ..Reply::default()
        }
    }

    /// A message only the caller sees.
    pub fn private(lines: Vec<String>) -> Reply {
        Reply {
            lines,
            private: true,
            ..Reply::default()
        }
    }

    /// A private refusal: one line, nothing changed.
    pub fn refusal(reason: impl Into<String>) -> Reply {
        Reply::private(vec![reason.into()])
    }

    pub fn with_png(mut self, png: Option<Vec<u8>>) -> Reply {
        self.png = png;
        self
    }

    /// Says which language the image and files were drawn in.
    pub fn drawn_in(mut self, language: Language) -> Reply {
        self.drawn_in = Some(language);
        self
    }

    pub fn with_files(mut self, files: Vec<Attachment>) -> Reply {
        self.files = files;
        self
    }

    pub fn with_buttons(mut self, buttons: Vec<Button>) -> Reply {
        self.buttons = buttons;
        self
    }

    pub fn with_menus(mut self, menus: Vec<super::menu::Menu>) -> Reply {
        self.menus = menus;
        self
    }

    /// Notifies these users (the AI, user 0, is never notified).
    pub fn mentioning(mut self, users: impl IntoIterator<Item = UserId>) -> Reply {
        for user in users {
            if user != AI_USER && !self.mentions.contains(&user) {
                self.mentions.push(user);
            }
        }
        self
    }

    pub fn with_event(mut self, event: GameEvent) -> Reply {
        self.event = Some(event);
        self
    }

    /// The whole text, lines joined by newlines.
    pub fn text(&self) -> String {
        self.lines.join("\n")
    }
}

/// A message the bot sends on its own (a clock warning, a timeout, an AI move, a game's end,
/// an expired challenge) to a channel, for everyone there.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outbound {
    pub place: Place,
    pub reply: Reply,
}
