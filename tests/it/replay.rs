//! The replay files of a finished game: the GIF's frames are the renderer's boards after 0, 1,
//! … N actions and then the reveal (decoded pixels compared); the size cap leaves frames out
//! and then refuses; the record file replays with the real `junqi-bot apply --record` to the
//! game's final position, and a tampered record is refused.

use std::process::Command;

use junqi::config::Language;
use junqi::game::{
    Game, PublicView, RevealedView, Rules, Seat, TIMEOUT_LINE, check_record_file, write_record_file,
};
use junqi::render::{
    Panel, RenderError, ReplayOptions, encode_png, render_image, render_replay_gif,
    render_reveal_png,
};

/// A real game of `actions` random legal actions (xorshift from `seed`), with a timeout after
/// the 5th, then abandoned by the first seat if the rules have not ended it.
fn random_game(seed: u64, actions: usize) -> (Game, Vec<PublicView>) {
    let mut game = Game::new(seed, Rules::default());
    let mut views = vec![game.view()];
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    while game.outcome().is_none() && views.len() <= actions {
        let legal = game.legal_actions();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let action = legal[(state % legal.len() as u64) as usize];
        game.act(game.to_act(), action).expect("a legal action");
        views.push(game.view());
        if views.len() == 6 {
            game.timeout()
                .expect("a first timeout does not end the game");
        }
    }
    if game.outcome().is_none() {
        game.abandon(Seat::First).expect("abandoning ends the game");
    }
    (game, views)
}

fn panel() -> Panel {
    Panel {
        points: Some([-12, 12]),
        ..Panel::new(["alice".to_string(), "bob".to_string()])
    }
}

fn options(size_cap: Option<usize>) -> ReplayOptions {
    ReplayOptions {
        language: Language::ZhHans,
        speed: 4,
        size_cap,
    }
}

/// A decoded GIF: every frame composited over the ones before, as RGB, with its delay.
fn decode_gif(bytes: &[u8]) -> Vec<(Vec<u8>, u16)> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options
        .read_info(std::io::Cursor::new(bytes))
        .expect("a GIF");
    let palette = decoder.global_palette().expect("a global palette").to_vec();
    let width = decoder.width() as usize;
    let mut screen = vec![0u8; width * decoder.height() as usize];
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        let rect_width = frame.width as usize;
        for (i, index) in frame.buffer.iter().enumerate() {
            if Some(*index) == frame.transparent {
                continue;
            }
            let x = frame.left as usize + i % rect_width;
            let y = frame.top as usize + i / rect_width;
            screen[y * width + x] = *index;
        }
        let rgb = screen
            .iter()
            .flat_map(|index| {
                let at = *index as usize * 3;
                [palette[at], palette[at + 1], palette[at + 2]]
            })
            .collect();
        frames.push((rgb, frame.delay));
    }
    frames
}

fn png_pixels(png: &[u8]) -> Vec<u8> {
    image::load_from_memory(png)
        .expect("a PNG")
        .to_rgb8()
        .into_raw()
}

/// The board the renderer draws for `view`, in the palette the GIF uses.
fn board_pixels(view: &PublicView) -> Vec<u8> {
    let render = junqi::render::RenderOptions {
        language: Language::ZhHans,
    };
    let image = render_image(view, &panel(), None, &render).expect("renders");
    png_pixels(&encode_png(&image, render.language).expect("encodes"))
}

fn reveal_pixels(reveal: &RevealedView) -> Vec<u8> {
    let render = junqi::render::RenderOptions {
        language: Language::ZhHans,
    };
    png_pixels(&render_reveal_png(reveal, &panel(), &render).expect("renders"))
}

#[test]
fn frame_n_is_the_board_after_n_actions_and_the_last_is_the_reveal() {
    let (game, views) = random_game(11, 40);
    let reveal = game.reveal().expect("the game is over");
    let gif = render_replay_gif(&views, &reveal, &panel(), &options(None)).expect("renders");
    let frames = decode_gif(&gif.bytes);
    // Like a board PNG, the replay says which language its words are drawn in.
    assert_eq!(
        junqi::render::language_of_image(&gif.bytes),
        Some(Language::ZhHans)
    );
    let actions = views.len() - 1;
    assert_eq!(actions, 40);
    assert_eq!(frames.len(), actions + 2);
    assert_eq!(gif.frames, actions + 2);
    assert_eq!(gif.step, 1);
    for (n, view) in views.iter().enumerate() {
        assert!(
            frames[n].0 == board_pixels(view),
            "frame {n} differs from the board after {n} actions"
        );
    }
    assert!(
        frames[actions + 1].0 == reveal_pixels(&reveal),
        "the reveal"
    );
    assert!(
        frames[actions].0 != frames[actions + 1].0,
        "the reveal shows more"
    );
    // 4 actions a second: 25 cs a frame, with pauses on the first and last.
    assert_eq!(frames[1].1, 25);
    assert!(frames[0].1 > 25 && frames[actions + 1].1 > 25);
    let total: u64 = frames.iter().map(|(_, delay)| u64::from(*delay)).sum();
    assert_eq!(total, gif.duration_cs);
}

