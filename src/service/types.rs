//! The values that cross the service's boundary: who is calling, what they ask for, and what
//! the bot answers. Nothing here knows about Discord or the terminal.

use crate::game::Square;
use crate::store::{Place, UserId};

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
        level: Option<String>,
    },
}

/// Every command of the bot. Optional challenge ids and game ids come from buttons: without
/// one, the command applies to the caller's challenge or the game in the caller's channel.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// Challenge a member (or the AI) to a game in this channel; `seconds`: the turn clock.
    Challenge {
        opponent: Opponent,
        seconds: Option<u32>,
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
    Board,
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
    /// The title and points of a member (the caller when `None`).
    Rank(Option<Member>),
    Leaderboard {
        global: bool,
    },
    Rules,
    Help,
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
    /// The live games of the caller's server.
    Games,
}

impl Command {
    /// The command a button's custom id stands for: `accept:<id>`, `decline:<id>`,
    /// `withdraw:<id>`, `draw:accept:<game id>`, `draw:decline:<game id>`, `rematch`, `board`,
    /// `history:<user>:<page>`.
    pub fn from_button(custom_id: &str) -> Option<Command> {
        let parts: Vec<&str> = custom_id.split(':').collect();
        let id = |text: &str| text.parse::<u64>().ok();
        match parts.as_slice() {
            ["accept", challenge] => Some(Command::Accept {
                challenge: Some(id(challenge)?),
            }),
            ["decline", challenge] => Some(Command::Decline {
                challenge: Some(id(challenge)?),
            }),
            ["withdraw", challenge] => Some(Command::Withdraw {
                challenge: Some(id(challenge)?),
            }),
            ["draw", answer @ ("accept" | "decline"), game] => Some(Command::AnswerDraw {
                accept: *answer == "accept",
                game: Some(id(game)?),
            }),
            ["rematch"] => Some(Command::Rematch),
            // The member's name is looked up in the store: a custom id has no room for it.
            ["history", user, page] => Some(Command::History {
                member: Some(Member {
                    user: id(user)?,
                    name: String::new(),
                }),
                page: page.parse().ok()?,
            }),
            ["board"] => Some(Command::Board),
            _ => None,
        }
    }
}

/// A button under a message: its label and the custom id [`Command::from_button`] reads.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Button {
    pub label: String,
    pub custom_id: String,
}

impl Button {
    pub fn new(label: impl Into<String>, custom_id: impl Into<String>) -> Button {
        Button {
            label: label.into(),
            custom_id: custom_id.into(),
        }
    }
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
    pub buttons: Vec<Button>,
    pub private: bool,
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

    pub fn with_files(mut self, files: Vec<Attachment>) -> Reply {
        self.files = files;
        self
    }

    pub fn with_buttons(mut self, buttons: Vec<Button>) -> Reply {
        self.buttons = buttons;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buttons_map_to_commands() {
        let table = [
            ("accept:7", Some(Command::Accept { challenge: Some(7) })),
            ("decline:7", Some(Command::Decline { challenge: Some(7) })),
            ("withdraw:9", Some(Command::Withdraw { challenge: Some(9) })),
            (
                "draw:accept:3",
                Some(Command::AnswerDraw {
                    accept: true,
                    game: Some(3),
                }),
            ),
            (
                "draw:decline:3",
                Some(Command::AnswerDraw {
                    accept: false,
                    game: Some(3),
                }),
            ),
            ("rematch", Some(Command::Rematch)),
            (
                "history:42:3",
                Some(Command::History {
                    member: Some(Member {
                        user: 42,
                        name: String::new(),
                    }),
                    page: 3,
                }),
            ),
            ("history:42:x", None),
            ("history:x:1", None),
            ("accept:x", None),
            ("draw:maybe:3", None),
            ("", None),
        ];
        for (id, command) in table {
            assert_eq!(Command::from_button(id), command, "{id}");
        }
    }
}
