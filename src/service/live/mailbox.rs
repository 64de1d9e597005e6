//! The actor of one live game: a tokio task that owns the game, applies every command and
//! clock event one at a time, makes each durable before answering, runs the AI's turns and
//! retires when the game ends. It decides and stores; what it decided goes as a value
//! ([`Happened`]) to the game's presenter (`presenter.rs`), which words and draws the reply
//! outside this mailbox. What each command and clock event decides lives in `decide.rs`, the
//! commit of each change to the store in `commit.rs`.

use std::sync::Arc;

use tokio::sync::{mpsc, oneshot};
use tracing::Instrument;

use super::clock;
use super::happened::{Event, GiveUp, Happened, Refusal, Said, Scene, Voice};
use super::presenter::{Item, Shown, Sink};
use super::table::Table;
use super::{Caller, Command, Inner, Reply, ServiceError, Tongues, tell};
use crate::AnyGame;
use crate::config::Language;
use crate::game::{Action, Checked, Seat};
use crate::store::Place;

/// Commands waiting for one game; more wait on the sender's side.
pub(super) const MAILBOX: usize = 32;

/// A message to a game actor.
pub(in crate::service) enum ActorMsg {
    Command {
        caller: Caller,
        tongues: Tongues,
        command: Command,
        reply: oneshot::Sender<Reply>,
        /// The command's costs, charged while the actor and its presenter work for it.
        ledger: Option<Arc<crate::timings::Ledger>>,
        /// The command's log span, so the actor's lines for it are told as the command's.
        span: tracing::Span,
    },
    /// `/cancel` by a moderator whose right the service has checked (`live/cancel.rs`).
    Cancel {
        caller: Caller,
        tongues: Tongues,
        reason: String,
        reply: oneshot::Sender<Reply>,
    },
    /// Move the game to another place (a thread made for it).
    Relocate {
        to: Place,
        done: oneshot::Sender<Result<(), ServiceError>>,
    },
    /// The legal actions of `user` if it is their turn (none otherwise).
    Legal {
        user: crate::store::UserId,
        done: oneshot::Sender<Vec<Action>>,
    },
    /// The posts `user` deploys on, as board squares, while their deployment is open (none
    /// otherwise): what `/deploy swap` suggests.
    Posts {
        user: crate::store::UserId,
        done: oneshot::Sender<Vec<crate::game::Square>>,
    },
    /// The AI's answer for the position after `events` events.
    AiMoved {
        events: usize,
        action: Option<Action>,
    },
    Shutdown,
}

/// A live game and what its actor remembers between commands.
pub(in crate::service) struct GameActor {
    pub inner: Arc<Inner>,
    pub table: Table,
    /// The game, holding the record: the one copy, put beside the table when stored.
    pub game: AnyGame,
    /// A move that would lose by repetition and was warned about: played if sent again.
    pub warned_repeat: Option<(Seat, Action)>,
    /// The event count at which the AI was last asked to move.
    pub ai_asked_at: Option<usize>,
    pub me: mpsc::WeakSender<ActorMsg>,
    /// The language of what only the current command's caller sees.
    pub private: Language,
    /// The game's presenter, in the order of decisions.
    pub stage: mpsc::Sender<Item>,
    /// A write's outcome is unknown (settle.rs): read the store before the next decision.
    pub unsure: bool,
    /// The game has ended through the finisher (`finish/`): the actor ends.
    pub finished: bool,
    /// The game's baton, which its presenter holds while it delivers: the news of the game's
    /// end tells by it when the end has been presented (`finish/`).
    pub baton: super::presenter::Baton,
}

/// Sends a game command to the actor of the caller's channel and waits for its reply.
pub(in crate::service) async fn send(
    inner: &Arc<Inner>,
    caller: Caller,
    tongues: Tongues,
    command: Command,
) -> Reply {
    let place = caller.place;
    let no_game = || {
        let refusal = match command {
            Command::ForGame { .. } => Refusal::StaleButton,
            _ => Refusal::NoGame,
        };
        let voice = Voice {
            lang: tongues.private,
            surface: inner.surface,
        };
        tell::said(&refusal.into(), voice)
    };
    let (reply, answer) = oneshot::channel();
    let message = ActorMsg::Command {
        caller,
        tongues,
        command: command.clone(),
        reply,
        ledger: crate::timings::current(),
        span: tracing::Span::current(),
    };
    if super::sleep::deliver(inner, place, None, message)
        .await
        .is_err()
    {
        return no_game();
    }
    answer.await.unwrap_or_else(|_| no_game())
}

