//! The buttons under the bot's messages: [`ButtonId`], the one way to build and read a button's
//! custom id (Discord hands the id back on every press, even after a restart, so the id is the
//! whole of what a button remembers), the [`Button`] a reply carries, and the command each id
//! stands for.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::live::DeployStep;
use super::types::{Command, Member, TournamentCommand};
use crate::store::UserId;

/// What a button does, as its custom id says it. [`Display`](fmt::Display) writes the id
/// Discord stores, [`FromStr`] reads it back; the two are each other's inverse.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ButtonId {
    /// `accept:<challenge>`
    Accept(u64),
    /// `decline:<challenge>`
    Decline(u64),
    /// `withdraw:<challenge>`
    Withdraw(u64),
    /// `draw:accept:<game>` or `draw:decline:<game>`
    AnswerDraw {
        accept: bool,
        game: u64,
    },
    /// `rematch`
    Rematch,
    /// `board`
    Board,
    /// `history:<user>:<page>`
    History {
        user: UserId,
        page: u32,
    },
    /// `offer-draw:<game>:<turn>`: on the turn message of turn `turn` (see [`Turn`]).
    OfferDraw(Turn),
    /// `resign:<game>:<turn>`: asks to confirm.
    Resign(Turn),
    /// `abandon:<game>:<turn>`: asks to confirm.
    Abandon(Turn),
    /// `confirm:resign`
    ConfirmResign,
    /// `confirm:abandon`
    ConfirmAbandon,
    /// `confirm:cancel`
    ConfirmCancel,
    /// `tournament:join:<tournament>`
    TournamentJoin(u64),
    /// `tournament:leave:<tournament>`
    TournamentLeave(u64),
    /// `queue:leave`: out of the quick-match queue.
    LeaveQueue,
    /// `analyse:<game>`: the win-chance chart of a finished game.
    Analyse(u64),
    /// `deploy:<game>`: a standard game's deployment panel (private).
    Deploy(u64),
    /// `deploy:random:<game>` and `deploy:ready:<game>`: the panel's buttons.
    DeployRandom(u64),
    DeployReady(u64),
    /// `mine:<game>`: a player's own pieces, privately.
    MyPieces(u64),
}

/// The turn message a game button is on: game `game` at turn `turn` (actions and timeouts so
/// far). A press on an older turn message is refused as old; `turn` is `None` on buttons made
/// before turns were counted (`offer-draw:<game>`), which are not checked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Turn {
    pub game: u64,
    pub turn: Option<u32>,
}

impl Turn {
    pub fn new(game: u64, turn: u32) -> Turn {
        Turn {
            game,
            turn: Some(turn),
        }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.turn {
            Some(turn) => write!(f, "{}:{turn}", self.game),
            None => write!(f, "{}", self.game),
        }
    }
}

impl ButtonId {
    /// The game and turn of a turn message's button.
    pub fn turn(&self) -> Option<Turn> {
        match self {
            ButtonId::OfferDraw(turn) | ButtonId::Resign(turn) | ButtonId::Abandon(turn) => {
                Some(*turn)
            }
            _ => None,
        }
    }
}

/// A custom id no button of this bot carries (an old or foreign button).
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("no button of this bot has the id {0:?}")]
pub struct UnknownButton(pub String);

impl fmt::Display for ButtonId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ButtonId::Accept(id) => write!(f, "accept:{id}"),
            ButtonId::Decline(id) => write!(f, "decline:{id}"),
            ButtonId::Withdraw(id) => write!(f, "withdraw:{id}"),
            ButtonId::AnswerDraw { accept, game } => {
                let answer = if *accept { "accept" } else { "decline" };
                write!(f, "draw:{answer}:{game}")
            }
            ButtonId::Rematch => f.write_str("rematch"),
            ButtonId::Board => f.write_str("board"),
            ButtonId::History { user, page } => write!(f, "history:{user}:{page}"),
            ButtonId::OfferDraw(turn) => write!(f, "offer-draw:{turn}"),
            ButtonId::Resign(turn) => write!(f, "resign:{turn}"),
            ButtonId::Abandon(turn) => write!(f, "abandon:{turn}"),
            ButtonId::ConfirmResign => f.write_str("confirm:resign"),
            ButtonId::ConfirmAbandon => f.write_str("confirm:abandon"),
            ButtonId::ConfirmCancel => f.write_str("confirm:cancel"),
            ButtonId::TournamentJoin(id) => write!(f, "tournament:join:{id}"),
            ButtonId::TournamentLeave(id) => write!(f, "tournament:leave:{id}"),
            ButtonId::LeaveQueue => f.write_str("queue:leave"),
            ButtonId::Analyse(game) => write!(f, "analyse:{game}"),
            ButtonId::Deploy(game) => write!(f, "deploy:{game}"),
            ButtonId::DeployRandom(game) => write!(f, "deploy:random:{game}"),
            ButtonId::DeployReady(game) => write!(f, "deploy:ready:{game}"),
            ButtonId::MyPieces(game) => write!(f, "mine:{game}"),
        }
    }
}

impl FromStr for ButtonId {
    type Err = UnknownButton;

