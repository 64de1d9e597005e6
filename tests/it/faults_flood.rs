//! A repeated `/board` at one position draws nothing: the game's last picture is sent again
//! (the metrics count every drawing).

use junqi::config::Config;
use junqi::service::{Caller, Command, Member, Opponent, Service};
use junqi::store::{Place, Store};

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

fn drawings() -> u64 {
    junqi::ops::metrics::render_text(0)
        .lines()
        .find_map(|line| line.strip_prefix("junqi_render_seconds_count "))
        .and_then(|value| value.trim().parse().ok())
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seven_boards_at_one_position_draw_at_most_once_per_clock_second() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path()).await.expect("store");
    let config = Config {
        test_seed: Some(7),
        ..Config::default()
    };
    let (service, _outbound) = Service::start(config, store).await.expect("start");
    let challenge = Command::Challenge {
        opponent: Opponent::Member(Member {
            user: 2,
            name: "p2".into(),
        }),
        seconds: Some(3600),
        game: junqi::GameKind::Flip,
    };
    service.handle(caller(1), challenge).await;
    let started = service
        .handle(caller(2), Command::Accept { challenge: None })
        .await;
    assert!(started.text().contains("begins"), "{started:?}");
    let before = drawings();
    let mut pictures = Vec::new();
    for _ in 0..7 {
        let reply = service.handle(caller(1), Command::Board).await;
        pictures.push(reply.png.expect("a board image"));
    }
    let drawn = drawings() - before;
    println!("fault flood: 7 /board at one position drew {drawn}");
    // The panel's clock shows whole seconds: a second boundary inside the loop draws once more.
    assert!(drawn <= 2, "{drawn} drawings for 7 boards");
    let distinct: std::collections::HashSet<&Vec<u8>> = pictures.iter().collect();
    assert_eq!(
        distinct.len() as u64,
        drawn.max(1),
        "each drawing sent until it changed"
    );
    // After an action the board is drawn anew: the cache never shows an old position.
    let game = junqi::game::Game::new(7, junqi::game::Rules::default());
    let flip = game
        .legal_actions()
        .into_iter()
        .find_map(|action| match action {
            junqi::game::Action::Flip(square) => Some(square),
            junqi::game::Action::Move { .. } => None,
        })
        .expect("a flip");
    let seat = if game.to_act() == junqi::game::Seat::First {
        1
    } else {
        2
    };
    let played = service.handle(caller(seat), Command::Flip(flip)).await;
    assert!(!played.private, "{played:?}");
    let after = service.handle(caller(1), Command::Board).await;
    let after = after.png.expect("a board image");
    assert!(!pictures.contains(&after), "a new position, a new picture");
    service.shutdown().await;
}
