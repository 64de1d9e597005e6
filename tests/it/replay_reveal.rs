//! Only the end reveals anything: through the service's Rust API, every board image sent while
//! a game is on is byte for byte the image drawn from the public view alone, and the message
//! that ends the game carries the reveal (the face-down pieces of the stored deal face up).

use junqi::config::Config;
use junqi::game::{Action, Game, PublicView, Rules, Seat};
use junqi::render::{Panel, RenderOptions, render_png, render_reveal_png};
use junqi::service::{Caller, Command, Member, Opponent, Reply, Service};
use junqi::store::{Place, Store};

const SEED: u64 = 7;

fn caller(user: u64) -> Caller {
    Caller {
        user,
        name: format!("p{user}"),
        place: Place {
            guild: 9,
            channel: 1,
        },
    }
}

fn names() -> [String; 2] {
    ["p1".to_string(), "p2".to_string()]
}

/// The user in `seat`: the challenger (1) sits first.
fn user_of(seat: Seat) -> u64 {
    match seat {
        Seat::First => 1,
        Seat::Second => 2,
    }
}

/// Whether `png` is the public board of `view` with the clock showing any of the last few
/// seconds of a 30-second turn.
fn is_public_board(png: &[u8], view: &PublicView) -> bool {
    (20..=30).any(|seconds| {
        let panel = Panel {
            seconds_left: Some(seconds),
            ..Panel::new(names())
        };
        render_png(view, &panel, None, &RenderOptions::default()).expect("renders") == png
    })
}

/// A legal action that neither ends the game nor repeats, flips first then moves.
fn next_action(game: &Game) -> Action {
    let seat = game.to_act();
    game.legal_actions()
        .into_iter()
        .filter(|action| !game.would_repeat(seat, *action))
        .find(|action| {
            let mut next = game.clone();
            next.act(seat, *action).is_ok() && next.outcome().is_none()
        })
        .expect("a quiet action exists")
}

fn png_of(reply: &Reply) -> &[u8] {
    reply.png.as_deref().expect("a board image")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_hidden_shows_before_the_end_and_the_end_shows_the_reveal() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path()).await.expect("open store");
    let config = Config {
        test_seed: Some(SEED),
        ..Config::default()
    };
    let (service, _outbound) = Service::start(config, store).await.expect("start");
    let challenge = Command::Challenge {
        opponent: Opponent::Member(Member {
            user: 2,
            name: "p2".to_string(),
        }),
        seconds: None,
        game: junqi::GameKind::Flip,
    };
    service.handle(caller(1), challenge).await;
    let begun = service
        .handle(caller(2), Command::Accept { challenge: None })
        .await;
    let mut game = Game::new(SEED, Rules::default());
    assert!(is_public_board(png_of(&begun), &game.view()));

    for _ in 0..30 {
        let seat = game.to_act();
        let action = next_action(&game);
        game.act(seat, action).expect("legal");
        let command = match action {
            Action::Flip(square) => Command::Flip(square),
            Action::Move { from, to } => Command::Move { from, to },
        };
        let reply = service.handle(caller(user_of(seat)), command).await;
        assert!(!reply.private, "{reply:?}");
        assert!(
            is_public_board(png_of(&reply), &game.view()),
            "the image after action {} is not the public board",
            game.plies()
        );
        let board = service.handle(caller(3), Command::Board).await;
        if let Some(png) = &board.png {
            assert!(is_public_board(png, &game.view()));
        }
    }

    let ended = service.handle(caller(1), Command::Abandon).await;
    game.abandon(Seat::First).expect("abandon");
    let reveal = game.reveal().expect("the game is over");
    assert!(
        !reveal.hidden().is_empty(),
        "some pieces were never flipped"
    );
    let png = png_of(&ended);
    assert!(!is_public_board(png, &game.view()), "the end shows more");
    // The points depend on the base score of the pair (1 for a first game) and are 0 when
    // the game is unrated.
    let mut points: Vec<[i64; 2]> = (1..=4)
        .map(|base| junqi::scoring::points_for(&game.view(), base))
        .collect();
    points.push([0, 0]);
    let is_reveal = points.iter().any(|points| {
        (20..=30).any(|seconds| {
            let panel = Panel {
                seconds_left: Some(seconds),
                points: Some(*points),
                ..Panel::new(names())
            };
            render_reveal_png(&reveal, &panel, &RenderOptions::default()).expect("renders") == png
        })
    });
    assert!(is_reveal, "the last message carries the reveal");
    service.shutdown().await;
}
