//! The board image: golden images of fixed positions (refresh them with
//! `UPDATE_GOLDEN=1 cargo nextest run -E 'test(golden)'` and look at them before committing),
//! size and decoding checks, the marks it must show, and that it depends on the public view
//! only.

use std::path::PathBuf;

use image::RgbImage;
use junqi::config::Language;
use junqi::game::Effect;
use junqi::game::{
    Action, Board, Cell, Colour, DrawReason, Game, Kind, LastAction, Outcome, Piece, Position,
    PublicCell, PublicView, Rules, Seat, Square, SquareSet, WinReason,
};
use junqi::render::{
    Guide, HEIGHT, LANGUAGES, Panel, RenderOptions, WIDTH, encode_png, guide_from_view,
    render_image, render_png, render_position_text, render_reveal_png,
};
use proptest::prelude::*;

const MID_GAME: &str = "?R3,?BF,.,?RM,?B2/R7,?B5,B4,.,?R1/?BM,.,?R6,B1,?B9/?R4,.,R8,?BX,./\
.,B6,?RX,.,?B3/?R2,.,BX,.,R5/?B7,R9,.,?R3,?BM/.,.,?B2,.,?R2/?RM,R1,.,B8,?B1/\
?B4,.,?R5,R2,?RF/?B3,B7,?R7,.,?BM/?R1,?B1,.,?R4,B2 B 3 64";

const FLAG_TAKEN: &str = ".,R7,.,.,./.,.,B5,.,R1/.,.,.,.,./R4,.,.,.,B3/.,.,.,.,./.,R6,.,BX,./\
.,.,.,.,./.,R5,.,.,./B2,.,.,.,./.,.,.,.,RF/.,R3,.,.,./RM,.,.,.,B1 B 0 187";

const ALL_FACE_DOWN: &str = "?R5,?B1,?BM,?R2,?B7/?R3,?B9,?R1,?B4,?R8/?B2,.,?RX,.,?R6/\
?R7,?B3,.,?BX,?R4/?BM,.,?R2,.,?B6/?R1,?B8,?RM,?B5,?R9/?B2,?R3,?RF,?B7,?R6/\
?BM,.,?B1,.,?R5/?R4,?B3,.,?BF,?B4/?RM,.,?R3,.,?B6/?R2,?BX,?B2,?RX,?B5/?R7,?B1,?RM,?B3,?R1 R 0 0";

fn sq(text: &str) -> Square {
    text.parse().expect("test square")
}

fn position(text: &str) -> Position {
    text.parse::<Position>().expect("test position parses")
}

fn panel() -> Panel {
    Panel::new(["alice".to_string(), "bob".to_string()])
}

fn mid_game_view() -> PublicView {
    let mut view = PublicView::of_position(&position(MID_GAME));
    view.to_act = Seat::Second;
    view.timeouts = [1, 0];
    view.last_flips = [Some(Colour::Red), Some(Colour::Red)];
    view.last = Some(LastAction {
        seat: Seat::First,
        action: Action::Move {
            from: sq("C6"),
            to: sq("B6"),
        },
        effect: Effect::Attacked {
            attacker: Piece::new(Colour::Red, Kind::Marshal),
            target: Piece::new(Colour::Black, Kind::Brigadier),
            attacker_survives: true,
        },
    });
    view
}

fn mid_game_panel() -> Panel {
    Panel {
        seconds_left: Some(17),
        ..panel()
    }
}

/// The opening: everything face down but two flips of different colours, colours undecided.
fn opening_view() -> PublicView {
    let mut board = position(ALL_FACE_DOWN).board;
    for square in [sq("A12"), sq("B2")] {
        let piece = board.piece(square).expect("dealt piece");
        board.set(square, Cell::Revealed(piece));
    }
    let mut view = PublicView::of_position(&Position::new(board, Colour::Red));
    view.colours = None;
    view.to_act = Seat::First;
    view.plies = 2;
    view.quiet = 2;
    view.last_flips = [Some(Colour::Red), Some(Colour::Black)];
    view.last = Some(LastAction {
        seat: Seat::Second,
        action: Action::Flip(sq("B2")),
        effect: Effect::Flipped(Piece::new(Colour::Black, Kind::Bomb)),
    });
    view
}

