//! The panel as parts that a render over the opening board may keep: the two cards (without
//! the names and clocks, which no opening has), the action counters, each dot of the tally and
//! the last-action box. Each part draws only inside its own box, and the boxes do not overlap,
//! so a part that shows what the opening board's shows keeps the opening's pixels, and any
//! other is cleared to the background and drawn again without touching its neighbours. A
//! game's first board then differs from the opening board only in the names and the clock.

use crate::game::{Colour, Kind, Piece, PublicView, Seat};

use super::{CARD_H, DotState, LAST_BOTTOM, LAST_TOP, LEFT, WIDTH_INNER, card_centre};
use super::{COUNTERS_BASELINE, DOT_STEP, tally_column_left, tally_row_y};

/// One part of the panel.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Part {
    /// A seat's card: colour, whose turn, timeouts, a pending draw offer.
    Card(Seat),
    /// The action and no-capture counters.
    Counters,
    /// Dot `i` of a piece's row in the tally.
    Dot(Piece, u8),
    /// The last action, with its pieces.
    LastAction,
}

/// What a part shows of a view: two views that show the same draw the part alike.
#[derive(PartialEq, Eq, Debug)]
enum Shows {
    Card {
        to_act: bool,
        colour: Option<Colour>,
        last_flip: Option<Colour>,
        timeouts: (u8, u8),
        offers_draw: bool,
    },
    Counters([u16; 4]),
    Dot(DotState),
    NoActionYet,
}

/// Which parts a render draws: over the background all of them; over the opening board only
/// those that show something else than the opening board's, which are cleared to the
/// background first (the others keep the opening's pixels).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Plan {
    /// Bit `n` for the `n`th part of [`Part::all`].
    redrawn: u64,
}

/// How many parts there are: both cards, the counters, fifty dots and the last action.
const PARTS: u32 = 2 + 1 + 50 + 1;

impl Plan {
    /// Every part drawn.
    pub const ALL: Plan = Plan {
        redrawn: (1 << PARTS) - 1,
    };

    /// Over the opening board, which shows `opening`.
    pub fn over_opening(view: &PublicView, opening: &PublicView) -> Plan {
        let redrawn = Part::all()
            .enumerate()
            .filter(|(_, part)| !part.shows_as(view, opening))
            .fold(0, |bits, (n, _)| bits | 1 << n);
        Plan { redrawn }
    }

    /// The parts drawn, in drawing order.
    pub(super) fn redrawn(self) -> impl Iterator<Item = Part> {
        Part::all()
            .enumerate()
            .filter(move |(n, _)| self.redrawn >> n & 1 == 1)
            .map(|(_, part)| part)
    }

    /// The boxes of the parts drawn, which a render over the opening board clears first.
    pub fn redrawn_bounds(self) -> impl Iterator<Item = (i32, i32, i32, i32)> {
        self.redrawn().map(Part::bounds)
    }

    /// The areas, in pixels, of the parts kept and of the parts drawn.
    pub fn areas(self) -> (usize, usize) {
        let area = |(x0, y0, x1, y1): (i32, i32, i32, i32)| ((x1 - x0) * (y1 - y0)) as usize;
        let all: usize = Plan::ALL.redrawn_bounds().map(area).sum();
        let drawn: usize = self.redrawn_bounds().map(area).sum();
        (all - drawn, drawn)
    }
}

impl Part {
    /// Every part, in drawing order.
    pub(super) fn all() -> impl Iterator<Item = Part> {
        let cards = Seat::BOTH.into_iter().map(Part::Card);
        let dots = Colour::BOTH.into_iter().flat_map(|colour| {
            Kind::ALL.into_iter().flat_map(move |kind| {
                (0..kind.count()).map(move |i| Part::Dot(Piece::new(colour, kind), i))
            })
        });
        cards
            .chain([Part::Counters])
            .chain(dots)
            .chain([Part::LastAction])
    }

    /// What the part shows of `view`; `None` when it depends on more than the view (the
    /// last action names its player), so that it is never kept.
    fn shows(self, view: &PublicView) -> Option<Shows> {
        Some(match self {
            Part::Card(seat) => Shows::Card {
                to_act: seat_to_act(view, seat),
                colour: view.colour_of(seat),
                last_flip: view.last_flips[seat.index()],
                timeouts: (view.timeouts[seat.index()], view.rules.timeouts_to_lose),
                offers_draw: offers_draw(view, seat),
            },
            Part::Counters => Shows::Counters([
                view.plies,
                view.rules.ply_limit,
                view.quiet,
                view.rules.quiet_limit,
            ]),
            Part::Dot(piece, i) => Shows::Dot(dot_state(view, piece, i)),
            Part::LastAction => match view.last {
                None => Shows::NoActionYet,
                Some(_) => return None,
            },
        })
    }

    /// Whether the part shows the same of `view` as of `opening`.
    fn shows_as(self, view: &PublicView, opening: &PublicView) -> bool {
        self.shows(view)
            .is_some_and(|shows| self.shows(opening) == Some(shows))
    }

