//! The repetition rule (docs/rules.md §6.6) as the search plays it out: each colour's list of
//! recent action keys along the path from the root, starting from the lists the public view
//! shows, so that the search sees a side short of moves forced into a losing repeat.

use crate::game::{Action, PublicView, RepetitionKey, Seat, repeats_too_often};

/// The actions of `legal` that do not lose by repetition, or all of them when every one does
/// (a player forced to repeat still has to act).
pub fn unless_repeating(legal: Vec<Action>, would_repeat: &dyn Fn(Action) -> bool) -> Vec<Action> {
    let safe: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|action| !would_repeat(*action))
        .collect();
    if safe.is_empty() { legal } else { safe }
}

/// One colour's recent keys, oldest first (`None`: a flip, which never repeats).
pub type Recent = Vec<Option<RepetitionKey>>;

/// True when the last key of `list` occurs too often among its last actions.
pub fn repeats(list: &[Option<RepetitionKey>]) -> bool {
    match list.last() {
        Some(last @ Some(_)) => repeats_too_often(list.iter(), last),
        _ => false,
    }
}

/// Both colours' repetition lists as the view shows them, by colour index (empty before the
/// colours are known).
pub fn repetition_lists(view: &PublicView) -> [Recent; 2] {
    let mut lists = [Vec::new(), Vec::new()];
    for seat in [Seat::First, Seat::Second] {
        if let Some(colour) = view.colour_of(seat) {
            lists[colour.index()] = view.repetition[seat.index()]
                .iter()
                .copied()
                .map(Some)
                .collect();
        }
    }
    lists
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Colour, Kind, Piece, Square};

    #[test]
    fn the_fourth_key_in_seven_repeats_and_flips_never_do() {
        let at = |name: &str| name.parse::<Square>().expect("a square");
        let piece = Piece::new(Colour::Red, Kind::Captain);
        let up = Some((piece, at("A1"), at("A2")));
        let down = Some((piece, at("A2"), at("A1")));
        assert!(!repeats(&[up, down, up, down, up]));
        assert!(repeats(&[up, down, up, down, up, down, up]));
        // Pushed out of the window of 7 by other actions, the first one no longer counts.
        assert!(!repeats(&[up, down, up, None, None, None, down, up]));
        assert!(!repeats(&[None, None, None, None]));
        assert!(!repeats(&[]));
    }
}
