//! `/cancel` through the service's Rust API: who may cancel (Manage Messages or the server's
//! organiser role, never a player of the game, never a moderator of another server), and a
//! cancelled tournament game: both players pinged where it was played, counted for neither in
//! the tournament nor on the ladder, and paired again.

use crate::tournament_service::{CHANNEL, begins, caller, next, start};

use junqi::service::{Caller, Command, GameEvent, Rights, Surface, TournamentCommand};
use junqi::store::Place;

fn cancel(game: u64, rights: Rights) -> Command {
    Command::Cancel {
        game,
        reason: "  stuck \n for an hour ".into(),
        rights,
    }
}

fn moderator() -> Rights {
    Rights {
        manage_messages: true,
        ..Rights::default()
    }
}

#[tokio::test]
async fn a_cancelled_tournament_game_counts_for_neither_player_and_they_play_again() {
    let (service, mut outbound, store) = start(Surface::Console).await;
    let create = Command::Tournament(TournamentCommand::Create {
        minutes: 60,
        seconds: 30,
        starts_in: Some(0),
        rated: Some(true),
        rights: Rights::all(),
        game: junqi::GameKind::Flip,
    });
    service.handle(caller(1), create).await;
    for user in [1, 2] {
        let join = Command::Tournament(TournamentCommand::Join { tournament: None });
        service.handle(caller(user), join).await;
    }
    let room = next(&mut outbound, begins).await.place;
    let game = store
        .live_game_at(room)
        .await
        .expect("read")
        .expect("live")
        .id;

    // Nobody without the right, nobody from another server, and not a player of the game.
    let refused = service
        .handle(caller(7), cancel(game, Rights::default()))
        .await;
    assert!(
        refused.private && refused.text().contains("Manage Messages"),
        "{refused:?}"
    );
    let elsewhere = Caller {
        place: Place {
            guild: 10,
            channel: 1,
        },
        ..caller(7)
    };
    let foreign = service.handle(elsewhere, cancel(game, moderator())).await;
    assert!(foreign.text().contains("no live game"), "{foreign:?}");
    let own = service.handle(caller(2), cancel(game, Rights::all())).await;
    assert!(own.text().contains("/abandon"), "{own:?}");
    assert!(
        store.live_game(game).await.expect("read").is_some(),
        "still live"
    );

    let done = service.handle(caller(7), cancel(game, moderator())).await;
    assert!(
        done.private,
        "the moderator is answered privately: {done:?}"
    );
    let notice = next(&mut outbound, |m| {
        m.reply.text().contains("cancelled by p7")
    })
    .await;
    assert_eq!(notice.place, room, "told where the game was played");
    assert_eq!(notice.reply.mentions, vec![1, 2]);
    assert_eq!(notice.reply.event, Some(GameEvent::Ended { game }));
    assert!(
        notice
            .reply
            .text()
            .contains("cancelled by p7: stuck for an hour"),
        "{:?}",
        notice.reply
    );
    let stored = store
        .cancelled_game(game)
        .await
        .expect("read")
        .expect("cancelled");
    assert_eq!(
        (stored.by, stored.reason.as_str()),
        (7, "stuck for an hour")
    );

    // Free again, the two are paired for a new game; neither scored in the tournament.
    let again = next(&mut outbound, begins).await;
    assert!(again.reply.text().contains("p1 vs p2") || again.reply.text().contains("p2 vs p1"));
    let show = Command::Tournament(TournamentCommand::Show);
    let standings = service.handle(caller(3), show).await;
    assert!(!standings.text().contains("1 game"), "{standings:?}");
    for user in [1, 2] {
        let stats = store.player(user).await.expect("read");
        assert_eq!(
            (stats.games, stats.points, stats.unrated_games()),
            (0, 0, 0)
        );
    }
    service.shutdown().await;
}

#[tokio::test]
async fn the_organiser_role_may_cancel_too() {
    let (service, _outbound, store) = start(Surface::Console).await;
    let set = Command::Settings {
        rights: Rights::all(),
        changes: vec![("organiser_role".into(), "77".into())],
    };
    service.handle(caller(9), set).await;
    let challenge = Command::Challenge {
        opponent: junqi::service::Opponent::Member(junqi::service::Member {
            user: 2,
            name: "p2".into(),
        }),
        seconds: None,
        game: junqi::GameKind::Flip,
    };
    service.handle(caller(1), challenge).await;
    service
        .handle(caller(2), Command::Accept { challenge: None })
        .await;
    let game = store
        .live_game_at(CHANNEL)
        .await
        .expect("read")
        .expect("live")
        .id;
    let organiser = Rights {
        roles: vec![77],
        ..Rights::default()
    };
    let notice = service.handle(caller(5), cancel(game, organiser)).await;
    assert!(
        !notice.private,
        "played here: the notice is the answer: {notice:?}"
    );
    assert_eq!(notice.mentions, vec![1, 2]);
    let over = service.handle(caller(5), cancel(game, moderator())).await;
    assert!(over.text().contains("already over"), "{over:?}");
    service.shutdown().await;
}