    /// The box the part draws in, `(x0, y0, x1, y1)` with the ends excluded.
    pub(super) fn bounds(self) -> (i32, i32, i32, i32) {
        let around = |(x, y): (f32, f32), (half_w, half_h): (f32, f32)| {
            (
                (x - half_w).floor() as i32,
                (y - half_h).floor() as i32,
                (x + half_w).ceil() as i32,
                (y + half_h).ceil() as i32,
            )
        };
        match self {
            // The turn's glow is a band 3.5 wide on the card's edge; the gap between the
            // cards is 10.
            Part::Card(seat) => around(
                card_centre(seat),
                (WIDTH_INNER / 2.0 + 4.5, CARD_H / 2.0 + 4.5),
            ),
            Part::Counters => (
                LEFT as i32 - 2,
                COUNTERS_BASELINE as i32 - 18,
                (LEFT + WIDTH_INNER) as i32 + 2,
                COUNTERS_BASELINE as i32 + 6,
            ),
            // Dots are 16 apart with a radius of 6 and a soft edge of half a pixel.
            Part::Dot(piece, i) => around(dot_centre(piece, i), (7.5, 7.5)),
            Part::LastAction => around(
                (LEFT + WIDTH_INNER / 2.0, (LAST_TOP + LAST_BOTTOM) / 2.0),
                (
                    WIDTH_INNER / 2.0 + 3.0,
                    (LAST_BOTTOM - LAST_TOP) / 2.0 + 4.0,
                ),
            ),
        }
    }
}

pub(super) fn seat_to_act(view: &PublicView, seat: Seat) -> bool {
    view.outcome.is_none() && view.to_act == seat
}

pub(super) fn offers_draw(view: &PublicView, seat: Seat) -> bool {
    view.pending_draw_offer == Some(seat) && view.outcome.is_none()
}

/// A tally row's dots: first the revealed pieces, then the face-down ones, then the removed.
pub(super) fn dot_state(view: &PublicView, piece: Piece, i: u8) -> DotState {
    let shown = view.revealed_count(piece);
    let hidden = view.face_down_count(piece);
    if i < shown {
        DotState::Lit
    } else if i < shown + hidden {
        DotState::Hidden
    } else {
        DotState::Removed
    }
}

pub(super) fn dot_centre(piece: Piece, i: u8) -> (f32, f32) {
    let left = tally_column_left(piece.colour);
    (
        left + 66.0 + f32::from(i) * DOT_STEP,
        tally_row_y(piece.kind),
    )
}

#[cfg(test)]
mod tests {
    use super::super::super::canvas::Canvas;
    use super::super::super::{Panel, RenderOptions, board, text, tiles};
    use super::*;
    use crate::config::Language;
    use crate::game::{Game, Rules};

    fn overlap(a: (i32, i32, i32, i32), b: (i32, i32, i32, i32)) -> bool {
        a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
    }

    #[test]
    fn no_two_parts_share_a_pixel() {
        let parts: Vec<Part> = Part::all().collect();
        assert_eq!(parts.len(), PARTS as usize);
        for (n, a) in parts.iter().enumerate() {
            for b in &parts[n + 1..] {
                assert!(!overlap(a.bounds(), b.bounds()), "{a:?} and {b:?} overlap");
            }
        }
    }

    /// Views that show each part in its states: the first board, boards after flips and
    /// moves with colours decided, and one with timeouts, a draw offer and the game over.
    fn views() -> Vec<PublicView> {
        let mut game = Game::new(5, Rules::default());
        let mut views = vec![game.view()];
        for _ in 0..40 {
            let Some(&action) = game.legal_actions().first() else {
                break;
            };
            if game.act(game.to_act(), action).is_err() {
                break;
            }
            views.push(game.view());
        }
        let mut marked = game.view();
        marked.timeouts = [2, 1];
        marked.pending_draw_offer = Some(marked.to_act.other());
        views.push(marked.clone());
        marked.outcome = Some(crate::game::Outcome::Draw(
            crate::game::DrawReason::Agreement,
        ));
        views.push(marked);
        views
    }

    #[test]
    fn each_part_draws_only_inside_its_box() {
        let fonts = text::fonts().expect("fonts");
        let panel = Panel::new(["alice".into(), "bob".into()]);
        let views = views();
        // The first boards, each state of the cards, and the marked and finished views.
        let picked: Vec<&PublicView> = views
            .iter()
            .step_by(4)
            .chain(views.iter().rev().take(2))
            .collect();
        for language in [Language::English, Language::ZhHans, Language::ZhHant] {
            let background = board::background(fonts, language);
            let tiles = tiles::tiles(fonts, RenderOptions { language }.script());
            let mut pixels = background.clone();
            for view in &picked {
                for part in Part::all() {
                    super::super::draw_part(
                        &mut Canvas::rgb(&mut pixels),
                        fonts,
                        tiles,
                        view,
                        &panel,
                        language,
                        part,
                    );
                    let (x0, y0, x1, y1) = part.bounds();
                    // A drawing that escaped its box would cross this margin around it.
                    let near = |v: i32, limit: u32| v.clamp(0, limit as i32) as u32;
                    let (w, h) = pixels.dimensions();
                    for y in near(y0 - 16, h)..near(y1 + 16, h) {
                        for x in near(x0 - 16, w)..near(x1 + 16, w) {
                            let inside =
                                (x0..x1).contains(&(x as i32)) && (y0..y1).contains(&(y as i32));
                            assert!(
                                inside || pixels.get_pixel(x, y) == background.get_pixel(x, y),
                                "{part:?} drew at ({x}, {y}) outside {:?} in {language:?}",
                                part.bounds()
                            );
                            if inside {
                                pixels.put_pixel(x, y, *background.get_pixel(x, y));
                            }
                        }
                    }
                }
            }
        }
    }
}
