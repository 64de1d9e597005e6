//! A 四国 game as the bot hosts it, from the deal to the end (docs/rules.md §17–21): the
//! random deal's shares picked in reverse turn order and the one redeal, the four players
//! deploying in private (drafts and confirmations), then play with the headquarters rules of
//! the random deal, timeouts, leaving, draw proposals and the quiet draw. Every event goes into
//! a [`SiguoRecord`] that [`SiguoRound::replay`] rebuilds the round from. This file owns the
//! round's state, its replay and the deployment; `round_deal.rs` the picking and the redeal,
//! `round_play.rs` play and leaving, `round_view.rs` what each viewer sees.

use std::fmt;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use thiserror::Error;

use super::banner::{Banner, Banners, placed_pieces};
use super::deal::{Shares, SiguoDeal, deal_shares};
use super::play::{OutReason, SiguoActionError, SiguoJudgement, SiguoOutcome};
use super::position::SiguoPosition;
use super::post::SiguoPost;
use super::record::SiguoReplayError;
use super::record::{SIGUO_RECORD_VERSION, SiguoEvent, SiguoOptions, SiguoRecord};
use super::seat::SiguoSeat;
use super::view::SiguoReveals;
use crate::standard::{Army, DeploymentError, Layout};

/// A player's 5th timeout counts as leaving (§21).
pub const TIMEOUTS_TO_LEAVE: u8 = 5;
/// Draw proposals each player may make in a game (§20).
pub const DRAW_PROPOSALS: u8 = 3;

/// Why the round refuses a call. No reason names a piece the caller has not been shown.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SiguoRoundError {
    #[error("the game is over")]
    Over,
    #[error("the shares are not being picked now")]
    NotPicking,
    #[error("it is {0}'s pick")]
    NotYourPick(SiguoSeat),
    #[error("the share of {0}'s colour is taken")]
    ShareTaken(SiguoSeat),
    #[error("this table plays the standard deal: there is no redeal")]
    StandardDeal,
    #[error("pick a share before asking for a new deal")]
    NoShareYet,
    #[error("your share has a piece stronger than a brigadier: no redeal")]
    ShareTooStrong,
    #[error("you have asked for a new deal once already")]
    RedealUsed,
    #[error("a player is ready: it is too late for a new deal")]
    SomeoneReady,
    #[error("the players are not deploying now")]
    NotDeploying,
    #[error("the shares are still being picked")]
    StillPicking,
    #[error("the players are still deploying")]
    StillDeploying,
    #[error("you are ready already")]
    AlreadyReady,
    #[error("there is no layout on your screen to confirm")]
    NoLayout,
    #[error("that layout is refused: {0}")]
    Layout(DeploymentError),
    #[error("it is {0}'s turn")]
    NotYourTurn(SiguoSeat),
    #[error("raise one of your headquarters as your flag before you move")]
    RaiseFlagFirst,
    #[error("you have no flag to raise")]
    NoFlagToRaise,
    #[error("{0} is not one of your headquarters")]
    NotYourHeadquarters(SiguoPost),
    #[error("you are out of this game")]
    Out,
    #[error("you have left this game")]
    AlreadyLeft,
    #[error("a draw proposal is waiting for its answers")]
    DrawPending,
    #[error("you have made your {0} draw proposals")]
    NoDrawProposalsLeft(u8),
    #[error("no draw is proposed")]
    NoDrawProposal,
    #[error("you cannot answer your own draw proposal")]
    OwnDrawProposal,
    #[error("you have accepted this draw proposal already")]
    AlreadyAnswered,
    #[error(transparent)]
    Action(#[from] SiguoActionError),
}

/// Where a round stands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SiguoPhase {
    /// Random deal: the players pick shares.
    Picking,
    Deploying,
    Playing,
    Over,
}

#[derive(Clone, PartialEq, Eq)]
pub(super) enum Phase {
    Picking,
    Deploying { drafts: [Option<Layout>; 4] },
    Playing(Box<Play>),
}

/// The referee's game once every layout is down.
#[derive(Clone, PartialEq, Eq)]
pub(super) struct Play {
    pub position: SiguoPosition,
    pub layouts: [Layout; 4],
    pub banners: Banners,
    pub reveals: SiguoReveals,
    /// For each seat that is out, what its team had been shown, following the pieces.
    pub frozen: [Option<SiguoReveals>; 4],
    pub last: Option<SiguoJudgement>,
}