    fn from_str(custom_id: &str) -> Result<ButtonId, UnknownButton> {
        let unknown = || UnknownButton(custom_id.to_string());
        let number = |text: &str| text.parse::<u64>().map_err(|_| unknown());
        let turn = |game: &str, turn: Option<&&str>| -> Result<Turn, UnknownButton> {
            Ok(Turn {
                game: number(game)?,
                turn: turn
                    .map(|turn| turn.parse::<u32>().map_err(|_| unknown()))
                    .transpose()?,
            })
        };
        let parts: Vec<&str> = custom_id.split(':').collect();
        Ok(match parts.as_slice() {
            ["accept", challenge] => ButtonId::Accept(number(challenge)?),
            ["decline", challenge] => ButtonId::Decline(number(challenge)?),
            ["withdraw", challenge] => ButtonId::Withdraw(number(challenge)?),
            ["draw", answer @ ("accept" | "decline"), game] => ButtonId::AnswerDraw {
                accept: *answer == "accept",
                game: number(game)?,
            },
            ["rematch"] => ButtonId::Rematch,
            ["board"] => ButtonId::Board,
            ["history", user, page] => ButtonId::History {
                user: number(user)?,
                page: page.parse().map_err(|_| unknown())?,
            },
            ["offer-draw", game, at @ ..] if at.len() <= 1 => {
                ButtonId::OfferDraw(turn(game, at.first())?)
            }
            ["resign", game, at @ ..] if at.len() <= 1 => ButtonId::Resign(turn(game, at.first())?),
            ["abandon", game, at @ ..] if at.len() <= 1 => {
                ButtonId::Abandon(turn(game, at.first())?)
            }
            ["confirm", "resign"] => ButtonId::ConfirmResign,
            ["confirm", "abandon"] => ButtonId::ConfirmAbandon,
            ["confirm", "cancel"] => ButtonId::ConfirmCancel,
            ["tournament", "join", id] => ButtonId::TournamentJoin(number(id)?),
            ["tournament", "leave", id] => ButtonId::TournamentLeave(number(id)?),
            ["queue", "leave"] => ButtonId::LeaveQueue,
            ["analyse", game] => ButtonId::Analyse(number(game)?),
            ["deploy", game] => ButtonId::Deploy(number(game)?),
            ["deploy", "random", game] => ButtonId::DeployRandom(number(game)?),
            ["deploy", "ready", game] => ButtonId::DeployReady(number(game)?),
            ["mine", game] => ButtonId::MyPieces(number(game)?),
            _ => return Err(unknown()),
        })
    }
}

/// A deployment step from a button of game `game` (any turn: the deployment has one).
fn deploy_step(game: u64, step: DeployStep) -> Command {
    Command::ForGame {
        game,
        turn: None,
        command: Box::new(Command::Deploy(step)),
    }
}

impl Command {
    /// The command a button stands for; `None` for the "cancel" of a confirmation, which
    /// the front end answers itself.
    pub fn from_button(id: ButtonId) -> Option<Command> {
        let for_game = |turn: Turn, command| Command::ForGame {
            game: turn.game,
            turn: turn.turn,
            command: Box::new(command),
        };
        Some(match id {
            ButtonId::Accept(challenge) => Command::Accept {
                challenge: Some(challenge),
            },
            ButtonId::Decline(challenge) => Command::Decline {
                challenge: Some(challenge),
            },
            ButtonId::Withdraw(challenge) => Command::Withdraw {
                challenge: Some(challenge),
            },
            ButtonId::AnswerDraw { accept, game } => Command::AnswerDraw {
                accept,
                game: Some(game),
            },
            ButtonId::Rematch => Command::Rematch,
            ButtonId::Board => Command::Board,
            // The member's name is looked up in the store: a custom id has no room for it.
            ButtonId::History { user, page } => Command::History {
                member: Some(Member {
                    user,
                    name: String::new(),
                }),
                page,
            },
            ButtonId::OfferDraw(game) => for_game(game, Command::OfferDraw),
            ButtonId::Resign(game) => for_game(game, Command::AskResign),
            ButtonId::Abandon(game) => for_game(game, Command::AskAbandon),
            ButtonId::ConfirmResign => Command::Resign,
            ButtonId::ConfirmAbandon => Command::Abandon,
            ButtonId::ConfirmCancel => return None,
            ButtonId::TournamentJoin(id) => Command::Tournament(TournamentCommand::Join {
                tournament: Some(id),
            }),
            ButtonId::TournamentLeave(id) => Command::Tournament(TournamentCommand::Leave {
                tournament: Some(id),
            }),
            ButtonId::LeaveQueue => Command::Play {
                seconds: None,
                game: crate::GameKind::Flip,
                cancel: true,
            },
            ButtonId::Analyse(game) => Command::Analyse { game },
            ButtonId::Deploy(game) => deploy_step(game, DeployStep::Show),
            ButtonId::DeployRandom(game) => deploy_step(game, DeployStep::Random),
            ButtonId::DeployReady(game) => deploy_step(game, DeployStep::Ready),
            ButtonId::MyPieces(game) => Command::ForGame {
                game,
                turn: None,
                command: Box::new(Command::Board),
            },
        })
    }
}