fn flag_taken_view() -> PublicView {
    let mut view = PublicView::of_position(&position(FLAG_TAKEN));
    view.to_act = Seat::Second;
    view.timeouts = [0, 2];
    view.last = Some(LastAction {
        seat: Seat::First,
        action: Action::Move {
            from: sq("B11"),
            to: sq("B12"),
        },
        effect: Effect::Attacked {
            attacker: Piece::new(Colour::Red, Kind::MajorGeneral),
            target: Piece::new(Colour::Black, Kind::Flag),
            attacker_survives: true,
        },
    });
    view.outcome = Some(Outcome::Win {
        winner: Seat::First,
        reason: WinReason::Flag,
    });
    view
}

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.png"))
}

/// Compares with the stored image; a channel may differ by 3 at most (floating point maths
/// in other libms), anything more is a change of the drawing.
pub(crate) fn check_golden(name: &str, png: &[u8]) {
    let path = golden_path(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, png).expect("write golden image");
        return;
    }
    let expected = image::open(&path)
        .unwrap_or_else(|error| {
            panic!("{}: {error} (refresh with UPDATE_GOLDEN=1)", path.display())
        })
        .to_rgb8();
    let actual = image::load_from_memory(png).expect("decodes").to_rgb8();
    assert_eq!(
        actual.dimensions(),
        expected.dimensions(),
        "{name}: size changed"
    );
    let differing = actual
        .pixels()
        .zip(expected.pixels())
        .filter(|(a, e)| a.0.iter().zip(e.0).any(|(x, y)| x.abs_diff(y) > 3))
        .count();
    if differing > 0 {
        let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.actual.png"));
        std::fs::write(&out, png).expect("write actual image");
        panic!(
            "{name}: {differing} pixels differ from {}; the new image is {} \
             (refresh with UPDATE_GOLDEN=1 if the change is wanted)",
            path.display(),
            out.display()
        );
    }
}

fn render(view: &PublicView, panel: &Panel, guide: Option<&Guide>, language: Language) -> Vec<u8> {
    render_png(view, panel, guide, &RenderOptions { language }).expect("renders")
}

#[test]
fn golden_start() {
    let game = Game::new(7, Rules::default());
    let panel = Panel {
        seconds_left: Some(30),
        ..panel()
    };
    check_golden(
        "start",
        &render(&game.view(), &panel, None, Language::English),
    );
}

#[test]
fn golden_opening_flips() {
    let panel = Panel {
        seconds_left: Some(8),
        ..panel()
    };
    check_golden(
        "opening",
        &render(&opening_view(), &panel, None, Language::English),
    );
}

#[test]
fn golden_mid_game() {
    let png = render(&mid_game_view(), &mid_game_panel(), None, Language::English);
    check_golden("mid_game", &png);
}

#[test]
fn golden_mid_game_traditional() {
    let png = render(&mid_game_view(), &mid_game_panel(), None, Language::ZhHant);
    check_golden("mid_game_traditional", &png);
}

#[test]
fn golden_guide() {
    let view = mid_game_view();
    let guide = guide_from_view(&view, sq("C7")).expect("the bomb on C7 moves");
    let png = render(&view, &mid_game_panel(), Some(&guide), Language::English);
    check_golden("guide", &png);
}

#[test]
fn golden_game_over() {
    let panel = Panel {
        points: Some([3, -3]),
        ..panel()
    };
    check_golden(
        "game_over",
        &render(&flag_taken_view(), &panel, None, Language::English),
    );
}

#[test]
fn golden_draw() {
    let mut view = flag_taken_view();
    view.outcome = Some(Outcome::Draw(DrawReason::NoCapture));
    view.last = None;
    let panel = Panel {
        points: Some([0, 0]),
        ..panel()
    };
    check_golden("draw", &render(&view, &panel, None, Language::ZhHant));
}

