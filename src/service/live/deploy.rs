//! The deployment (布阵) of a standard game, as its actor decides it (docs/rules.md §10): each
//! `/deploy` step of a player changes only the layout on that player's screen and is answered
//! privately with their panel; Ready confirms it, and the second confirmation starts the game.
//! When the deployment clock runs out, whoever has not confirmed plays the layout on screen,
//! or a random one. How a new game of each kind begins (its record and its first deadline) is
//! here too, so that every way of starting a game (challenge, quick match, tournament) asks one
//! place.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use super::happened::{DeployNote, Event, Happened, Refusal, Said};
use super::mailbox::GameActor;
use super::{Caller, Inner};
use crate::GameKind;
use crate::ai::Level;
use crate::game::Colour;
use crate::game::{Game, GameError, GameRecord, Seat, Square};
use crate::standard::{Layout, LayoutError, Post, Preset, StandardRound, SwapError};
use crate::store::{NameError, SaveOutcome, layout_name};

/// One `/deploy` step (console and Discord alike).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum DeployStep {
    /// Shows the panel (a random layout first, when there is none on screen yet).
    Show,
    Random,
    Preset(String),
    /// A whole layout in the notation of docs/rules.md §14.
    Layout(String),
    /// Swaps the pieces on two posts, named as board squares (`B2`, `C5`).
    Swap {
        from: Square,
        to: Square,
    },
    /// Saves the layout on screen under a name of the caller's (`/deploy save name:NAME`).
    Save(String),
    /// Puts one of the caller's saved layouts on screen (`/deploy load name:NAME`).
    Load(String),
    Ready,
}