/// A draw proposal waiting for its answers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) struct Proposal {
    pub proposer: SiguoSeat,
    pub accepted: [bool; 4],
}

/// One live 四国 game, from the deal to the end, as the bot's service holds it.
///
/// ```
/// use junqi_rules::siguo::{
///     SiguoDeal, SiguoOptions, SiguoOutcome, SiguoPhase, SiguoRound, SiguoSeat, SiguoViewCell,
///     SiguoViewer, Team,
/// };
/// use junqi_rules::standard::Preset;
///
/// let options = SiguoOptions { deal: SiguoDeal::Standard, seed: 7, ..SiguoOptions::default() };
/// let mut round = SiguoRound::new(options, SiguoSeat::East);
/// let classic = Preset::named("classic").unwrap().layout();
/// for seat in SiguoSeat::ALL {
///     round.set_draft(seat, classic).unwrap();
///     round.confirm(seat).unwrap();
/// }
/// assert_eq!(round.phase(), SiguoPhase::Playing);
/// let action = round.legal_actions()[0];
/// let played = round.act(SiguoSeat::East, action).unwrap();
/// assert_eq!(played.outcome, None);
/// assert_eq!(round.to_act(), Some(SiguoSeat::North));
///
/// // West sees its own pieces, and East's as backs only.
/// let west = round.view(SiguoViewer::Seat(SiguoSeat::West));
/// assert_eq!(west.cell(action.to), SiguoViewCell::Unshown(SiguoSeat::East));
///
/// // South and North leave: East and West win; early leavers earn the others nothing.
/// round.leave(SiguoSeat::North).unwrap();
/// round.leave(SiguoSeat::South).unwrap();
/// assert_eq!(round.outcome(), Some(SiguoOutcome::Win(Team::EastWest)));
/// assert_eq!(round.point_deltas([0, 200, 0, 900]), Some([-2, 0, -2, 0]));
///
/// // The record rebuilds the round exactly.
/// assert_eq!(SiguoRound::replay(round.record()).unwrap(), round);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct SiguoRound {
    pub(super) record: SiguoRecord,
    pub(super) phase: Phase,
    /// Random deal: the shares on the table and who took which.
    pub(super) shares: Option<Shares>,
    pub(super) deals: u32,
    pub(super) picks: [Option<SiguoSeat>; 4],
    pub(super) armies: [Army; 4],
    pub(super) committed: [Option<Layout>; 4],
    pub(super) redealt: [bool; 4],
    /// The moves each leaver had made when they left.
    pub(super) left: [Option<u16>; 4],
    pub(super) timeouts: [u8; 4],
    pub(super) moves: [u16; 4],
    pub(super) proposals: [u8; 4],
    pub(super) pending: Option<Proposal>,
    pub(super) outcome: Option<SiguoOutcome>,
}

/// Shares, layouts and the board are secret: Debug output names the phase and the counters.
impl fmt::Debug for SiguoRound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SiguoRound")
            .field("options", &self.record.options)
            .field("first", &self.record.first)
            .field("phase", &self.phase())
            .field("ready", &self.committed.map(|layout| layout.is_some()))
            .field("left", &self.left)
            .field("timeouts", &self.timeouts)
            .field("moves", &self.moves)
            .field("outcome", &self.outcome)
            .finish()
    }
}

impl SiguoRound {
    /// A new game: the deal (shares to pick, or the standard armies to deploy), `first` to act
    /// first once play starts.
    pub fn new(options: SiguoOptions, first: SiguoSeat) -> SiguoRound {
        let random = options.deal == SiguoDeal::Random;
        SiguoRound {
            record: SiguoRecord::new(options, first),
            phase: if random {
                Phase::Picking
            } else {
                Phase::Deploying { drafts: [None; 4] }
            },
            shares: random.then(|| deal_shares(options.seed, 0)),
            deals: 0,
            picks: [None; 4],
            armies: [Army::STANDARD; 4],
            committed: [None; 4],
            redealt: [false; 4],
            left: [None; 4],
            timeouts: [0; 4],
            moves: [0; 4],
            proposals: [0; 4],
            pending: None,
            outcome: None,
        }
    }

    /// Rebuilds a round from its record through the checks of a live game, so that a forged
    /// record is refused. The drafts nobody confirmed are not recorded: the rebuilt round has
    /// none.
    pub fn replay(record: &SiguoRecord) -> Result<SiguoRound, SiguoReplayError> {
        SiguoRound::replay_observed(record, |_, _| {})
    }