#[test]
fn output_decodes_at_the_documented_size_and_weight() {
    for (view, panel) in [
        (mid_game_view(), mid_game_panel()),
        (flag_taken_view(), panel()),
        (opening_view(), panel()),
    ] {
        let png = render(&view, &panel, None, Language::English);
        assert!(png.len() < 150 * 1024, "{} bytes", png.len());
        let decoded = image::load_from_memory(&png).expect("decodes");
        assert_eq!((decoded.width(), decoded.height()), (WIDTH, HEIGHT));
    }
}

#[test]
fn incremental_palette_lookup_equals_a_full_one() {
    let view = mid_game_view();
    let guide = guide_from_view(&view, sq("C7")).expect("guide");
    for (guide, panel) in [(None, mid_game_panel()), (Some(&guide), panel())] {
        let options = RenderOptions::default();
        let fast = render_png(&view, &panel, guide, &options).expect("renders");
        let image = render_image(&view, &panel, guide, &options).expect("renders");
        let full = encode_png(&image, options.language).expect("encodes");
        // The two encoders compress differently (the board's reuses the background's bits):
        // the palette and every pixel's index must agree.
        assert_eq!(indexed_pixels(&fast), indexed_pixels(&full));
    }
}

/// The palette and the palette index of every pixel of an indexed PNG.
fn indexed_pixels(png: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .expect("a PNG");
    let palette = reader
        .info()
        .palette
        .as_deref()
        .expect("a palette")
        .to_vec();
    let mut indices = vec![0; reader.output_buffer_size().expect("a size")];
    reader.next_frame(&mut indices).expect("decodes");
    (palette, indices)
}

#[test]
fn board_pngs_decode_to_the_drawn_pixels_in_every_language() {
    // One thread renders several boards in a row, so each reuses what the last one drew.
    let opening = opening_view();
    let flag = flag_taken_view();
    let mid = mid_game_view();
    let guide = guide_from_view(&mid, sq("C7")).expect("guide");
    for language in LANGUAGES {
        let options = RenderOptions { language };
        for (view, guide) in [
            (&mid, None),
            (&opening, None),
            (&mid, Some(&guide)),
            (&flag, None),
        ] {
            let png = render_png(view, &mid_game_panel(), guide, &options).expect("renders");
            let image = render_image(view, &mid_game_panel(), guide, &options).expect("renders");
            let decoded = image::load_from_memory(&png).expect("decodes").to_rgb8();
            let expected = image::load_from_memory(&encode_png(&image, language).expect("encodes"))
                .expect("decodes")
                .to_rgb8();
            assert!(decoded == expected, "{language:?}");
            assert!(png.len() <= 110 * 1024, "{} bytes", png.len());
        }
    }
}

#[test]
fn a_game_drawn_board_after_board_decodes_to_the_drawn_pixels() {
    // Early boards are drawn over the opening board (its untouched face-down tiles kept) and
    // later ones over the background; one thread draws them in turn, with the last move's
    // line and a move guide now and then, so each render starts from the last one's leftovers.
    for seed in [3, 8] {
        let mut game = Game::new(seed, Rules::default());
        let options = RenderOptions::default();
        for ply in 0..40 {
            let view = game.view();
            let guide = (ply % 3 == 2)
                .then(|| Square::all().find_map(|square| guide_from_view(&view, square).ok()))
                .flatten();
            let png = render_png(&view, &panel(), guide.as_ref(), &options).expect("renders");
            let image = render_image(&view, &panel(), guide.as_ref(), &options).expect("renders");
            let decoded = image::load_from_memory(&png).expect("decodes").to_rgb8();
            let expected =
                image::load_from_memory(&encode_png(&image, options.language).expect("encodes"))
                    .expect("decodes")
                    .to_rgb8();
            assert!(decoded == expected, "seed {seed}, ply {ply}");
            let legal = game.legal_actions();
            if legal.is_empty() || game.outcome().is_some() {
                break;
            }
            // Moves when there are any, so that lines are drawn under kept tiles' neighbours.
            let moves: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|action| matches!(action, Action::Move { .. }))
                .collect();
            let pool = if moves.is_empty() || ply % 2 == 0 {
                &legal
            } else {
                &moves
            };
            let action = pool[(ply * 7 + seed as usize) % pool.len()];
            game.act(game.to_act(), action).expect("legal");
        }
    }
}

