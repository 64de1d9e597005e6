//! The 四国 board image: golden images of one position as the public sees it (South at the
//! bottom) and as East sees it (East's arm at the bottom, East's pieces and what East's team
//! scouted face up), that the image follows the viewer's view only, and `junqi-bot render
//! --variant siguo` through the real binary. Refresh the goldens with
//! `UPDATE_GOLDEN=1 cargo nextest run -E 'test(siguo_golden)'` and look at them first.

use junqi::config::Language;
use junqi::game::Kind;
use junqi::render::{RenderOptions, SeatLabel, SiguoLastAction, SiguoSheet, render_siguo_png};
use junqi::standard::Preset;
use junqi_rules::siguo::{
    SiguoPiece, SiguoPosition, SiguoReveals, SiguoSeat, SiguoView, SiguoViewMode, SiguoViewer,
};

use crate::cli_render::render;
use crate::render::check_golden;

/// Four classic layouts after `actions` actions picked by a fixed sequence, with the
/// reveals and the last action as the game would hold them.
fn played(actions: usize) -> (SiguoPosition, SiguoReveals, Option<SiguoLastAction>) {
    let classic = Preset::named("classic")
        .expect("the classic preset")
        .layout();
    let mut position = SiguoPosition::new([&classic; 4], SiguoSeat::South);
    let mut reveals = SiguoReveals::default();
    let mut last = None;
    let mut state = 0x2545_f491_u64;
    for _ in 0..actions {
        let legal = position.legal_actions();
        if legal.is_empty() || position.outcome().is_some() {
            break;
        }
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let action = legal[(state >> 33) as usize % legal.len()];
        let (judgement, _) = position.play_unchecked(action);
        reveals.record(&judgement, &position);
        last = Some(SiguoLastAction {
            from: action.from,
            to: action.to,
            attack: judgement.target.is_some(),
        });
    }
    (position, reveals, last)
}

fn sheet(
    position: &SiguoPosition,
    reveals: &SiguoReveals,
    last: Option<SiguoLastAction>,
    viewer: SiguoViewer,
) -> SiguoSheet {
    let names = ["alice", "bob", "carol", "dave"];
    let seats = SiguoSeat::ALL.map(|seat| SeatLabel {
        name: names[seat.index()].to_string(),
        seconds_left: (seat == position.turn).then_some(37),
        out: position.is_out(seat),
    });
    SiguoSheet {
        view: SiguoView::new(position, reveals, SiguoViewMode::Dark, viewer),
        bottom: SiguoSheet::bottom_for(viewer),
        seats,
        last,
    }
}

fn png(sheet: &SiguoSheet, language: Language) -> Vec<u8> {
    render_siguo_png(sheet, &RenderOptions { language }).expect("renders")
}

#[test]
fn siguo_golden_public_and_east_images() {
    let (position, reveals, last) = played(120);
    let public = sheet(&position, &reveals, last, SiguoViewer::Spectator);
    check_golden("siguo_public", &png(&public, Language::English));
    let east = sheet(
        &position,
        &reveals,
        last,
        SiguoViewer::Seat(SiguoSeat::East),
    );
    check_golden("siguo_east_zh_hans", &png(&east, Language::ZhHans));
}

#[test]
fn the_image_shows_only_what_its_viewer_was_shown() {
    let (position, reveals, last) = played(60);
    let viewer = SiguoViewer::Seat(SiguoSeat::East);
    let (post, piece) = position
        .pieces()
        .find(|(post, piece)| {
            piece.seat == SiguoSeat::North
                && piece.kind != Kind::Marshal
                && !reveals
                    .shown_to_team(SiguoSeat::East.team())
                    .contains(*post)
        })
        .expect("a North piece East was not shown");
    let mut changed = position.clone();
    changed.set(post, Some(SiguoPiece::new(piece.seat, Kind::Marshal)));
    let language = Language::English;
    let before = png(&sheet(&position, &reveals, last, viewer), language);
    let after = png(&sheet(&changed, &reveals, last, viewer), language);
    assert_eq!(
        before, after,
        "East's image changed with a piece East never saw"
    );
    let owner = SiguoViewer::Seat(SiguoSeat::North);
    let north_before = png(&sheet(&position, &reveals, last, owner), language);
    let north_after = png(&sheet(&changed, &reveals, last, owner), language);
    assert_ne!(north_before, north_after, "North sees its own piece change");
}

#[test]
fn the_render_command_draws_siguo_positions_per_view() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (position, _, _) = played(30);
    let text = position.to_string();
    let mut images = Vec::new();
    for view in ["S", "e", "public"] {
        let path = dir.path().join(format!("{view}.png"));
        let target = path.to_str().expect("utf-8 path");
        let out = render(&["--variant", "siguo", &text, "--view", view, "-o", target]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let image = image::open(&path).expect("the PNG decodes").to_rgb8();
        assert!(image.width() >= 1000 && image.height() >= 1000);
        images.push(image);
    }
    assert_ne!(images[0], images[1], "South's and East's images differ");
    let never = dir.path().join("never.png");
    let target = never.to_str().expect("utf-8 path");
    for (args, needle) in [
        (
            vec!["--variant", "siguo", text.as_str(), "--view", "red"],
            "S, E, N, W or public",
        ),
        (
            vec!["--variant", "siguo", "S1|nonsense", "--view", "S"],
            "malformed position",
        ),
        (
            vec!["--variant", "siguo", text.as_str(), "--guide", "B3"],
            "--guide",
        ),
    ] {
        let mut args = args;
        args.extend(["-o", target]);
        let out = render(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        assert!(!never.exists(), "nothing written for {args:?}");
    }
}
