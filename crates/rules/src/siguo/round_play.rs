//! Play in a hosted 四国 game (docs/rules.md §19–21): actions with the headquarters rules of
//! the random deal and the raised flag (升军旗), timeouts, leaving during play, and draw
//! proposals that need every player still in; leaving at any phase, and what the points need.

use super::action::SiguoAction;
use super::banner::Banner;
use super::play::{OutReason, SiguoJudgement, SiguoOutcome};
use super::position::SiguoPosition;
use super::post::SiguoPost;
use super::record::SiguoEvent;
use super::round::{
    DRAW_PROPOSALS, Phase, Play, Proposal, SiguoRound, SiguoRoundError, TIMEOUTS_TO_LEAVE,
};
use super::seat::{SiguoSeat, Team};
use super::view::SiguoReveals;
use crate::game::DrawReason;
use crate::standard::{Removed, Verdict, is_headquarters};

/// What everyone may be told about an action.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SiguoPlayed {
    pub seat: SiguoSeat,
    pub action: SiguoAction,
    pub verdict: Verdict,
    /// Seats out after the action, in the order they went out.
    pub out: Vec<(SiguoSeat, OutReason)>,
    /// Seats whose last field marshal died without a flag: each must now raise one.
    pub must_raise: Vec<SiguoSeat>,
    pub outcome: Option<SiguoOutcome>,
}

const fn team_index(team: Team) -> usize {
    match team {
        Team::NorthSouth => 0,
        Team::EastWest => 1,
    }
}

impl Play {
    /// After `judgement`, the reveals, and the frozen reveals of seats that are out: their
    /// marks follow the pieces, and nothing new is added to their team's.
    fn follow(&mut self, judgement: &SiguoJudgement) {
        self.reveals.record(judgement, &self.position);
        let to = judgement.action.to;
        for (index, frozen) in self.frozen.iter_mut().enumerate() {
            let Some(frozen) = frozen else { continue };
            let team = team_index(SiguoSeat::from_index(index).team());
            let before = frozen.team[team];
            frozen.record(judgement, &self.position);
            if judgement.verdict == Verdict::Attacked(Removed::Attacker) && !before.contains(to) {
                frozen.team[team].remove(to);
            }
        }
    }

    fn freeze_out_seats(&mut self) {
        for seat in SiguoSeat::ALL {
            if self.position.is_out(seat) && self.frozen[seat.index()].is_none() {
                self.frozen[seat.index()] = Some(self.reveals);
            }
        }
    }
}

impl SiguoRound {
    pub(super) fn playing(&self) -> Result<&Play, SiguoRoundError> {
        self.require_live()?;
        match &self.phase {
            Phase::Picking => Err(SiguoRoundError::StillPicking),
            Phase::Deploying { .. } => Err(SiguoRoundError::StillDeploying),
            Phase::Playing(play) => Ok(play),
        }
    }

    fn play_mut(&mut self) -> Result<&mut Play, SiguoRoundError> {
        self.playing()?;
        match &mut self.phase {
            Phase::Playing(play) => Ok(play),
            _ => Err(SiguoRoundError::StillDeploying),
        }
    }

    /// The seat to act, while play goes on.
    pub fn to_act(&self) -> Option<SiguoSeat> {
        self.playing().ok().map(|play| play.position.turn)
    }

    /// The referee's board (every identity on it): for the AI's own seat analysis and the
    /// rules' tools, never for what a player or spectator sees.
    pub fn position(&self) -> Option<&SiguoPosition> {
        match &self.phase {
            Phase::Playing(play) => Some(&play.position),
            _ => None,
        }
    }

    /// The referee's account of the last action (identities included).
    pub fn last_judgement(&self) -> Option<&SiguoJudgement> {
        match &self.phase {
            Phase::Playing(play) => play.last.as_ref(),
            _ => None,
        }
    }

    /// Every legal action of the seat to act; none while it must raise its flag first.
    pub fn legal_actions(&self) -> Vec<SiguoAction> {
        match self.playing() {
            Ok(play) if play.banners.banner[play.position.turn.index()] != Banner::Choosing => {
                play.position.legal_actions()
            }
            _ => Vec::new(),
        }
    }

    /// Whether `seat` must choose the headquarters to raise as its flag.
    pub fn must_raise_flag(&self, seat: SiguoSeat) -> bool {
        self.playing()
            .is_ok_and(|play| play.banners.banner[seat.index()] == Banner::Choosing)
    }

    /// The headquarters `seat` raised as its flag (public).
    pub fn raised_flag(&self, seat: SiguoSeat) -> Option<SiguoPost> {
        match &self.phase {
            Phase::Playing(play) => play.banners.raised(seat),
            _ => None,
        }
    }

    /// The moves `seat` has made.
    pub fn moves_made(&self, seat: SiguoSeat) -> u16 {
        self.moves[seat.index()]
    }