#[test]
fn a_move_line_across_face_down_tiles_lies_under_them() {
    // Drawn over the opening board, most tiles are kept as they lie; the tiles the last
    // move's line passes under must still be drawn over it. A line from corner to corner
    // (not a legal move: the image draws any view) crosses many of them.
    let mut view = Game::new(3, Rules::default()).view();
    let (from, to) = (sq("A1"), sq("E12"));
    let engineer = Piece::new(Colour::Red, Kind::Engineer);
    view.cells[from.index()] = PublicCell::Empty;
    view.cells[to.index()] = PublicCell::Revealed(engineer);
    view.last = Some(LastAction {
        seat: Seat::First,
        action: Action::Move { from, to },
        effect: Effect::Moved(engineer),
    });
    for language in LANGUAGES {
        let options = RenderOptions { language };
        let png = render_png(&view, &panel(), None, &options).expect("renders");
        let image = render_image(&view, &panel(), None, &options).expect("renders");
        let decoded = image::load_from_memory(&png).expect("decodes").to_rgb8();
        let expected = image::load_from_memory(&encode_png(&image, language).expect("encodes"))
            .expect("decodes")
            .to_rgb8();
        assert!(decoded == expected, "{language:?}");
    }
}

fn image_of(view: &PublicView, guide: Option<&Guide>) -> RgbImage {
    render_image(view, &mid_game_panel(), guide, &RenderOptions::default()).expect("renders")
}

/// A pixel inside the station of `square`, clear of the dot and arrow of the last move (the
/// board is drawn row 12 at the top; columns are 100 and rows 62 pixels apart).
fn station_pixel(image: &RgbImage, square: Square) -> [u8; 3] {
    let x = 98 + 100 * square.column() as u32 + 30;
    let from_top = 11 - square.row() as u32;
    let y = 78 + 62 * from_top + if square.row() < 6 { 48 } else { 0 } + 14;
    image.get_pixel(x, y).0
}

#[test]
fn guide_marks_every_reachable_square_and_no_other() {
    let view = mid_game_view();
    let guide = guide_from_view(&view, sq("C7")).expect("guide");
    let plain = image_of(&view, None);
    let guided = image_of(&view, Some(&guide));
    assert!(
        !guide.empty.is_empty() && !guide.attacks.is_empty(),
        "{guide:?}"
    );
    for square in Square::all() {
        let changed = station_pixel(&plain, square) != station_pixel(&guided, square);
        let reachable = guide.empty.contains(square);
        assert_eq!(changed, reachable, "{square}");
    }
}

#[test]
fn guide_matches_the_engine_for_every_revealed_piece() {
    for text in [MID_GAME, FLAG_TAKEN] {
        let position = position(text);
        let view = PublicView::of_position(&position);
        for square in Square::all() {
            let Cell::Revealed(piece) = position.board.cell(square) else {
                continue;
            };
            match guide_from_view(&view, square) {
                Ok(guide) => {
                    let engine = position
                        .board
                        .destinations(piece.colour, square, position.rules);
                    assert_eq!(
                        (guide.empty, guide.attacks),
                        (engine.empty, engine.attacks),
                        "{square}"
                    );
                }
                Err(_) => assert!(!piece.kind.is_movable(), "{square}: {piece}"),
            }
        }
    }
}

#[test]
fn guide_is_refused_for_what_cannot_move() {
    let view = PublicView::of_position(&position(MID_GAME));
    for square in ["C6", "A12", "E3"] {
        assert!(guide_from_view(&view, sq(square)).is_err(), "{square}");
    }
    let view = PublicView::of_position(&position(FLAG_TAKEN));
    assert!(
        guide_from_view(&view, sq("E3")).is_err(),
        "a flag never moves"
    );
}