/// The record a new game of `kind` starts with and the seconds to its first deadline (the
/// turn clock, or for the standard games the deployment clock). The AI's layout is chosen
/// and confirmed at once: it never waits on the clock.
pub(in crate::service) fn opening(
    inner: &Inner,
    kind: GameKind,
    guild: u64,
    ai: Option<(Seat, Level)>,
    turn_secs: u32,
) -> (GameRecord, u32) {
    let seed = inner.deal_seed();
    let rules = inner.config.rules;
    let settings = inner.settings(guild);
    let crate::game::Variant::Standard(options) =
        kind.variant(settings.mine_survives, settings.engineer_scouts)
    else {
        return (Game::new(seed, rules).record().clone(), turn_secs);
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let red = if rand::Rng::next_u32(&mut rng) % 2 == 0 {
        Seat::First
    } else {
        Seat::Second
    };
    let mut round = StandardRound::new(red, options, rules);
    if let Some((seat, level)) = ai {
        let layout = crate::ai::standard::ai_layout(level, &mut rng);
        // A new round takes a draft and its confirmation from either seat.
        let _ = round.set_draft(seat, layout);
        let _ = round.confirm(seat);
    }
    (round.record().clone(), settings.deploy_secs)
}

/// A saved layout the store could not read or write: logged, and refused as a store failure.
fn store_refusal(error: crate::store::StoreError) -> Refusal {
    crate::service::note_store_failure(&error.into());
    Refusal::StoreFailure
}

/// Why a `/deploy` step was refused, beyond the rules' own refusals.
#[derive(Debug)]
pub(in crate::service) enum DeployRefusal {
    /// `/deploy` in a 翻翻棋 game.
    NotStandard,
    UnknownPreset(String),
    /// A layout that cannot be read or breaks a rule, for the player of `Colour`.
    Layout(LayoutError, Colour),
    /// A swap that breaks a rule.
    Swap(SwapError, Colour),
    /// A swap naming a square that is not one of the caller's deployment posts.
    NotYourPost(Square),
    /// A save's name that cannot be kept (empty, too long, a control character).
    BadName(NameError),
    /// A save with no layout on screen yet.
    NothingToSave,
    /// A new name while the caller keeps [`crate::store::MAX_SAVED_LAYOUTS`].
    Full,
    /// A load of a name the caller has not saved, with the names they have.
    UnknownSaved {
        name: String,
        saved: Vec<String>,
    },
}

impl GameActor {
    /// One `/deploy` step of `caller`.
    pub(in crate::service) async fn deploy(
        &mut self,
        caller: &Caller,
        step: DeployStep,
    ) -> Result<Happened, Said> {
        let seat = self.seat_of(caller).ok_or(Refusal::NotPlaying)?;
        let Some(round) = self.game.standard() else {
            return Err(Refusal::Deploy(DeployRefusal::NotStandard).into());
        };
        if !round.deploying() {
            return Err(Refusal::Game(GameError::NotDeploying).into());
        }
        if round.is_ready(seat) {
            return match step {
                DeployStep::Show => Ok(self.panel(seat, caller, DeployNote::Waiting).await),
                _ => Err(Refusal::Game(GameError::AlreadyReady).into()),
            };
        }
        let colour = round.colour_of(seat);
        let on_screen = round.draft(seat);
        let (layout, note) = match step {
            DeployStep::Ready => return self.confirm(seat, &caller.name).await,
            DeployStep::Show => match on_screen {
                Some(_) => return Ok(self.panel(seat, caller, DeployNote::Shown).await),
                None => (self.random_layout(seat), DeployNote::Random),
            },
            DeployStep::Random => (self.random_layout(seat), DeployNote::Random),
            DeployStep::Preset(name) => {
                let preset = Preset::named(name.trim())
                    .ok_or(Refusal::Deploy(DeployRefusal::UnknownPreset(name)))?;
                (preset.layout(), DeployNote::Preset(preset.name))
            }
            DeployStep::Layout(text) => {
                let layout = text
                    .parse::<Layout>()
                    .map_err(|error| Refusal::Deploy(DeployRefusal::Layout(error, colour)))?;
                (layout, DeployNote::Layout)
            }
            DeployStep::Save(name) => {
                let layout = on_screen.ok_or(Refusal::Deploy(DeployRefusal::NothingToSave))?;
                return self.save_layout(seat, caller, &name, layout).await;
            }
            DeployStep::Load(name) => {
                let saved = self.inner.store.saved_layouts(caller.user).await;
                let saved = saved.map_err(store_refusal)?;
                let found = saved.find(&name).ok_or_else(|| {
                    let (name, saved) = (name.trim().to_string(), saved.names());
                    Refusal::Deploy(DeployRefusal::UnknownSaved { name, saved })
                })?;
                (found.layout, DeployNote::Loaded(found.name.clone()))
            }
            DeployStep::Swap { from, to } => {
                let post = |square: Square| {
                    Post::of_square(colour, square)
                        .ok_or(Refusal::Deploy(DeployRefusal::NotYourPost(square)))
                };
                let (a, b) = (post(from)?, post(to)?);
                let draft = on_screen.unwrap_or_else(|| self.random_layout(seat));
                let swapped = draft
                    .swap(a, b)
                    .map_err(|error| Refusal::Deploy(DeployRefusal::Swap(error, colour)))?;
                (swapped, DeployNote::Swapped { from, to })
            }
        };
        let set = |game: &mut crate::AnyGame| match game.standard_mut() {
            Some(round) => round.set_draft(seat, layout),
            None => Err(GameError::WrongKind),
        };
        self.commit(set, false).await?;
        Ok(self.panel(seat, caller, note).await)
    }

    /// Saves `layout` (on `seat`'s screen) under `name` for the caller; nothing in the game
    /// changes. Answered with the panel, noting the save.
    async fn save_layout(
        &self,
        seat: Seat,
        caller: &Caller,
        name: &str,
        layout: Layout,
    ) -> Result<Happened, Said> {
        let name =
            layout_name(name).map_err(|error| Refusal::Deploy(DeployRefusal::BadName(error)))?;
        let outcome = self
            .inner
            .store
            .save_layout(caller.user, name, layout)
            .await;
        let (count, replaced) = match outcome.map_err(store_refusal)? {
            SaveOutcome::Added { count } => (count, false),
            SaveOutcome::Replaced { count } => (count, true),
            SaveOutcome::Full => return Err(Refusal::Deploy(DeployRefusal::Full).into()),
        };
        let name = name.to_string();
        let note = DeployNote::Saved {
            name,
            replaced,
            count,
        };
        Ok(self.panel(seat, caller, note).await)
    }

    /// The squares of `user`'s posts while they may still change their layout.
    pub(in crate::service) fn deploy_posts(&self, user: crate::store::UserId) -> Vec<Square> {
        let (Some(seat), Some(round)) = (self.table.seat_of(user), self.game.standard()) else {
            return Vec::new();
        };
        if !round.deploying() || round.is_ready(seat) {
            return Vec::new();
        }
        let colour = round.colour_of(seat);
        Post::all().map(|post| post.square(colour)).collect()
    }

    /// A random valid layout, from the service's source of deals. The seed is mixed with the
    /// seat and the record's length, so that each press of Random gives another layout even
    /// when tests fix the source (`JUNQI_TEST_SEED`).
    fn random_layout(&self, seat: Seat) -> Layout {
        let step = self.game.record().events.len() as u64 * 2 + seat.index() as u64;
        let seed = self.inner.deal_seed() ^ step.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        Layout::random(&mut ChaCha8Rng::seed_from_u64(seed))
    }

    /// The private panel of `seat`: its own half as it stands, with a note of what changed.
    async fn panel(&self, seat: Seat, caller: &Caller, note: DeployNote) -> Happened {
        let layout = self.game.draft(seat);
        let view = self.game.view_for(seat);
        let saved = crate::service::layouts::names(&self.inner, caller.user).await;
        self.happened(Event::DeployPanel {
            layout,
            view,
            note,
            saved,
        })
    }

    /// `seat` confirms its layout; the second confirmation starts the game (and its clock).
    async fn confirm(&mut self, seat: Seat, name: &str) -> Result<Happened, Said> {
        let confirm = |game: &mut crate::AnyGame| match game.standard_mut() {
            Some(round) => round.confirm(seat),
            None => Err(GameError::WrongKind),
        };
        let started = self.game.standard().is_some_and(|round| {
            Seat::BOTH
                .into_iter()
                .all(|other| other == seat || round.is_ready(other))
        });
        let (began, _) = self.commit(confirm, started).await?;
        Ok(self.happened(Event::Ready {
            name: name.to_string(),
            began,
        }))
    }

    /// The deployment clock ran out: the seats not ready play what is on their screens, or a
    /// random layout; the game begins with the turn clock.
    pub(in crate::service) async fn deployment_expired(&mut self) -> Result<Happened, Refusal> {
        let mut rng = ChaCha8Rng::seed_from_u64(self.inner.deal_seed());
        let waiting: Vec<(Seat, bool)> = Seat::BOTH
            .into_iter()
            .filter(|seat| !self.game.standard().is_some_and(|r| r.is_ready(*seat)))
            .map(|seat| (seat, self.game.draft(seat).is_some()))
            .collect();
        let expire = |game: &mut crate::AnyGame| match game.standard_mut() {
            Some(round) => round.deployment_expired(|_| Layout::random(&mut rng)),
            None => Err(GameError::WrongKind),
        };
        self.commit(expire, true).await?;
        Ok(self.happened(Event::DeploymentExpired { waiting }))
    }
}
