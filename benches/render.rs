//! Render + PNG encode of a mid-game board: `cargo bench --bench render`.

use criterion::{Criterion, criterion_group, criterion_main};
use junqi::game::{Position, PublicView};
use junqi::render::{Panel, RenderOptions, encode_png, render_image, render_png};

const MID_GAME: &str = "?R3,?BF,.,?RM,?B2/R7,?B5,B4,.,?R1/?BM,.,?R6,B1,?B9/?R4,.,R8,?BX,./\
.,B6,?RX,.,?B3/?R2,.,BX,.,R5/?B7,R9,.,?R3,?BM/.,.,?B2,.,?R2/?RM,R1,.,B8,?B1/\
?B4,.,?R5,R2,?RF/?B3,B7,?R7,.,?BM/?R1,?B1,.,?R4,B2 B 3 64";

fn bench(c: &mut Criterion) {
    let position = MID_GAME.parse::<Position>().expect("bench position parses");
    let view = PublicView::of_position(&position);
    let panel = Panel {
        seconds_left: Some(17),
        ..Panel::new(["alice".to_string(), "bob".to_string()])
    };
    let options = RenderOptions::default();
    let png = render_png(&view, &panel, None, &options).expect("renders");
    eprintln!(
        "mid-game PNG: {} bytes ({} KB)",
        png.len(),
        png.len() / 1024
    );
    c.bench_function("render_png mid-game", |b| {
        b.iter(|| render_png(&view, &panel, None, &options).expect("renders"))
    });
    c.bench_function("render_image mid-game (no encode)", |b| {
        b.iter(|| render_image(&view, &panel, None, &options).expect("renders"))
    });
    let image = render_image(&view, &panel, None, &options).expect("renders");
    c.bench_function("encode_png mid-game", |b| {
        b.iter(|| encode_png(&image).expect("encodes"))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