impl GameActor {
    pub(super) async fn run(mut self, mut rx: mpsc::Receiver<ActorMsg>) {
        while !self.finished {
            self.ask_ai_if_its_turn();
            let rules = self.game.rules();
            let (at, event) = clock::next_event(
                &self.table.clock,
                self.inner.config.warning_secs,
                rules.clock_limit_secs,
            );
            let may_sleep = self.may_sleep();
            let idle = std::time::Duration::from_millis(self.inner.config.actor_idle_ms);
            tokio::select! {
                biased;
                message = rx.recv() => match message {
                    Some(ActorMsg::Command { caller, tongues, command, reply, ledger, span }) => {
                        self.private = tongues.private;
                        let started = std::time::Instant::now();
                        let work = self.command(caller, command, reply).instrument(span);
                        crate::timings::within(ledger, work).await;
                        crate::ops::metrics::action(started.elapsed());
                    }
                    Some(ActorMsg::Cancel { caller, tongues, reason, reply }) => {
                        self.private = tongues.private;
                        self.cancel(&caller, reason, reply).await;
                    }
                    Some(ActorMsg::Relocate { to, done }) => {
                        let _ = done.send(self.relocate(to).await);
                    }
                    Some(ActorMsg::Legal { user, done }) => {
                        let legal = match self.table.seat_of(user) {
                            Some(seat) if self.game.to_act() == seat => self.game.legal_actions(),
                            _ => Vec::new(),
                        };
                        let _ = done.send(legal);
                    }
                    Some(ActorMsg::Posts { user, done }) => {
                        let _ = done.send(self.deploy_posts(user));
                    }
                    Some(ActorMsg::AiMoved { events, action }) => {
                        self.on_ai_move(events, action).await;
                    }
                    Some(ActorMsg::Shutdown) | None => return,
                },
                () = tokio::time::sleep_until(clock::instant_at(at)) => {
                    tracing::debug!(game = self.table.id, ?event, "clock fired");
                    if self.resync().await {
                        self.on_clock(event).await;
                    } else {
                        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                    }
                }
                () = tokio::time::sleep(idle), if may_sleep => match self.fall_asleep(&rx) {
                    Ok(()) => return,
                    Err(awake) => self = *awake,
                },
            }
        }
    }

    /// Stores the game at its new place; on a store failure it stays where it was.
    async fn relocate(&mut self, to: Place) -> Result<(), ServiceError> {
        let from = self.table.place;
        let mut stored = self.table.stored(self.game.record().clone());
        stored.place = to;
        let (players, id) = (self.table.players, self.table.id);
        let store = &self.inner.store;
        store.move_live_game(&stored, from).await?;
        // The channel the thread came from remembers the game for `/rematch` (also
        // after a restart, when the service no longer knows the thread's channel).
        if let Err(error) = store.set_rematch_window(&[from], players, id).await {
            tracing::error!("remembering game {id} for /rematch: {error}");
        }
        self.table.place = to;
        Ok(())
    }

    /// One command of a player, answered to `reply`; its game and the caller's seat go to the
    /// command's log line, and how it went: played, or refused by which rule.
    async fn command(&mut self, caller: Caller, command: Command, reply: oneshot::Sender<Reply>) {
        let seat = self.table.seat_of(caller.user).map(|seat| seat.index());
        crate::timings::note_game(self.table.id, seat);
        let shown = if self.resync().await {
            self.on_command(&caller, command).await
        } else {
            crate::ops::metrics::store_failure();
            self.said(Refusal::StoreFailure)
        };
        crate::timings::note_outcome(match &shown {
            Shown::Said(Said::Refused(Refusal::StoreFailure), _) => "failed: store".to_string(),
            Shown::Said(Said::Refused(refusal), _) => {
                format!("refused: {}", crate::timings::variant_path(refusal))
            }
            Shown::Said(said, _) => format!("answered: {}", crate::timings::variant_name(said)),
            Shown::Happened(_) => "played".to_string(),
        });
        self.show(shown, Sink::Caller(reply)).await;
    }

    /// Hands a decision (or a worded reply) to the presenter, behind every earlier one, with
    /// the current command's ledger so that drawing it is charged to that command.
    pub async fn show(&self, shown: Shown, to: Sink) {
        let ledger = crate::timings::current();
        if self.stage.send(Item { shown, to, ledger }).await.is_err() {
            tracing::error!("game {}: its presenter has stopped", self.table.id);
        }
    }

    /// The game as it stands, for the presenter.
    pub fn scene(&self) -> Scene {
        self.table.scene(&self.game, &self.inner, self.private)
    }

    /// `event` with the game as it stands.
    pub fn happened(&self, event: Event) -> Happened {
        Happened {
            scene: self.scene(),
            event,
        }
    }

    /// The language of what everyone at the game's place sees.
    pub fn public(&self) -> Language {
        self.inner.public_language(self.table.place)
    }

    /// The seat `caller` plays in this game.
    pub fn seat_of(&self, caller: &Caller) -> Option<Seat> {
        self.table.seat_of(caller.user)
    }

    fn ai_seat(&self) -> Option<Seat> {
        self.table.ai.as_ref().map(|(seat, _)| *seat)
    }