    /// [`SiguoRound::replay`], calling `after` with the round after each event.
    pub fn replay_observed(
        record: &SiguoRecord,
        mut after: impl FnMut(&SiguoRound, &SiguoEvent),
    ) -> Result<SiguoRound, SiguoReplayError> {
        if record.version > SIGUO_RECORD_VERSION {
            return Err(SiguoReplayError::FutureVersion {
                found: record.version,
            });
        }
        let mut round = SiguoRound::new(record.options, record.first);
        for (index, event) in record.events.iter().enumerate() {
            round
                .apply_event(*event)
                .map_err(|error| SiguoReplayError::BadEvent {
                    index,
                    reason: error.to_string(),
                })?;
            after(&round, event);
        }
        Ok(round)
    }

    /// Applies one recorded event through the same checks as a live call.
    pub fn apply_event(&mut self, event: SiguoEvent) -> Result<(), SiguoRoundError> {
        match event {
            SiguoEvent::Pick { seat, share } => self.pick(seat, share),
            SiguoEvent::Redeal(seat) => self.redeal(seat),
            SiguoEvent::Ready { seat, layout } => self.commit(seat, layout).map(|_| ()),
            SiguoEvent::RaiseFlag { seat, headquarters } => self.raise_flag(seat, headquarters),
            SiguoEvent::Act(action) => {
                let seat = self.playing().map(|play| play.position.turn)?;
                self.act(seat, action).map(|_| ())
            }
            SiguoEvent::Timeout => self.timeout().map(|_| ()),
            SiguoEvent::Leave(seat) => self.leave(seat),
            SiguoEvent::ProposeDraw(seat) => self.propose_draw(seat),
            SiguoEvent::AnswerDraw { seat, accept } => self.answer_draw(seat, accept),
        }
    }

    pub fn record(&self) -> &SiguoRecord {
        &self.record
    }

    pub fn options(&self) -> SiguoOptions {
        self.record.options
    }

    /// The seat that acts first once play starts.
    pub fn first(&self) -> SiguoSeat {
        self.record.first
    }

    pub fn phase(&self) -> SiguoPhase {
        match (&self.phase, self.outcome) {
            (_, Some(_)) => SiguoPhase::Over,
            (Phase::Picking, None) => SiguoPhase::Picking,
            (Phase::Deploying { .. }, None) => SiguoPhase::Deploying,
            (Phase::Playing(_), None) => SiguoPhase::Playing,
        }
    }

    pub fn outcome(&self) -> Option<SiguoOutcome> {
        self.outcome
    }

    pub(super) fn require_live(&self) -> Result<(), SiguoRoundError> {
        match self.outcome {
            Some(_) => Err(SiguoRoundError::Over),
            None => Ok(()),
        }
    }

    // The deployment.

    /// The layout on `seat`'s screen (for `seat` alone): its draft, or the layout it confirmed.
    pub fn draft(&self, seat: SiguoSeat) -> Option<Layout> {
        match &self.phase {
            Phase::Deploying { drafts } => self.committed[seat.index()].or(drafts[seat.index()]),
            Phase::Playing(play) => Some(play.layouts[seat.index()]),
            Phase::Picking => None,
        }
    }

    pub fn is_ready(&self, seat: SiguoSeat) -> bool {
        self.committed[seat.index()].is_some() || matches!(self.phase, Phase::Playing(_))
    }

    fn deploying_seat(&self, seat: SiguoSeat) -> Result<(), SiguoRoundError> {
        self.require_live()?;
        match self.phase {
            Phase::Picking => return Err(SiguoRoundError::StillPicking),
            Phase::Playing(_) => return Err(SiguoRoundError::NotDeploying),
            Phase::Deploying { .. } => {}
        }
        if self.left[seat.index()].is_some() {
            return Err(SiguoRoundError::AlreadyLeft);
        }
        if self.committed[seat.index()].is_some() {
            return Err(SiguoRoundError::AlreadyReady);
        }
        Ok(())
    }

    /// Puts `layout` on `seat`'s screen, if it deploys `seat`'s pieces by every rule.
    pub fn set_draft(&mut self, seat: SiguoSeat, layout: Layout) -> Result<(), SiguoRoundError> {
        self.deploying_seat(seat)?;
        let checked = self.armies[seat.index()]
            .layout(*layout.cells())
            .map_err(SiguoRoundError::Layout)?;
        if let Phase::Deploying { drafts } = &mut self.phase {
            drafts[seat.index()] = Some(checked);
        }
        Ok(())
    }