#[test]
fn last_action_and_turn_change_the_image() {
    let view = mid_game_view();
    let base = image_of(&view, None);
    let mut without_last = view.clone();
    without_last.last = None;
    assert_ne!(base, image_of(&without_last, None));
    let mut other_turn = view.clone();
    other_turn.to_act = Seat::First;
    assert_ne!(base, image_of(&other_turn, None));
}

#[test]
fn text_positions_render_and_bad_ones_explain() {
    let png = render_position_text(
        MID_GAME,
        Some(sq("D4")),
        &Panel::default(),
        &RenderOptions::default(),
    )
    .expect("full position renders");
    assert!(image::load_from_memory(&png).is_ok());
    let public = MID_GAME.replace("?R3", "?").replace(" B 3 64", " - 3 64");
    render_position_text(&public, None, &Panel::default(), &RenderOptions::default())
        .expect("public position renders");
    let error = render_position_text(
        "nonsense",
        None,
        &Panel::default(),
        &RenderOptions::default(),
    )
    .expect_err("refused");
    assert!(!error.to_string().is_empty());
    let error = render_position_text(
        MID_GAME,
        Some(sq("A12")),
        &Panel::default(),
        &RenderOptions::default(),
    )
    .expect_err("no guide for a face-down piece");
    assert!(error.to_string().contains("A12"), "{error}");
}

#[test]
fn names_with_missing_glyphs_and_huge_numbers_still_render() {
    let panel = Panel {
        names: [
            "名字 😀 with a very very long tail".to_string(),
            String::new(),
        ],
        seconds_left: Some(u32::MAX),
        points: Some([i64::MAX, i64::MIN]),
    };
    let mut view = flag_taken_view();
    render(&view, &panel, None, Language::English);
    view.outcome = None;
    render(&view, &panel, None, Language::English);
    let guide = Guide {
        from: sq("A1"),
        empty: SquareSet::ALL,
        attacks: SquareSet::ALL,
    };
    render(&view, &panel, Some(&guide), Language::English);
}

#[test]
fn games_with_different_deals_look_alike_before_any_flip() {
    let mut games = (0..40).map(|seed| Game::new(seed, Rules::default()));
    let first = games.next().expect("a game");
    let twin = games
        .find(|game| game.to_act() == first.to_act())
        .expect("same first seat");
    assert_ne!(first.record(), twin.record(), "different deals");
    let a = render(&first.view(), &panel(), None, Language::English);
    let b = render(&twin.view(), &panel(), None, Language::English);
    assert_eq!(a, b);
}

fn mid_game_hidden_squares() -> Vec<Square> {
    position(MID_GAME).board.face_down().into_iter().collect()
}

/// The mid-game board with the identities of its face-down pieces permuted by `order`.
fn reshuffled(order: &[usize]) -> Position {
    let mut position = position(MID_GAME);
    let hidden = mid_game_hidden_squares();
    let pieces: Vec<Piece> = hidden
        .iter()
        .map(|square| position.board.piece(*square).expect("face-down piece"))
        .collect();
    let mut board: Board = position.board.clone();
    for (square, &from) in hidden.iter().zip(order) {
        board.set(*square, Cell::FaceDown(pieces[from]));
    }
    position.board = board;
    position
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn image_ignores_face_down_identities(
        order in Just((0..mid_game_hidden_squares().len()).collect::<Vec<_>>()).prop_shuffle()
    ) {
        let original = position(MID_GAME);
        let shuffled = reshuffled(&order);
        prop_assume!(original.board != shuffled.board);
        let a = render(&PublicView::of_position(&original), &panel(), None, Language::English);
        let b = render(&PublicView::of_position(&shuffled), &panel(), None, Language::English);
        prop_assert_eq!(a, b);
    }
}

