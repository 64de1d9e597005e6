//! Views and guides built from position notation (RULES.md §8), for the `render` command and
//! for tests: a full position becomes the view both players would see of it (seat 1 plays Red),
//! and a move guide is computed from public information alone.

use crate::game::{
    Board, Cell, Colour, Kind, Piece, Position, PublicCell, PublicPosition, PublicView, Rules,
    Seat, Square, parse_position, parse_public_position,
};

use super::{Guide, Panel, RenderError, RenderOptions, render_png};

/// Seat 1 is Red and seat 2 Black in views made from positions.
const COLOURS: [Colour; 2] = [Colour::Red, Colour::Black];

fn seat_of(colour: Colour) -> Seat {
    match colour {
        Colour::Red => Seat::First,
        Colour::Black => Seat::Second,
    }
}

fn blank_view(
    cells: [PublicCell; 60],
    turn: Option<Colour>,
    quiet: u16,
    plies: u16,
    rules: Rules,
) -> PublicView {
    PublicView {
        cells,
        to_act: turn.map_or(Seat::First, seat_of),
        colours: turn.map(|_| COLOURS),
        last_flips: [None, None],
        plies,
        quiet,
        timeouts: [0, 0],
        draw_offers_made: [0, 0],
        pending_draw_offer: None,
        removed: [[0; 12]; 2],
        last: None,
        outcome: None,
        rules,
    }
}

/// What the players see of a full position: identities of face-down pieces dropped, removed
/// pieces counted exactly.
pub fn view_from_position(position: &Position) -> PublicView {
    let cells = Square::all()
        .map(|square| match position.board.cell(square) {
            Cell::Empty => PublicCell::Empty,
            Cell::FaceDown(_) => PublicCell::FaceDown,
            Cell::Revealed(piece) => PublicCell::Revealed(piece),
        })
        .collect::<Vec<_>>();
    let cells: [PublicCell; 60] = std::array::from_fn(|index| cells[index]);
    let mut view = blank_view(
        cells,
        Some(position.turn),
        position.quiet,
        position.plies,
        position.rules,
    );
    view.removed = Colour::BOTH.map(|colour| {
        Kind::ALL.map(|kind| {
            kind.count()
                .saturating_sub(position.board.count_on_board(Piece::new(colour, kind)))
        })
    });
    view
}

/// A view of a public position (`?` cells). Which pieces were removed cannot be known from it,
/// so the panel counts every piece that is not revealed as face down.
pub fn view_from_public_position(position: &PublicPosition) -> PublicView {
    blank_view(
        position.cells,
        position.turn,
        position.quiet,
        position.plies,
        Rules::default(),
    )
}

/// The move guide of the revealed piece on `from`, whoever's turn it is. Face-down pieces only
/// block and cannot be attacked, so the view holds all that the guide needs.
pub fn guide_from_view(view: &PublicView, from: Square) -> Result<Guide, RenderError> {
    let refuse = |reason: String| RenderError::Guide {
        square: from,
        reason,
    };
    let piece = match view.cell(from) {
        PublicCell::Empty => return Err(refuse("the square is empty".into())),
        PublicCell::FaceDown => return Err(refuse("the piece is face down".into())),
        PublicCell::Revealed(piece) => piece,
    };
    if !piece.kind.is_movable() {
        return Err(refuse(format!(
            "a {} never moves",
            piece.kind.name_english().to_lowercase()
        )));
    }
    let (empty, attacks) = stand_in_board(view).destinations(piece.colour, from, view.rules);
    Ok(Guide {
        from,
        empty,
        attacks,
    })
}

/// A board with the view's revealed pieces and, on face-down squares, stand-ins drawn from the
/// pieces still face down, so counts such as mines left (which guard the flag) are right.
fn stand_in_board(view: &PublicView) -> Board {
    let mut hidden = Colour::BOTH
        .into_iter()
        .flat_map(|colour| Kind::ALL.map(|kind| Piece::new(colour, kind)))
        .flat_map(|piece| std::iter::repeat_n(piece, view.face_down_count(piece) as usize));
    let mut board = Board::empty();
    for square in Square::all() {
        let cell = match view.cell(square) {
            PublicCell::Empty => Cell::Empty,
            PublicCell::Revealed(piece) => Cell::Revealed(piece),
            PublicCell::FaceDown => Cell::FaceDown(
                hidden
                    .next()
                    .unwrap_or(Piece::new(Colour::Red, Kind::Engineer)),
            ),
        };
        board.set(square, cell);
    }
    board
}

/// Renders a position written in RULES.md §8 notation, full (`?R5`) or public (`?`), with the
/// move guide of the piece on `guide` if given: what `junqi-bot render` prints.
pub fn render_position_text(
    text: &str,
    guide: Option<Square>,
    panel: &Panel,
    options: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    let view = match parse_position(text) {
        Ok(position) => view_from_position(&position),
        Err(_) => view_from_public_position(&parse_public_position(text)?),
    };
    let guide = guide.map(|from| guide_from_view(&view, from)).transpose()?;
    render_png(&view, panel, guide.as_ref(), options)
}
