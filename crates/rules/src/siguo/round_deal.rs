//! The random deal of a hosted 四国 game (docs/rules.md §17): the players pick shares in
//! reverse turn order, the fourth gets the last, and a player dealt nothing stronger than a
//! brigadier may ask once for a new deal before anyone is ready.

use super::deal::{deal_shares, is_weak, pick_order};
use super::record::SiguoEvent;
use super::round::{Phase, SiguoPhase, SiguoRound, SiguoRoundError};
use super::seat::SiguoSeat;
use crate::standard::Army;

impl SiguoRound {
    /// The seat to pick a share now (random deal).
    pub fn picker(&self) -> Option<SiguoSeat> {
        if self.phase() != SiguoPhase::Picking {
            return None;
        }
        pick_order(self.record.first)
            .into_iter()
            .find(|seat| self.picks[seat.index()].is_none())
    }

    /// The shares not taken yet, by their engineer's colour.
    pub fn shares_left(&self) -> Vec<SiguoSeat> {
        if self.shares.is_none() {
            return Vec::new();
        }
        SiguoSeat::ALL
            .into_iter()
            .filter(|colour| !self.picks.contains(&Some(*colour)))
            .collect()
    }

    /// The share `seat` took, by its engineer's colour.
    pub fn share_of(&self, seat: SiguoSeat) -> Option<SiguoSeat> {
        self.picks[seat.index()]
    }

    /// `seat` takes the share whose engineer has `share`'s colour. The fourth player gets the
    /// last share without picking, and a player who left is given the first share left.
    pub fn pick(&mut self, seat: SiguoSeat, share: SiguoSeat) -> Result<(), SiguoRoundError> {
        self.require_live()?;
        let picker = self.picker().ok_or(SiguoRoundError::NotPicking)?;
        if seat != picker {
            return Err(SiguoRoundError::NotYourPick(picker));
        }
        if self.picks.contains(&Some(share)) {
            return Err(SiguoRoundError::ShareTaken(share));
        }
        self.picks[seat.index()] = Some(share);
        self.record.events.push(SiguoEvent::Pick { seat, share });
        self.advance_picking();
        Ok(())
    }

    /// The picking clock ran out: the seat to pick takes the first share left (by colour
    /// order S, E, N, W); the seat and the share.
    pub fn pick_expired(&mut self) -> Result<(SiguoSeat, SiguoSeat), SiguoRoundError> {
        self.require_live()?;
        let picker = self.picker().ok_or(SiguoRoundError::NotPicking)?;
        let share = *self
            .shares_left()
            .first()
            .ok_or(SiguoRoundError::NotPicking)?;
        self.pick(picker, share)?;
        Ok((picker, share))
    }

    /// Gives shares to those who need not pick (the last player, players who left) and starts
    /// the deployment once every share is taken.
    pub(super) fn advance_picking(&mut self) {
        while let Some(picker) = self.picker() {
            let left = self.shares_left();
            let automatic = left.len() == 1 || self.left[picker.index()].is_some();
            match left.first() {
                Some(share) if automatic => self.picks[picker.index()] = Some(*share),
                _ => return,
            }
        }
        if let (Phase::Picking, Some(shares)) = (&self.phase, self.shares) {
            for seat in SiguoSeat::ALL {
                if let Some(share) = self.picks[seat.index()] {
                    self.armies[seat.index()] = shares.share(share);
                }
            }
            self.phase = Phase::Deploying { drafts: [None; 4] };
            self.maybe_start();
        }
    }

    /// The pieces `seat` deploys: for `seat` alone (its share is private), once known.
    pub fn army(&self, seat: SiguoSeat) -> Option<Army> {
        match self.phase {
            Phase::Picking => None,
            _ => Some(self.armies[seat.index()]),
        }
    }

    /// Whether `seat` may ask for a new deal now (§17).
    pub fn may_redeal(&self, seat: SiguoSeat) -> bool {
        self.check_redeal(seat).is_ok()
    }

    fn check_redeal(&self, seat: SiguoSeat) -> Result<(), SiguoRoundError> {
        self.require_live()?;
        let shares = self.shares.ok_or(SiguoRoundError::StandardDeal)?;
        if matches!(self.phase, Phase::Playing(_)) || self.committed.iter().any(Option::is_some) {
            return Err(SiguoRoundError::SomeoneReady);
        }
        if self.left[seat.index()].is_some() {
            return Err(SiguoRoundError::AlreadyLeft);
        }
        let share = self.picks[seat.index()].ok_or(SiguoRoundError::NoShareYet)?;
        if self.redealt[seat.index()] {
            return Err(SiguoRoundError::RedealUsed);
        }
        if !is_weak(&shares.share(share)) {
            return Err(SiguoRoundError::ShareTooStrong);
        }
        Ok(())
    }

    /// `seat`, dealt nothing stronger than a brigadier, asks for a new deal: the shares are
    /// dealt again and picked again, drafts cleared. Each player may ask once a game.
    pub fn redeal(&mut self, seat: SiguoSeat) -> Result<(), SiguoRoundError> {
        self.check_redeal(seat)?;
        self.redealt[seat.index()] = true;
        self.deals += 1;
        self.shares = Some(deal_shares(self.record.options.seed, self.deals));
        self.picks = [None; 4];
        self.armies = [Army::STANDARD; 4];
        self.phase = Phase::Picking;
        self.record.events.push(SiguoEvent::Redeal(seat));
        self.advance_picking();
        Ok(())
    }
}