    pub fn timeouts(&self, seat: SiguoSeat) -> u8 {
        self.timeouts[seat.index()]
    }

    /// `seat` plays `action`.
    pub fn act(
        &mut self,
        seat: SiguoSeat,
        action: SiguoAction,
    ) -> Result<SiguoPlayed, SiguoRoundError> {
        let play = self.playing()?;
        let turn = play.position.turn;
        if seat != turn {
            return Err(SiguoRoundError::NotYourTurn(turn));
        }
        if play.banners.banner[seat.index()] == Banner::Choosing {
            return Err(SiguoRoundError::RaiseFlagFirst);
        }
        play.position.check(action)?;
        let play = self.play_mut()?;
        let mut judgement = play.position.resolve(action);
        if let (Some(target), Verdict::Attacked(Removed::Target)) =
            (judgement.target, judgement.verdict)
            && let Some(out) = play.banners.attacked(target, action.to)
        {
            play.position.remove_seat(out);
            judgement.out.push((out, OutReason::FlagTaken));
        }
        let must_raise = play.banners.marshals_lost(&play.position);
        let outcome = play.position.pass_turn(&mut judgement.out);
        play.follow(&judgement);
        play.freeze_out_seats();
        let played = SiguoPlayed {
            seat,
            action,
            verdict: judgement.verdict,
            out: judgement.out.clone(),
            must_raise,
            outcome,
        };
        play.last = Some(judgement);
        self.moves[seat.index()] = self.moves[seat.index()].saturating_add(1);
        self.pending = None;
        self.record.events.push(SiguoEvent::Act(action));
        if let Some(outcome) = outcome {
            self.finish(outcome);
        }
        Ok(played)
    }

    /// `seat`, whose last field marshal died without a flag, raises `headquarters` (one of its
    /// own) as its flag: from now on only that one counts. Allowed whenever the choice is due.
    pub fn raise_flag(
        &mut self,
        seat: SiguoSeat,
        headquarters: SiguoPost,
    ) -> Result<(), SiguoRoundError> {
        let play = self.play_mut()?;
        if play.banners.banner[seat.index()] != Banner::Choosing {
            return Err(SiguoRoundError::NoFlagToRaise);
        }
        let post = match headquarters.on_arm() {
            Some((arm, post)) if arm == seat && is_headquarters(post) => post,
            _ => return Err(SiguoRoundError::NotYourHeadquarters(headquarters)),
        };
        play.banners.banner[seat.index()] = Banner::Raised(post);
        self.record
            .events
            .push(SiguoEvent::RaiseFlag { seat, headquarters });
        Ok(())
    }

    /// The seat to act ran out of time: the turn passes. Its 5th timeout counts as leaving.
    pub fn timeout(&mut self) -> Result<SiguoSeat, SiguoRoundError> {
        let seat = self.playing()?.position.turn;
        self.record.events.push(SiguoEvent::Timeout);
        self.timeouts[seat.index()] = self.timeouts[seat.index()].saturating_add(1);
        if self.timeouts[seat.index()] >= TIMEOUTS_TO_LEAVE {
            self.left[seat.index()] = Some(self.moves[seat.index()]);
            self.leave_play(seat);
            return Ok(seat);
        }
        let play = self.play_mut()?;
        let mut out = Vec::new();
        let outcome = play.position.pass_turn(&mut out);
        play.freeze_out_seats();
        if !out.is_empty() {
            self.pending = None;
        }
        if let Some(outcome) = outcome {
            self.finish(outcome);
        }
        Ok(seat)
    }

    /// `seat` leaves (逃跑): out at once, and the others play on. Before play starts, it is
    /// given a share and a random layout from the game's seed; a team whose players both left
    /// loses at once.
    pub fn leave(&mut self, seat: SiguoSeat) -> Result<(), SiguoRoundError> {
        self.require_live()?;
        if self.left[seat.index()].is_some() {
            return Err(SiguoRoundError::AlreadyLeft);
        }
        if let Phase::Playing(play) = &self.phase
            && play.position.is_out(seat)
        {
            return Err(SiguoRoundError::Out);
        }
        self.record.events.push(SiguoEvent::Leave(seat));
        self.left[seat.index()] = Some(self.moves[seat.index()]);
        match self.phase {
            Phase::Picking => self.advance_picking(),
            Phase::Deploying { .. } => {
                self.maybe_start();
            }
            Phase::Playing(_) => self.leave_play(seat),
        }
        if self.outcome.is_none()
            && let Some(team) = Team::BOTH
                .into_iter()
                .find(|team| team.seats().iter().all(|s| self.left[s.index()].is_some()))
        {
            self.finish(SiguoOutcome::Win(team.other()));
        }
        Ok(())
    }