#[test]
fn the_size_cap_leaves_frames_out_then_refuses() {
    let (game, views) = random_game(5, 60);
    let reveal = game.reveal().expect("the game is over");
    let full = render_replay_gif(&views, &reveal, &panel(), &options(None)).expect("renders");
    let cap = full.bytes.len() / 2;
    let capped = render_replay_gif(&views, &reveal, &panel(), &options(Some(cap))).expect("fits");
    assert!(capped.bytes.len() <= cap, "{} > {cap}", capped.bytes.len());
    assert!(capped.step > 1 && capped.frames < full.frames);
    let frames = decode_gif(&capped.bytes);
    assert_eq!(frames.len(), capped.frames);
    // The opening, the last position and the reveal are always there.
    assert!(frames[0].0 == board_pixels(&views[0]));
    assert!(frames[frames.len() - 2].0 == board_pixels(&views[views.len() - 1]));
    assert!(frames[frames.len() - 1].0 == reveal_pixels(&reveal));
    // Kept frames last as long as the actions they stand for: the same length of film.
    assert_eq!(capped.duration_cs, full.duration_cs);

    let refused = render_replay_gif(&views, &reveal, &panel(), &options(Some(1000)));
    match refused {
        Err(RenderError::TooLarge { bytes, cap }) => assert!(bytes > cap && cap == 1000),
        other => panic!("expected TooLarge, got {:?}", other.map(|gif| gif.frames)),
    }
}

fn apply_record(text: &str) -> std::process::Output {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("game.txt");
    std::fs::write(&path, text).expect("write the record");
    Command::new(env!("CARGO_BIN_EXE_junqi-bot"))
        .arg("apply")
        .arg("--record")
        .arg(&path)
        .output()
        .expect("run junqi-bot apply")
}

#[test]
fn the_record_file_replays_with_apply_to_the_final_position() {
    let names = ["alice".to_string(), "bob".to_string()];
    for (seed, actions) in [(11, 40), (3, 120), (8, 400)] {
        let (game, _) = random_game(seed, actions);
        let text = write_record_file(game.record(), &names, "a test game").expect("writes");
        assert!(text.lines().any(|line| line.starts_with(TIMEOUT_LINE)));
        let position = game.position().expect("colours were decided");
        let output = apply_record(&text);
        assert!(output.status.success(), "{output:?}");
        let stdout = String::from_utf8(output.stdout).expect("UTF-8");
        let mut lines = stdout.lines();
        assert_eq!(lines.next(), Some(position.to_string().as_str()), "{text}");
        let (checked, _) = check_record_file(&text).expect("checks");
        assert_eq!(checked, position);
    }
}

#[test]
fn a_tampered_record_is_refused() {
    let names = ["alice".to_string(), "bob".to_string()];
    let (game, _) = random_game(11, 40);
    let text = write_record_file(game.record(), &names, "a test game").expect("writes");
    // Claim a different piece for the first flip.
    let lines: Vec<&str> = text.lines().collect();
    let first_action = lines
        .iter()
        .position(|line| line.starts_with("flip "))
        .expect("a flip");
    let (action, note) = lines[first_action].split_once('#').expect("a note");
    let forged = if note.trim() == "R9" { "B9" } else { "R9" };
    let mut tampered: Vec<String> = lines.iter().map(|line| line.to_string()).collect();
    tampered[first_action] = format!("{action}# {forged}");
    let output = apply_record(&(tampered.join("\n") + "\n"));
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("the record says"), "{stderr}");
    // No starting position at all is malformed.
    let output = apply_record("# nothing here\n");
    assert_eq!(output.status.code(), Some(2), "{output:?}");
}