#[test]
fn golden_cjk_and_hangul_names() {
    let panel = Panel {
        seconds_left: Some(17),
        ..Panel::new(["王小明".to_string(), "김민준".to_string()])
    };
    let png = render(&mid_game_view(), &panel, None, Language::ZhHans);
    check_golden("names_cjk", &png);
}

#[test]
fn golden_mid_game_in_simplified_chinese() {
    let png = render(&mid_game_view(), &mid_game_panel(), None, Language::ZhHans);
    check_golden("mid_game_zh_hans", &png);
}

#[test]
fn golden_game_over_in_every_language() {
    let panel = Panel {
        points: Some([3, -3]),
        ..Panel::new(["Ёжик".to_string(), "さくら Renée".to_string()])
    };
    for (language, name) in [
        (Language::English, "game_over_en"),
        (Language::ZhHans, "game_over_zh_hans"),
        (Language::ZhHant, "game_over_zh_hant"),
    ] {
        check_golden(name, &render(&flag_taken_view(), &panel, None, language));
    }
}

#[test]
fn each_language_gives_its_own_image() {
    let images: Vec<RgbImage> = LANGUAGES
        .iter()
        .map(|language| {
            let options = RenderOptions {
                language: *language,
            };
            render_image(&mid_game_view(), &mid_game_panel(), None, &options).expect("renders")
        })
        .collect();
    assert_ne!(images[0], images[1]);
    assert_ne!(images[1], images[2]);
    assert_ne!(images[0], images[2]);
}

#[test]
fn emoji_in_a_name_are_dropped_not_drawn() {
    let plain = Panel::new(["bob the best".to_string(), "王小明".to_string()]);
    let emoji = Panel::new(["bob 😀 the 🐉 best".to_string(), "王小明👍🏽".to_string()]);
    let view = mid_game_view();
    assert_eq!(
        render(&view, &plain, None, Language::English),
        render(&view, &emoji, None, Language::English)
    );
    let nothing = Panel::new(["😀😀".to_string(), "\u{200d}".to_string()]);
    let placeholder = Panel::new(["Player 1".to_string(), "Player 2".to_string()]);
    assert_eq!(
        render(&view, &nothing, None, Language::English),
        render(&view, &placeholder, None, Language::English)
    );
}

/// A finished game, played by its first legal actions and then abandoned.
fn finished_game(seed: u64, plies: u16) -> Game {
    let mut game = Game::new(seed, Rules::default());
    while game.outcome().is_none() && game.plies() < plies {
        let action = game.legal_actions()[0];
        game.act(game.to_act(), action).expect("legal");
    }
    assert!(game.reveal().is_none(), "no reveal before the end");
    game.abandon(Seat::Second).expect("ends the game");
    game
}

#[test]
fn golden_reveal() {
    let game = finished_game(11, 30);
    let reveal = game.reveal().expect("the game is over");
    assert!(!reveal.hidden().is_empty());
    let panel = Panel {
        points: Some([2, -2]),
        ..panel()
    };
    let png = render_reveal_png(&reveal, &panel, &RenderOptions::default()).expect("renders");
    check_golden("reveal", &png);
}

#[test]
fn the_reveal_differs_from_the_final_board_only_where_pieces_were_face_down() {
    let game = finished_game(5, 20);
    let reveal = game.reveal().expect("over");
    let options = RenderOptions::default();
    let plain = render_png(&game.view(), &panel(), None, &options).expect("renders");
    let revealed = render_reveal_png(&reveal, &panel(), &options).expect("renders");
    let plain = image::load_from_memory(&plain).expect("decodes").to_rgb8();
    let revealed = image::load_from_memory(&revealed)
        .expect("decodes")
        .to_rgb8();
    let hidden: Vec<Square> = reveal.hidden().iter().map(|(square, _)| *square).collect();
    for square in Square::all() {
        let changed = station_pixel(&plain, square) != station_pixel(&revealed, square);
        assert_eq!(changed, hidden.contains(&square), "{square}");
    }
}