    /// `seat` confirms the layout on its screen; true when this started play.
    pub fn confirm(&mut self, seat: SiguoSeat) -> Result<bool, SiguoRoundError> {
        self.deploying_seat(seat)?;
        let draft = match &self.phase {
            Phase::Deploying { drafts } => drafts[seat.index()],
            _ => None,
        };
        self.commit(seat, draft.ok_or(SiguoRoundError::NoLayout)?)
    }

    /// Records `layout` as `seat`'s (checked against its pieces); true when play started.
    fn commit(&mut self, seat: SiguoSeat, layout: Layout) -> Result<bool, SiguoRoundError> {
        self.deploying_seat(seat)?;
        let layout = self.armies[seat.index()]
            .layout(*layout.cells())
            .map_err(SiguoRoundError::Layout)?;
        self.committed[seat.index()] = Some(layout);
        self.record.events.push(SiguoEvent::Ready { seat, layout });
        Ok(self.maybe_start())
    }

    /// The deployment clock ran out: each seat not ready plays the layout on its screen, or a
    /// random valid layout from `seed` if it has none (§18, §10).
    pub fn deployment_expired(&mut self, seed: u64) -> Result<(), SiguoRoundError> {
        self.require_live()?;
        match self.phase() {
            SiguoPhase::Picking => return Err(SiguoRoundError::StillPicking),
            SiguoPhase::Deploying => {}
            _ => return Err(SiguoRoundError::NotDeploying),
        }
        for seat in SiguoSeat::ALL {
            if self.phase() != SiguoPhase::Deploying {
                break;
            }
            if self.committed[seat.index()].is_some() || self.left[seat.index()].is_some() {
                continue;
            }
            let layout = match self.draft(seat) {
                Some(draft) => draft,
                None => self.random_layout(seat, seed)?,
            };
            self.commit(seat, layout)?;
        }
        Ok(())
    }

    fn random_layout(&self, seat: SiguoSeat, seed: u64) -> Result<Layout, SiguoRoundError> {
        let mut rng =
            ChaCha8Rng::seed_from_u64(seed ^ (0x5349_4755_u64 << 8 | seat.index() as u64));
        self.armies[seat.index()]
            .random_layout(&mut rng)
            .ok_or(SiguoRoundError::NoLayout)
    }

    /// Starts play once every seat is ready or gone; true if it did.
    pub(super) fn maybe_start(&mut self) -> bool {
        if !matches!(self.phase, Phase::Deploying { .. }) || self.outcome.is_some() {
            return false;
        }
        let mut layouts = [None; 4];
        for seat in SiguoSeat::ALL {
            layouts[seat.index()] = match (self.committed[seat.index()], self.left[seat.index()]) {
                (Some(layout), _) => Some(layout),
                (None, Some(_)) => self.random_layout(seat, self.record.options.seed).ok(),
                (None, None) => return false,
            };
        }
        let [Some(s), Some(e), Some(n), Some(w)] = layouts else {
            return false;
        };
        self.start([s, e, n, w]);
        true
    }

    fn start(&mut self, layouts: [Layout; 4]) {
        let first = self.record.first;
        let mut position = SiguoPosition::empty(SiguoSeat::from_index(first.index() + 3));
        position.rules = self.record.options.rules;
        for seat in SiguoSeat::ALL {
            for (post, piece) in placed_pieces(seat, &layouts[seat.index()]) {
                position.set(post, Some(piece));
            }
        }
        let banners = Banners::new(std::array::from_fn(|index| {
            Banner::of(&self.armies[index], &layouts[index])
        }));
        let mut out: Vec<(SiguoSeat, OutReason)> = Vec::new();
        for seat in SiguoSeat::ALL {
            if self.left[seat.index()].is_some() {
                position.remove_seat(seat);
            }
        }
        let outcome = position.pass_turn(&mut out);
        let mut play = Play {
            position,
            layouts,
            banners,
            reveals: SiguoReveals::default(),
            frozen: [None; 4],
            last: None,
        };
        for seat in SiguoSeat::ALL {
            if play.position.is_out(seat) {
                play.frozen[seat.index()] = Some(play.reveals);
            }
        }
        self.phase = Phase::Playing(Box::new(play));
        self.outcome = outcome;
    }
}
