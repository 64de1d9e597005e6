//! A 四国 turn (docs/rules.md §19–20): the legal moves of the seat to act, the referee's
//! judgement of an attack with the headquarters and mine rules of 四国, seats going out, the
//! turn passing to the next seat still in, and the end of the game.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::action::SiguoAction;
use super::geometry::{CAMPS, HEADQUARTERS, reach};
use super::position::{SiguoPiece, SiguoPosition};
use super::post::SiguoPost;
use super::post_set::PostSet;
use super::seat::{SiguoSeat, Team};
use crate::game::attack::resolve_under;
use crate::game::{AttackResult, AttackRules, Colour, DrawReason, Kind, Piece};
use crate::standard::{Removed, Verdict};

/// Why an action is refused. Each reason speaks only of what the actor can see: whose piece
/// stands where, and the actor's own pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum SiguoActionError {
    #[error("there is no piece on {0}")]
    NoPiece(SiguoPost),
    #[error("the piece on {0} is your ally's: you move only your own pieces")]
    AllysPiece(SiguoPost),
    #[error("the piece on {0} is not yours")]
    NotYourPiece(SiguoPost),
    #[error("a {} never moves", .0.name_english().to_lowercase())]
    Immobile(Kind),
    #[error("a piece in a headquarters never moves again")]
    HeadquartersLocked,
    #[error("the piece on {from} cannot reach {to}")]
    Unreachable { from: SiguoPost, to: SiguoPost },
    #[error("you cannot attack your own piece")]
    OwnPiece,
    #[error("you cannot attack your ally's piece")]
    AllyPiece,
    #[error("a piece in a camp cannot be attacked")]
    InCamp,
    #[error("the game is over")]
    GameOver,
}

/// How a game of 四国 ends.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum SiguoOutcome {
    /// The other team's players are both out.
    Win(Team),
    Draw(DrawReason),
}

/// `SN wins`, `EW wins` or `draw: no capture`, as `apply` writes it.
impl fmt::Display for SiguoOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SiguoOutcome::Win(team) => write!(f, "{team} wins"),
            SiguoOutcome::Draw(reason) => write!(f, "draw: {}", reason.word()),
        }
    }
}

/// Why a seat went out during a turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum OutReason {
    /// Its flag was taken (with a random deal: the headquarters that counted as its flag,
    /// or both, docs/rules.md §20).
    FlagTaken,
    /// It had no legal move when its turn came.
    NoMoves,
}

/// The referee's account of an action: what moved, what it met, which pieces the attack
/// removed, and the seats that went out before the next seat could act.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SiguoJudgement {
    pub action: SiguoAction,
    pub attacker: SiguoPiece,
    /// The attacked piece; `None` for a plain move.
    pub target: Option<SiguoPiece>,
    pub verdict: Verdict,
    /// Seats out after this action, in the order they went out; their pieces left the board.
    pub out: Vec<(SiguoSeat, OutReason)>,
}

/// The result of `attacker` attacking `target`: the standard table (docs/rules.md §11, no
/// `mine_survives`), except that whatever stands in a headquarters is simply taken.
pub fn attack_result(attacker: Kind, target: Kind, in_headquarters: bool) -> AttackResult {
    if in_headquarters {
        return AttackResult::AttackerWins;
    }
    let rules = AttackRules::Standard {
        mine_survives: false,
    };
    // Colours only tell the two sides apart here; the standard table judges every attack.
    resolve_under(
        rules,
        Piece::new(Colour::Red, attacker),
        Piece::new(Colour::Black, target),
        0,
    )
    .expect("the standard table refuses no attack")
}

impl SiguoPosition {
    /// Where the piece on `from` may go if it is `seat`'s and can move: every post it reaches
    /// that is empty or holds an enemy piece outside a camp.
    fn destinations_of(&self, seat: SiguoSeat, from: SiguoPost) -> PostSet {
        let Some(piece) = self.piece(from) else {
            return PostSet::EMPTY;
        };
        if piece.seat != seat || !piece.kind.is_movable() || HEADQUARTERS.contains(from) {
            return PostSet::EMPTY;
        }
        let occupied = self.occupied();
        let reached = reach(occupied, from, piece.kind == Kind::Engineer);
        reached - self.posts_of_team(seat.team()) - (CAMPS & occupied)
    }

    /// Where the piece on `from` may go, for the seat to act.
    pub fn destinations(&self, from: SiguoPost) -> PostSet {
        if self.outcome().is_some() {
            return PostSet::EMPTY;
        }
        self.destinations_of(self.turn, from)
    }

    /// Every legal action of the seat to act (none once the game is over).
    pub fn legal_actions(&self) -> Vec<SiguoAction> {
        let mut actions = Vec::with_capacity(64);
        if self.outcome().is_some() {
            return actions;
        }
        for from in self.posts_of(self.turn) {
            for to in self.destinations_of(self.turn, from) {
                actions.push(SiguoAction::new(from, to));
            }
        }
        actions
    }

    /// Whether `seat` has a legal move on this board.
    pub fn has_legal_move(&self, seat: SiguoSeat) -> bool {
        self.posts_of(seat)
            .into_iter()
            .any(|from| !self.destinations_of(seat, from).is_empty())
    }