/// A button under a message: its label and what pressing it does.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Button {
    pub label: String,
    pub id: ButtonId,
}

impl Button {
    pub fn new(label: impl Into<String>, id: ButtonId) -> Button {
        Button {
            label: label.into(),
            id,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every variant, its wire id (byte for byte what Discord already stores on old
    /// messages) and the command it stands for.
    fn every_button() -> Vec<(ButtonId, &'static str, Option<Command>)> {
        let for_game = |game, turn, command| {
            Some(Command::ForGame {
                game,
                turn,
                command: Box::new(command),
            })
        };
        vec![
            (
                ButtonId::Analyse(12),
                "analyse:12",
                Some(Command::Analyse { game: 12 }),
            ),
            (
                ButtonId::Accept(7),
                "accept:7",
                Some(Command::Accept { challenge: Some(7) }),
            ),
            (
                ButtonId::Decline(7),
                "decline:7",
                Some(Command::Decline { challenge: Some(7) }),
            ),
            (
                ButtonId::Withdraw(9),
                "withdraw:9",
                Some(Command::Withdraw { challenge: Some(9) }),
            ),
            (
                ButtonId::AnswerDraw {
                    accept: true,
                    game: 3,
                },
                "draw:accept:3",
                Some(Command::AnswerDraw {
                    accept: true,
                    game: Some(3),
                }),
            ),
            (
                ButtonId::AnswerDraw {
                    accept: false,
                    game: 3,
                },
                "draw:decline:3",
                Some(Command::AnswerDraw {
                    accept: false,
                    game: Some(3),
                }),
            ),
            (ButtonId::Rematch, "rematch", Some(Command::Rematch)),
            (ButtonId::Board, "board", Some(Command::Board)),
            (
                ButtonId::History { user: 42, page: 3 },
                "history:42:3",
                Some(Command::History {
                    member: Some(Member {
                        user: 42,
                        name: String::new(),
                    }),
                    page: 3,
                }),
            ),
            (
                ButtonId::OfferDraw(Turn::new(4, 12)),
                "offer-draw:4:12",
                for_game(4, Some(12), Command::OfferDraw),
            ),
            (
                ButtonId::Resign(Turn::new(4, 0)),
                "resign:4:0",
                for_game(4, Some(0), Command::AskResign),
            ),
            (
                ButtonId::Abandon(Turn::new(4, 3)),
                "abandon:4:3",
                for_game(4, Some(3), Command::AskAbandon),
            ),
            // Made before turns were counted: still read, never refused as old.
            (
                ButtonId::OfferDraw(Turn {
                    game: 4,
                    turn: None,
                }),
                "offer-draw:4",
                for_game(4, None, Command::OfferDraw),
            ),
            (
                ButtonId::Abandon(Turn {
                    game: 4,
                    turn: None,
                }),
                "abandon:4",
                for_game(4, None, Command::AskAbandon),
            ),
            (
                ButtonId::ConfirmResign,
                "confirm:resign",
                Some(Command::Resign),
            ),
            (
                ButtonId::ConfirmAbandon,
                "confirm:abandon",
                Some(Command::Abandon),
            ),
            (ButtonId::ConfirmCancel, "confirm:cancel", None),
            (
                ButtonId::TournamentJoin(5),
                "tournament:join:5",
                Some(Command::Tournament(TournamentCommand::Join {
                    tournament: Some(5),
                })),
            ),
            (
                ButtonId::TournamentLeave(5),
                "tournament:leave:5",
                Some(Command::Tournament(TournamentCommand::Leave {
                    tournament: Some(5),
                })),
            ),
            (
                ButtonId::LeaveQueue,
                "queue:leave",
                Some(Command::Play {
                    seconds: None,
                    game: crate::GameKind::Flip,
                    cancel: true,
                }),
            ),
        ]
    }

    #[test]
    fn every_button_id_writes_its_wire_id_and_parses_back() {
        for (id, wire, _) in every_button() {
            assert_eq!(id.to_string(), wire, "{id:?}");
            assert_eq!(wire.parse::<ButtonId>(), Ok(id), "{wire}");
        }
    }

    #[test]
    fn buttons_map_to_commands() {
        for (id, wire, command) in every_button() {
            assert_eq!(Command::from_button(id), command, "{wire}");
        }
    }

    #[test]
    fn junk_ids_are_refused() {
        let junk = [
            "",
            ":",
            "accept",
            "accept:",
            "accept:x",
            "accept:-1",
            "accept:7:8",
            "resign:x",
            "resign:4:x",
            "resign:4:5:6",
            "abandon:4:-1",
            "draw:maybe:3",
            "draw:accept",
            "history:42:x",
            "history:x:1",
            "history:42",
            "confirm",
            "confirm:maybe",
            "rematch:1",
            "Rematch",
            "someone-elses-button",
            "press:1",
        ];
        for wire in junk {
            assert_eq!(
                wire.parse::<ButtonId>(),
                Err(UnknownButton(wire.to_string())),
                "{wire}"
            );
        }
    }
}
