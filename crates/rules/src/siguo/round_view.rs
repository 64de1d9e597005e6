//! What each viewer of a hosted 四国 game sees (docs/rules.md §19): during the deployment a
//! player sees their own layout and nobody sees another's; in play, [`SiguoView`] under the
//! table's view mode, a player who is out keeping what their team was shown when they went
//! out; at the end, everything.

use super::position::SiguoPosition;
use super::round::{Phase, SiguoRound};
use super::seat::SiguoSeat;
use super::view::{SiguoReveals, SiguoView, SiguoViewMode, SiguoViewer};
use crate::standard::Layout;

impl SiguoRound {
    /// The board as `viewer` may see it now.
    pub fn view(&self, viewer: SiguoViewer) -> SiguoView {
        let mode = self.record.options.view;
        match &self.phase {
            Phase::Playing(play) => {
                if self.outcome.is_some() {
                    return SiguoView::new(
                        &play.position,
                        &play.reveals,
                        SiguoViewMode::Open,
                        viewer,
                    );
                }
                let reveals = match viewer {
                    SiguoViewer::Seat(seat) => self.reveals_for(play, seat),
                    SiguoViewer::Spectator => play.reveals,
                };
                SiguoView::new(&play.position, &reveals, mode, viewer)
            }
            Phase::Picking | Phase::Deploying { .. } => {
                let mut board = SiguoPosition::empty(self.record.first);
                if let SiguoViewer::Seat(seat) = viewer
                    && let Some(layout) = self.draft(seat)
                {
                    board.place(seat, &layout);
                }
                // Only the viewer's own pieces are on this board: showing them all is right.
                SiguoView::new(
                    &board,
                    &SiguoReveals::default(),
                    SiguoViewMode::Open,
                    viewer,
                )
            }
        }
    }

    /// Every layout as it was played, once the game is over (the end reveals them all).
    pub fn layouts(&self) -> Option<[Layout; 4]> {
        self.outcome?;
        match &self.phase {
            Phase::Playing(play) => Some(play.layouts),
            _ => None,
        }
    }

    /// Whether `viewer` may see `seat`'s layout now: its owner always, everyone at the end.
    pub fn may_see_layout(&self, viewer: SiguoViewer, seat: SiguoSeat) -> bool {
        self.outcome.is_some() || viewer == SiguoViewer::Seat(seat)
    }
}