    /// The end the board shows: a team with both players out has lost, and a run of quiet
    /// actions as long as the rules allow is a draw.
    pub fn outcome(&self) -> Option<SiguoOutcome> {
        if let Some(beaten) = self.beaten_team() {
            return Some(SiguoOutcome::Win(beaten.other()));
        }
        (self.quiet >= self.rules.quiet_draw).then_some(SiguoOutcome::Draw(DrawReason::NoCapture))
    }

    /// Whether the seat to act may play `action`, and why not.
    pub fn check(&self, action: SiguoAction) -> Result<(), SiguoActionError> {
        if self.outcome().is_some() {
            return Err(SiguoActionError::GameOver);
        }
        let SiguoAction { from, to } = action;
        let piece = self.piece(from).ok_or(SiguoActionError::NoPiece(from))?;
        if piece.seat == self.turn.ally() {
            return Err(SiguoActionError::AllysPiece(from));
        }
        if piece.seat != self.turn {
            return Err(SiguoActionError::NotYourPiece(from));
        }
        if !piece.kind.is_movable() {
            return Err(SiguoActionError::Immobile(piece.kind));
        }
        if HEADQUARTERS.contains(from) {
            return Err(SiguoActionError::HeadquartersLocked);
        }
        if !reach(self.occupied(), from, piece.kind == Kind::Engineer).contains(to) {
            return Err(SiguoActionError::Unreachable { from, to });
        }
        match self.piece(to) {
            Some(target) if target.seat == self.turn => Err(SiguoActionError::OwnPiece),
            Some(target) if target.seat == self.turn.ally() => Err(SiguoActionError::AllyPiece),
            Some(_) if CAMPS.contains(to) => Err(SiguoActionError::InCamp),
            _ => Ok(()),
        }
    }

    /// Checks and plays `action`: the referee's judgement, and the outcome if the game ended.
    pub fn apply(
        &mut self,
        action: SiguoAction,
    ) -> Result<(SiguoJudgement, Option<SiguoOutcome>), SiguoActionError> {
        self.check(action)?;
        Ok(self.play_unchecked(action))
    }

    /// Plays an action known to be legal (from [`SiguoPosition::legal_actions`]).
    pub fn play_unchecked(
        &mut self,
        action: SiguoAction,
    ) -> (SiguoJudgement, Option<SiguoOutcome>) {
        let mut judgement = self.resolve(action);
        if let Some(taken) = judgement.target.filter(|target| target.kind == Kind::Flag) {
            self.remove_seat(taken.seat);
            judgement.out.push((taken.seat, OutReason::FlagTaken));
        }
        let outcome = self.pass_turn(&mut judgement.out);
        (judgement, outcome)
    }

    /// Moves the piece of a legal action and judges the attack, counting quiet actions; who
    /// goes out, and the turn, are left to the caller (the standard deal's flag rule above,
    /// or a hosted game's headquarters rules of docs/rules.md §20).
    pub(super) fn resolve(&mut self, action: SiguoAction) -> SiguoJudgement {
        let SiguoAction { from, to } = action;
        let attacker = self.piece(from).expect("a legal action moves a piece");
        let target = self.piece(to);
        self.set(from, None);
        let verdict = match target {
            None => {
                self.set(to, Some(attacker));
                Verdict::Moved
            }
            Some(target) => {
                let result = attack_result(attacker.kind, target.kind, HEADQUARTERS.contains(to));
                let removed = match result {
                    AttackResult::AttackerWins => {
                        self.set(to, Some(attacker));
                        Removed::Target
                    }
                    AttackResult::BothRemoved => {
                        self.set(to, None);
                        Removed::Both
                    }
                    AttackResult::TargetHolds => Removed::Attacker,
                };
                Verdict::Attacked(removed)
            }
        };
        self.quiet = if verdict.is_attack() {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        SiguoJudgement {
            action,
            attacker,
            target,
            verdict,
            out: Vec::new(),
        }
    }

    /// Passes the turn to the next seat still in. A seat with no legal move when its turn
    /// comes is out and skipped; the game ends when a team has both players out, or after the
    /// quiet run of the rules.
    pub(super) fn pass_turn(
        &mut self,
        out: &mut Vec<(SiguoSeat, OutReason)>,
    ) -> Option<SiguoOutcome> {
        let mut seat = self.turn;
        loop {
            if let Some(beaten) = self.beaten_team() {
                self.turn = self.next_seat_in(seat);
                return Some(SiguoOutcome::Win(beaten.other()));
            }
            seat = seat.next();
            if self.is_out(seat) {
                continue;
            }
            if self.has_legal_move(seat) {
                self.turn = seat;
                break;
            }
            self.remove_seat(seat);
            out.push((seat, OutReason::NoMoves));
        }
        self.outcome()
    }

    /// The first seat after `seat` in turn order that still has pieces (`seat` if none has).
    fn next_seat_in(&self, seat: SiguoSeat) -> SiguoSeat {
        (1..=4)
            .map(|step| SiguoSeat::from_index(seat.index() + step))
            .find(|next| !self.is_out(*next))
            .unwrap_or(seat)
    }
}
