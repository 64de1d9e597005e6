//! What a 四国 seat's belief learns, a row per rule: deployment, moves, railway paths, battles
//! won, lost and even, the headquarters rule, a flag taken, a field marshal's death, engineer
//! reconnaissance, seats going out, and the view modes; and that its deals keep every count.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use super::*;
use crate::ai::standard::Kinds;
use crate::game::Kind;
use crate::siguo::{
    SiguoAction, SiguoPiece, SiguoPosition, SiguoPost, SiguoReveals, SiguoRules, SiguoSeat,
    SiguoView, SiguoViewMode, SiguoViewer,
};

use SiguoSeat::{East, North, South, West};

pub(super) fn post(name: &str) -> SiguoPost {
    name.parse()
        .unwrap_or_else(|e| panic!("test post {name}: {e}"))
}

fn kinds(codes: &str) -> Kinds {
    Kind::ALL
        .into_iter()
        .filter(|kind| codes.contains(kind.code()))
        .fold(Kinds::ALL.keep(|_| false), |set, kind| {
            let with = Kinds::only(kind);
            Kinds::ALL.keep(|k| set.contains(k) || with.contains(k))
        })
}

/// A game on a hand-built board, with South's belief under `mode`.
pub(super) struct Table {
    pub position: SiguoPosition,
    pub reveals: SiguoReveals,
    pub mode: SiguoViewMode,
    pub belief: SiguoBelief,
}

impl Table {
    /// Every seat's flag on its B1 and a captain on its E1, then `pieces` (`.` empties a post).
    pub fn new(pieces: &[(&str, &str)], turn: SiguoSeat, mode: SiguoViewMode) -> Table {
        let mut position = SiguoPosition::empty(turn);
        let base = [
            ("SB1", "SF"),
            ("SE1", "S3"),
            ("EB1", "EF"),
            ("EE1", "E3"),
            ("NB1", "NF"),
            ("NE1", "N3"),
            ("WB1", "WF"),
            ("WE1", "W3"),
        ];
        for (name, code) in base.iter().chain(pieces) {
            let piece = (*code != ".").then(|| code.parse::<SiguoPiece>().expect("a piece"));
            position.set(post(name), piece);
        }
        let reveals = SiguoReveals::default();
        let view = SiguoView::new(&position, &reveals, mode, SiguoViewer::Seat(South));
        let belief = SiguoBelief::new(South, &view, SiguoRules::default());
        Table {
            position,
            reveals,
            mode,
            belief,
        }
    }

    /// South's belief if the game started now, with the reveals set by hand.
    pub fn fresh_belief(&self) -> SiguoBelief {
        let view = SiguoView::new(
            &self.position,
            &self.reveals,
            self.mode,
            SiguoViewer::Seat(South),
        );
        SiguoBelief::new(South, &view, SiguoRules::default())
    }

    /// Plays `from`–`to` for the seat to act and shows South's belief the public account.
    pub fn play(&mut self, from: &str, to: &str) {
        let action = SiguoAction::new(post(from), post(to));
        let (judgement, _) = self
            .position
            .apply(action)
            .unwrap_or_else(|e| panic!("{from}-{to}: {e}"));
        self.reveals.record(&judgement, &self.position);
        let view = SiguoView::new(
            &self.position,
            &self.reveals,
            self.mode,
            SiguoViewer::Seat(South),
        );
        self.belief
            .observe(&SiguoObservation::of(&judgement), &view);
    }

    fn on(&self, name: &str) -> Option<Kinds> {
        self.belief.kinds_on(post(name))
    }
}

const DARK: SiguoViewMode = SiguoViewMode::Dark;

#[test]
fn a_fresh_belief_knows_what_the_deployment_rules_and_the_view_mode_allow() {
    // (mode, post, expected kinds; None: not tracked)
    let rows: [(SiguoViewMode, &str, Option<&str>); 9] = [
        (DARK, "EA6", Some("987654321")), // front row: no bomb, mine or flag
        (DARK, "EA2", Some("98765432X1M")), // row 2: a mine may stand there, not the flag
        (DARK, "EB1", Some("98765432X1MF")), // a headquarters may hold the flag
        (DARK, "SE1", None),              // our own piece
        (DARK, "NE1", Some("98765432X1M")), // the ally's piece is unknown in the dark
        (SiguoViewMode::Allies, "NE1", Some("3")), // and shown with allies
        (SiguoViewMode::Allies, "EE1", Some("98765432X1M")),
        (SiguoViewMode::Open, "EE1", Some("3")),
        (SiguoViewMode::Open, "WB1", Some("F")),
    ];
    for (mode, name, expected) in rows {
        let table = Table::new(&[("EA6", "E5"), ("EA2", "E5")], South, mode);
        assert_eq!(table.on(name), expected.map(kinds), "{mode} {name}");
    }
}

#[test]
fn a_piece_that_moves_is_no_mine_or_flag_and_a_turning_path_is_an_engineers() {
    // (the East piece's move, what it can be after)
    let rows = [
        ("EA2", "EA3", "98765432X1"), // a step: anything that moves (row 2 allowed a mine)
        ("EA2", "EA5", "98765432X1"), // a slide along column A
        ("EA2", "EC6", "1"),          // up column A and along row 6: a right angle
    ];
    for (from, to, expected) in rows {
        let mut table = Table::new(&[("EA2", "E1")], East, DARK);
        table.play(from, to);
        assert_eq!(table.on(to), Some(kinds(expected)), "{from}-{to}");
        assert_eq!(table.on(from), None, "{from} left empty");
    }
}

