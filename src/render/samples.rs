//! The renders the PNG palette is fitted to: between them they show every element the renderer
//! draws (both scripts, backs and faces, every mark, the panel in all its states, the banner),
//! so every colour the images use has palette entries near it.

use crate::game::Effect;
use crate::game::{
    Action, Colour, Kind, LastAction, Outcome, Piece, Position, PublicView, Seat, Square, WinReason,
};

use super::from_position::guide_from_view;
use super::{Guide, Panel, Script};

const BUSY: &str = "?R3,?BF,R1,?RM,?B2/R7,?B5,B4,.,?R1/?BM,.,?R6,B1,?B9/?R4,.,R8,?BX,./\
.,B6,?RX,.,?B3/?R2,.,BX,.,R5/?B7,R9,.,?R3,?BM/.,.,?B2,.,?R2/?RM,RX,.,B8,?B1/\
?B4,.,?R5,R2,RF/?B3,B7,?R7,.,BM/?R1,?B1,.,?R4,B2 B 3 64";

const LATE: &str = ".,R7,.,.,./.,.,B5,.,R1/.,.,.,.,./R4,.,.,.,B3/.,.,.,.,./.,R6,.,BX,./\
.,.,.,.,./.,R5,.,.,./B2,.,.,.,./.,.,.,.,RF/.,R3,.,.,./RM,.,.,.,B1 B 0 187";

const A1: Square = match Square::new(0, 0) {
    Some(square) => square,
    None => panic!("A1 is on the board"),
};

/// The squares named here are all valid; A1 stands in should one ever be mistyped.
fn square(text: &str) -> Square {
    text.parse().unwrap_or(A1)
}

/// Views with panels, guides and scripts covering what a render can show.
pub fn sample_scenes() -> Vec<(PublicView, Panel, Option<Guide>, Script)> {
    let mut scenes = Vec::new();
    let names = || Panel::new(["alice".to_string(), "bob".to_string()]);
    if let Ok(position) = BUSY.parse::<Position>() {
        let mut view = PublicView::of_position(&position);
        view.timeouts = [2, 1];
        view.pending_draw_offer = Some(Seat::First);
        view.last = Some(LastAction {
            seat: Seat::First,
            action: Action::Move {
                from: square("C6"),
                to: square("B6"),
            },
            effect: Effect::Attacked {
                attacker: Piece::new(Colour::Red, Kind::Marshal),
                target: Piece::new(Colour::Black, Kind::Brigadier),
                attacker_survives: true,
            },
        });
        let guide = guide_from_view(&view, square("C7")).ok();
        let panel = Panel {
            seconds_left: Some(7),
            ..names()
        };
        scenes.push((view.clone(), panel.clone(), guide, Script::Simplified));
        let mut flipped = view.clone();
        flipped.colours = None;
        flipped.last_flips = [Some(Colour::Red), None];
        flipped.last = Some(LastAction {
            seat: Seat::Second,
            action: Action::Flip(square("E3")),
            effect: Effect::Flipped(Piece::new(Colour::Red, Kind::Flag)),
        });
        scenes.push((flipped, panel, None, Script::Traditional));
    }
    if let Ok(position) = LATE.parse::<Position>() {
        let mut view = PublicView::of_position(&position);
        view.last = Some(LastAction {
            seat: Seat::First,
            action: Action::Move {
                from: square("B11"),
                to: square("B12"),
            },
            effect: Effect::Attacked {
                attacker: Piece::new(Colour::Black, Kind::Bomb),
                target: Piece::new(Colour::Red, Kind::MajorGeneral),
                attacker_survives: false,
            },
        });
        view.outcome = Some(Outcome::Win {
            winner: Seat::First,
            reason: WinReason::Flag,
        });
        let panel = Panel {
            points: Some([3, -3]),
            ..names()
        };
        scenes.push((view.clone(), panel.clone(), None, Script::Simplified));
        view.last = Some(LastAction {
            seat: Seat::Second,
            action: Action::Move {
                from: square("D7"),
                to: square("D6"),
            },
            effect: Effect::Moved(Piece::new(Colour::Black, Kind::Bomb)),
        });
        view.outcome = None;
        scenes.push((view, names(), None, Script::Traditional));
    }
    scenes
}