    /// Starts the AI's search on the blocking pool when it is the AI's turn and it has not
    /// been asked about this position yet; the answer comes back as [`ActorMsg::AiMoved`].
    fn ask_ai_if_its_turn(&mut self) {
        let Some((seat, level)) = self.table.ai else {
            return;
        };
        let events = self.game.record().events.len();
        if self.game.to_act() != seat || self.ai_asked_at == Some(events) {
            return;
        }
        self.ai_asked_at = Some(events);
        let request = super::AiRequest {
            seat,
            level,
            // Never think longer than half the turn clock, so the AI cannot time out.
            budget_ms: {
                let config = &self.inner.config;
                config
                    .ai_budgets_ms
                    .for_level(level, config.ai_budget_ms)
                    .min(self.table.clock.turn_secs.saturating_mul(500))
            },
            seed: self.inner.live.next_ai_seed(),
        };
        let game = self.game.clone();
        let me = self.me.clone();
        tokio::spawn(async move {
            let action = tokio::task::spawn_blocking(move || super::ai_move(&game, &request))
                .await
                .ok()
                .flatten();
            if let Some(tx) = me.upgrade() {
                let _ = tx.send(ActorMsg::AiMoved { events, action }).await;
            }
        });
    }

    async fn on_ai_move(&mut self, events: usize, action: Option<Action>) {
        let (Some(seat), Some(action)) = (self.ai_seat(), action) else {
            return;
        };
        // A stale answer (the turn passed by timeout meanwhile) is dropped.
        if events != self.game.record().events.len() || self.game.to_act() != seat {
            return;
        }
        let name = self.table.names[seat.index()].clone();
        self.private = self.public();
        let played = match self.game.check(seat, action) {
            Ok(checked) => self.play(checked, &name).await,
            Err(error) => Err(Refusal::Game(error)),
        };
        match played {
            Ok(happened) => {
                let place = happened.scene.place;
                self.show(happened.into(), Sink::Place(place)).await;
            }
            Err(refusal) => tracing::warn!(
                "game {}: the AI's {action} was refused: {refusal:?}",
                self.table.id,
            ),
        }
    }

    async fn on_command(&mut self, caller: &Caller, command: Command) -> Shown {
        match self.decide(caller, command).await {
            Ok(happened) => happened.into(),
            Err(said) => self.said(said),
        }
    }

    /// What a command does: a decision to present, or what to say to the caller alone (a
    /// refusal, a confirmation prompt: private text with no picture, nothing to draw).
    async fn decide(&mut self, caller: &Caller, command: Command) -> Result<Happened, Said> {
        match command {
            Command::Flip(square) => self.player_action(caller, Action::Flip(square)).await,
            Command::Move { from, to } => {
                self.player_action(caller, Action::Move { from, to }).await
            }
            Command::Moves(square) => Ok(self.guide(caller, square)?),
            Command::Board => Ok(self.board_for(caller)),
            Command::Deploy(step) => self.deploy(caller, step).await,
            Command::Export => Ok(self.happened(Event::Exported)),
            Command::Resign => Ok(self.give_up(caller, GiveUp::Resign).await?),
            Command::Abandon => Ok(self.give_up(caller, GiveUp::Abandon).await?),
            Command::OfferDraw => Ok(self.offer_draw(caller).await?),
            Command::AnswerDraw { accept, game } => {
                Ok(self.answer_draw(caller, accept, game).await?)
            }
            Command::AskResign => Err(self.ask(caller, GiveUp::Resign)),
            Command::AskAbandon => Err(self.ask(caller, GiveUp::Abandon)),
            Command::ForGame { game, turn, .. }
                if game == self.table.id
                    && turn.is_some_and(|turn| turn != super::turn_number(&self.game.view())) =>
            {
                Err(Refusal::OldMessage.into())
            }
            Command::ForGame { game, command, .. } if game == self.table.id => {
                Box::pin(self.decide(caller, *command)).await
            }
            Command::ForGame { .. } => Err(Refusal::StaleButton.into()),
            other => Err(Refusal::NotAGameCommand(Box::new(other)).into()),
        }
    }

    async fn player_action(&mut self, caller: &Caller, action: Action) -> Result<Happened, Said> {
        let seat = self.seat_of(caller).ok_or(Refusal::NotPlaying)?;
        let checked: Checked = match self.game.check(seat, action) {
            Ok(checked) => checked,
            Err(error) => return Err(Refusal::Action { action, error }.into()),
        };
        if self.game.would_repeat(seat, action) && self.warned_repeat != Some((seat, action)) {
            self.warned_repeat = Some((seat, action));
            return Err(Refusal::Repetition(action).into());
        }
        Ok(self.play(checked, &caller.name).await?)
    }

    /// `/board`: in a standard game a player is shown their own pieces, privately; everyone
    /// else (and every 翻翻棋 player) the board as everyone sees it.
    fn board_for(&self, caller: &Caller) -> Happened {
        match self.seat_of(caller) {
            Some(seat) if self.game.standard().is_some() => self.happened(Event::MyPieces {
                view: self.game.view_for(seat),
            }),
            _ => self.happened(Event::Board),
        }
    }

    /// Reads the time left on the clock of the player to act, in whole seconds.
    pub fn seconds_left(&self) -> u64 {
        self.table.seconds_left()
    }
}
