//! What a game actor decided, as a plain value: the event (a move played, a resignation, a
//! clock warning…) and a snapshot of the game as it stood right after it, which is all the
//! presenter needs to word the reply and draw its image; or what it answers the caller alone
//! ([`Said`]: a typed refusal, an "are you sure?"). No sentences, no pixels, no front-end
//! types: the actor decides and stores, the presenter (`presenter.rs`) tells.

use super::finish::Ended;
use super::{Command, Surface};
use crate::config::Language;
use crate::game::{Action, Effect, GameError, Piece, PublicView, RevealedView, Seat, Square};
use crate::standard::Layout;
use crate::store::{Place, UserId};

use crate::render::Guide;

/// One decision of a game's actor, ready to be presented.
#[derive(Debug)]
pub(in crate::service) struct Happened {
    pub scene: Scene,
    pub event: Event,
}

/// The game as it stood when the actor decided, as far as presenting needs it.
#[derive(Clone, Debug)]
pub(in crate::service) struct Scene {
    pub id: u64,
    /// Where the game was played at the time: where the bot's own messages about it go.
    pub place: Place,
    pub players: [UserId; 2],
    pub names: [String; 2],
    /// The public view (its rules and outcome included).
    pub view: PublicView,
    /// At the end of the game, what was never flipped: the only picture that may show it.
    pub reveal: Option<RevealedView>,
    /// Whole seconds left on the clock of the player to act.
    pub seconds_left: u64,
    pub turn_secs: u32,
    pub turn_deadline_ms: u64,
    pub base_score: u32,
    pub rated: bool,
    /// The AI's seat, in a game against the AI.
    pub ai: Option<Seat>,
    pub kind: crate::GameKind,
    /// While a standard game's players deploy: who has confirmed.
    pub deploying: Option<[bool; 2]>,
    /// A standard game that is over: each seat's colour and layout, revealed to everyone.
    pub layouts: Option<[(crate::game::Colour, crate::standard::Layout); 2]>,
    /// The language of what the game's place sees.
    pub public: Language,
    /// The language of what only the command's caller sees.
    pub private: Language,
    pub surface: Surface,
}

/// What the actor decided.
#[derive(Debug)]
pub(in crate::service) enum Event {
    /// The game was created and stored; its actor is running.
    Started,
    /// `name` played `action`.
    Played {
        name: String,
        action: Action,
        effect: Effect,
        colours_decided: bool,
        ended: Option<Ended>,
    },
    Resigned {
        name: String,
        ended: Option<Ended>,
    },
    Abandoned {
        name: String,
        ended: Option<Ended>,
    },
    /// `name` offered a draw to the player in seat `to`.
    DrawOffered {
        name: String,
        to: Seat,
    },
    /// `name` offered a draw to the AI, which declined at once.
    AiDeclinedDraw {
        name: String,
        ai: Seat,
    },
    DrawAccepted {
        name: String,
        ended: Option<Ended>,
    },
    DrawDeclined {
        name: String,
    },
    /// The player in `seat` has little time left.
    Warning {
        seat: Seat,
    },
    /// The player in `seat` ran out of time (the turn passed, or they lost).
    TimedOut {
        seat: Seat,
        ended: Option<Ended>,
    },
    /// The game reached its time limit.
    ClockDraw {
        ended: Option<Ended>,
    },
    /// The end of the game was found stored after all, before the next command or clock event
    /// (a lost connection had hidden it: `settle.rs`).
    EndFoundStored {
        ended: Ended,
    },
    /// The board for everyone.
    Board,
    /// The private move guide of `piece`, drawn on the caller's own `view`.
    Guide {
        piece: Piece,
        guide: Guide,
        view: PublicView,
    },
    /// A player's own pieces, for them alone (a standard game's "My pieces").
    MyPieces {
        view: PublicView,
    },
    /// A player's private deployment panel: the layout on their screen (`None` before they
    /// took one) on their own `view`, and what the step did.
    DeployPanel {
        layout: Option<Layout>,
        view: PublicView,
        note: DeployNote,
        /// The names of the player's saved layouts, offered to load.
        saved: Vec<String>,
    },
    /// `name` confirmed their layout; `began`: the game started with it.
    Ready {
        name: String,
        began: bool,
    },
    /// The deployment clock ran out for these seats, each with whether it had a layout on
    /// screen (else it got a random one); the game has begun.
    DeploymentExpired {
        waiting: Vec<(Seat, bool)>,
    },
    /// The position in notation.
    Exported,
    /// A moderator (`by`) cancelled the game, stored as cancelled: no result, no points.
    Cancelled {
        by: String,
        reason: String,
    },
}