#[test]
fn battles_bound_the_enemy_by_the_verdict() {
    // South's lieutenant on EA4 and East's piece on EA3 (row 3: no mine, no flag there), one
    // attacking the other. (East's piece, the attacker, what South learns of East's piece)
    let rows = [
        ("E4", South, "9876543"), // it held: stronger than our lieutenant
        ("E1", South, "1"),       // our lieutenant took it: only an engineer loses to it
        ("EX", South, "2X"),      // both removed: a lieutenant or a bomb
        ("E9", East, "9876543"),  // it took our lieutenant: stronger
        ("E2", East, "2X"),       // it attacked and both went: a lieutenant or a bomb
        ("E1", East, "1"),        // it attacked and was removed: only an engineer
    ];
    for (east, attacker, expected) in rows {
        let mut table = Table::new(&[("EA3", east), ("EA4", "S2")], attacker, DARK);
        let (from, to) = if attacker == South {
            ("EA4", "EA3")
        } else {
            ("EA3", "EA4")
        };
        table.play(from, to);
        let known = table
            .on("EA3")
            .or(table.on("EA4"))
            .or_else(|| table.belief.removed_kinds(East).last().copied())
            .expect("East's piece is tracked, on the board or removed");
        assert_eq!(known, kinds(expected), "{east} attacked by {attacker}");
    }
}

#[test]
fn whatever_stands_in_a_headquarters_is_taken_so_the_attacker_is_not_narrowed() {
    // East's piece on SE2 takes South's mine in SD1: in a headquarters anything wins.
    let mut table = Table::new(&[("SD1", "SM"), ("SD2", "E2")], East, DARK);
    table.play("SD2", "SD1");
    assert_eq!(table.on("SD1"), Some(kinds("98765432X1")));
}

#[test]
fn a_flag_taken_puts_its_seat_out_and_its_pieces_leave_the_belief() {
    let mut table = Table::new(&[("EB2", "S5"), ("EA2", "E4")], South, DARK);
    assert!(table.on("EA2").is_some());
    table.play("EB2", "EB1");
    for name in ["EB1", "EA2", "EE1"] {
        assert_eq!(table.on(name), None, "{name}: East is out");
    }
    assert!(table.on("WE1").is_some(), "West plays on");
}

#[test]
fn a_field_marshals_death_pins_it_and_shows_its_flag() {
    // South's bomb meets East's marshal: both removed, East's flag shown to everyone.
    let mut table = Table::new(&[("EA3", "E9"), ("EA4", "SX"), ("EA2", "E5")], South, DARK);
    table.play("EA4", "EA3");
    assert_eq!(table.on("EB1"), Some(kinds("F")));
    // No deal gives East a marshal any more: the one removed was it.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..50 {
        let board = table.belief.sample(&mut rng);
        assert_ne!(
            board.piece(post("EA2")).map(|p| p.kind),
            Some(Kind::Marshal)
        );
    }
}

#[test]
fn reconnaissance_shows_the_target_and_marks_an_allys_scout() {
    // Our engineer scouts East's major; then, in the dark, North's unknown piece scouts West's
    // captain: the shown captain tells South that North's piece was an engineer.
    let mut table = Table::new(
        &[("EA3", "E4"), ("EA4", "S1"), ("WA3", "W3"), ("WA4", "N1")],
        South,
        DARK,
    );
    table.play("EA4", "EA3");
    assert_eq!(table.on("EA3"), Some(kinds("4")), "our scout showed it");
    table.play("EE1", "EE2");
    let north_scout = table
        .on("WA4")
        .expect("North's piece is tracked in the dark");
    assert!(north_scout.contains(Kind::Marshal));
    table.play("WA4", "WA3");
    assert_eq!(table.on("WA3"), Some(kinds("3")));
    assert_eq!(
        table.belief.removed_kinds(North),
        vec![kinds("1")],
        "the removed scout"
    );
}

#[test]
fn deals_keep_every_count_and_every_pin() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let layouts: Vec<_> = (0..4)
        .map(|_| siguo_layout(crate::ai::Level::Hard, &mut rng))
        .collect();
    let position = SiguoPosition::new([&layouts[0], &layouts[1], &layouts[2], &layouts[3]], South);
    for mode in SiguoViewMode::ALL {
        let view = SiguoView::new(
            &position,
            &SiguoReveals::default(),
            mode,
            SiguoViewer::Seat(South),
        );
        let belief = SiguoBelief::new(South, &view, SiguoRules::default());
        for _ in 0..100 {
            let board = belief.sample(&mut rng);
            // Every dealt board is a legal start: the notation reads it back (flags in
            // headquarters, mines on rows 1–2, no seat over its counts).
            let text = board.to_string();
            let read: SiguoPosition = text.parse().unwrap_or_else(|e| panic!("{mode}: {e}"));
            assert_eq!(read, board);
            for (post, piece) in board.pieces() {
                let shown = match view.cell(post) {
                    crate::siguo::SiguoViewCell::Shown(piece) => Some(piece),
                    _ => None,
                };
                if let Some(shown) = shown {
                    assert_eq!(piece, shown, "{mode}: a shown piece is dealt as it shows");
                }
                assert_eq!(board.posts_of(piece.seat).len(), 25);
            }
        }
    }
}

#[test]
fn east_west_and_north_are_tracked_for_south() {
    let table = Table::new(&[], South, DARK);
    for seat in [East, North, West] {
        assert!(
            table
                .belief
                .kinds_on(post(&format!("{}B1", seat.code())))
                .is_some()
        );
    }
}