    pub(super) fn finish(&mut self, outcome: SiguoOutcome) {
        self.outcome = Some(outcome);
        self.pending = None;
    }

    /// Whether `seat` is out: it left, or play removed it.
    pub fn is_out(&self, seat: SiguoSeat) -> bool {
        match &self.phase {
            Phase::Playing(play) => play.position.is_out(seat),
            _ => self.left[seat.index()].is_some(),
        }
    }

    pub fn has_left(&self, seat: SiguoSeat) -> bool {
        self.left[seat.index()].is_some()
    }

    /// The players who left, with the moves each had made: what the points need.
    pub fn leavers(&self) -> Vec<super::points::Leaver> {
        SiguoSeat::ALL
            .into_iter()
            .filter_map(|seat| {
                let moves = self.left[seat.index()]?;
                Some(super::points::Leaver { seat, moves })
            })
            .collect()
    }

    /// The points each seat gains or loses, for players with `points`, once the game is over.
    pub fn point_deltas(&self, points: [i64; 4]) -> Option<[i64; 4]> {
        Some(super::points::deltas(
            points,
            self.outcome?,
            &self.leavers(),
        ))
    }

    /// `seat` leaves during play: its pieces leave the board, and the turn passes if it was
    /// its turn.
    pub(super) fn leave_play(&mut self, seat: SiguoSeat) {
        self.pending = None;
        let Phase::Playing(play) = &mut self.phase else {
            return;
        };
        let position = &mut play.position;
        position.remove_seat(seat);
        let outcome = match position.beaten_team() {
            Some(beaten) => Some(SiguoOutcome::Win(beaten.other())),
            None if position.turn == seat => position.pass_turn(&mut Vec::new()),
            None => None,
        };
        play.freeze_out_seats();
        if let Some(outcome) = outcome {
            self.finish(outcome);
        }
    }

    /// The draw proposal waiting for answers: who proposed it.
    pub fn pending_draw(&self) -> Option<SiguoSeat> {
        self.pending.map(|proposal| proposal.proposer)
    }

    /// The draw proposals `seat` has made.
    pub fn draw_proposals(&self, seat: SiguoSeat) -> u8 {
        self.proposals[seat.index()]
    }

    fn seat_in(&self, seat: SiguoSeat) -> Result<(), SiguoRoundError> {
        if self.playing()?.position.is_out(seat) {
            return Err(SiguoRoundError::Out);
        }
        Ok(())
    }

    /// `seat` proposes a draw (at most [`DRAW_PROPOSALS`] times a game). It lapses when an
    /// action is played or a player goes out before every player still in accepted.
    pub fn propose_draw(&mut self, seat: SiguoSeat) -> Result<(), SiguoRoundError> {
        self.seat_in(seat)?;
        if self.pending.is_some() {
            return Err(SiguoRoundError::DrawPending);
        }
        if self.proposals[seat.index()] >= DRAW_PROPOSALS {
            return Err(SiguoRoundError::NoDrawProposalsLeft(DRAW_PROPOSALS));
        }
        self.proposals[seat.index()] += 1;
        let mut accepted = [false; 4];
        accepted[seat.index()] = true;
        self.pending = Some(Proposal {
            proposer: seat,
            accepted,
        });
        self.record.events.push(SiguoEvent::ProposeDraw(seat));
        Ok(())
    }

    /// `seat` answers the waiting proposal: a refusal ends it; the draw when every player
    /// still in has accepted.
    pub fn answer_draw(&mut self, seat: SiguoSeat, accept: bool) -> Result<(), SiguoRoundError> {
        self.seat_in(seat)?;
        let mut proposal = self.pending.ok_or(SiguoRoundError::NoDrawProposal)?;
        if proposal.proposer == seat {
            return Err(SiguoRoundError::OwnDrawProposal);
        }
        if proposal.accepted[seat.index()] {
            return Err(SiguoRoundError::AlreadyAnswered);
        }
        self.record
            .events
            .push(SiguoEvent::AnswerDraw { seat, accept });
        if !accept {
            self.pending = None;
            return Ok(());
        }
        proposal.accepted[seat.index()] = true;
        self.pending = Some(proposal);
        let everyone = SiguoSeat::ALL
            .into_iter()
            .all(|s| proposal.accepted[s.index()] || self.is_out(s));
        if everyone {
            self.finish(SiguoOutcome::Draw(DrawReason::Agreement));
        }
        Ok(())
    }

    /// The reveals a viewer seat sees by: its team's, frozen when it went out.
    pub(super) fn reveals_for(&self, play: &Play, seat: SiguoSeat) -> SiguoReveals {
        match play.frozen[seat.index()] {
            Some(frozen) => {
                let team = team_index(seat.team());
                let mut reveals = play.reveals;
                reveals.team[team] = frozen.team[team];
                reveals
            }
            None => play.reveals,
        }
    }
}