/// What the actor answers the caller alone, with nothing to draw: worded by `tell::said`.
#[derive(Debug)]
pub(in crate::service) enum Said {
    Refused(Refusal),
    /// The private "are you sure?" before resigning or abandoning, with its buttons.
    Confirm(GiveUp),
    /// The moderator's own note that game `game`, played in channel `channel`, is cancelled.
    CancelDone {
        game: u64,
        channel: u64,
    },
}

impl From<Refusal> for Said {
    fn from(refusal: Refusal) -> Said {
        Said::Refused(refusal)
    }
}

/// How a player gives up: resigning (after the first actions) or abandoning (at any time, at
/// a cost); each is asked "are you sure?" first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(in crate::service) enum GiveUp {
    Resign,
    Abandon,
}

/// What a deployment step did, for the panel's first line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(in crate::service) enum DeployNote {
    Shown,
    Random,
    Preset(&'static str),
    Layout,
    /// Saved under `name`, which the caller already had (`replaced`) or not; they keep `count`.
    Saved {
        name: String,
        replaced: bool,
        count: usize,
    },
    /// The caller's saved layout `0` is on screen.
    Loaded(String),
    Swapped {
        from: Square,
        to: Square,
    },
    /// The caller has confirmed and waits for the opponent.
    Waiting,
}

/// Why the actor refused a command: nothing changed.
#[derive(Debug)]
pub(in crate::service) enum Refusal {
    /// The caller plays no seat in this game.
    NotPlaying,
    /// `/moves` on an empty square.
    NoPiece(Square),
    /// `/moves` on a face-down piece.
    FaceDown(Square),
    /// `/moves` on the opponent's piece.
    NotYourPiece(Square),
    /// `/moves` on a piece with nowhere to go now.
    NoMovesNow { piece: Piece, square: Square },
    /// The rules refused the change (a resignation too early, a draw offer too many…).
    Game(GameError),
    /// The rules refused the caller's action.
    Action { action: Action, error: GameError },
    /// The action would lose by repetition: the same command again plays it.
    Repetition(Action),
    /// A draw answer from the message of a game that has ended.
    DrawOfFinishedGame,
    /// A button from an earlier turn of this game.
    OldMessage,
    /// A button from a game that is no longer played here.
    StaleButton,
    /// A game command where no game is played.
    NoGame,
    /// A command the game actor does not take (a service bug, said as it is).
    NotAGameCommand(Box<Command>),
    /// The store refused the write.
    StoreFailure,
    /// A lost connection hid whether the store took the write (`settle.rs`).
    StoreUnsure,
    /// A moderator's `/cancel` of game `0`, which they play in (they have `/abandon`).
    CancelOwnGame(u64),
    /// A `/cancel` of game `0`, which has ended meanwhile.
    AlreadyOver(u64),
    /// A `/deploy` step the deployment refused.
    Deploy(super::deploy::DeployRefusal),
}

/// The language and front end of the caller, to word what the actor said to them alone.
#[derive(Clone, Copy, Debug)]
pub(in crate::service) struct Voice {
    pub lang: Language,
    pub surface: Surface,
}
