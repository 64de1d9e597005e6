//! Tournaments through the service's Rust API, as the Discord front end drives them: who may
//! create and cancel, a rated tournament's games counting on the ladder (and an unrated one's
//! not), rooms of their own for games played side by side, and the announcement edited with
//! the live standings at most once per 5 s (scaled: a "minute" of 1.2 s makes it 100 ms), and
//! the final standings after the result of a game played out once time was up.

use std::time::{Duration, Instant};

use junqi::config::Config;
use junqi::service::{
    Announcement, Caller, Command, GameEvent, Outbound, Reply, Rights, Service, Surface,
    TournamentCommand,
};
use junqi::store::{Place, Store};
use tokio::sync::mpsc::UnboundedReceiver;

pub(crate) const CHANNEL: Place = Place {
    guild: 9,
    channel: 50,
};

pub(crate) fn caller(user: u64) -> Caller {
    Caller {
        user,
        name: format!("p{user}"),
        place: CHANNEL,
    }
}

fn in_room(user: u64, room: Place) -> Caller {
    Caller {
        place: room,
        ..caller(user)
    }
}

pub(crate) async fn start(surface: Surface) -> (Service, UnboundedReceiver<Outbound>, Store) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(&dir.path().join("store"))
        .await
        .expect("open store");
    // The directory goes when the test process ends; the store outlives the service here.
    std::mem::forget(dir);
    let config = Config {
        test_seed: Some(7),
        tournament_minute_ms: 1200,
        ..Config::default()
    };
    let (service, outbound) = Service::start_on(config, store.clone(), surface, None)
        .await
        .expect("start");
    (service, outbound, store)
}

/// `/tournament create` of 翻翻棋 starting at once, for `minutes` with `seconds` per turn.
fn create_for(minutes: u32, seconds: u32, rights: Rights, rated: bool) -> Command {
    Command::Tournament(TournamentCommand::Create {
        minutes,
        seconds,
        starts_in: Some(0),
        rated: Some(rated),
        rights,
        game: junqi::GameKind::Flip,
    })
}

/// An hour's tournament with 30 s per turn.
pub(crate) fn create(rights: Rights, rated: bool) -> Command {
    create_for(60, 30, rights, rated)
}

pub(crate) fn join() -> Command {
    Command::Tournament(TournamentCommand::Join { tournament: None })
}

fn show() -> Command {
    Command::Tournament(TournamentCommand::Show)
}

/// The next message the bot sends on its own that satisfies `wanted`.
pub(crate) async fn next(
    outbound: &mut UnboundedReceiver<Outbound>,
    wanted: impl Fn(&Outbound) -> bool,
) -> Outbound {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let message = tokio::time::timeout(left, outbound.recv())
            .await
            .expect("a message in time")
            .expect("the service runs");
        if wanted(&message) {
            return message;
        }
    }
}

pub(crate) fn begins(message: &Outbound) -> bool {
    message.reply.text().contains("begins")
}

#[tokio::test]
async fn only_organisers_create_and_only_the_creator_or_moderators_cancel() {
    let (service, _outbound, _store) = start(Surface::Discord).await;
    let refused = service
        .handle(caller(1), create(Rights::default(), true))
        .await;
    assert!(refused.private, "{refused:?}");
    assert!(refused.text().contains("Manage Events"), "{refused:?}");
    let nothing = service.handle(caller(1), show()).await;
    assert!(
        nothing.text().contains("no tournament"),
        "nothing was created: {nothing:?}"
    );

    let created = service.handle(caller(1), create(Rights::all(), true)).await;
    assert!(!created.private, "{created:?}");
    assert_eq!(
        created.announcement,
        Some(Announcement::Posted { tournament: 1 })
    );
    let ids: Vec<String> = created.buttons.iter().map(|b| b.id.to_string()).collect();
    assert_eq!(ids, ["tournament:join:1", "tournament:leave:1"]);
    let cancel = |rights| Command::Tournament(TournamentCommand::Cancel { rights });
    let refused = service.handle(caller(2), cancel(Rights::default())).await;
    assert!(
        refused.private && refused.text().contains("p1"),
        "{refused:?}"
    );
    let done = service.handle(caller(2), cancel(Rights::all())).await;
    assert!(done.text().contains("cancels tournament 1"), "{done:?}");
    let again = service.handle(caller(3), join()).await;
    assert!(
        again.private,
        "a cancelled tournament takes nobody: {again:?}"
    );
    service.shutdown().await;
}

#[tokio::test]
async fn games_play_side_by_side_in_rooms_and_rated_ones_count_on_the_ladder() {
    for rated in [true, false] {
        let (service, mut outbound, store) = start(Surface::Console).await;
        service
            .handle(caller(1), create(Rights::all(), rated))
            .await;
        for user in 1..=4 {
            let reply = service.handle(caller(user), join()).await;
            assert!(reply.text().contains("joins"), "{reply:?}");
        }
        let mut starts = [
            next(&mut outbound, begins).await,
            next(&mut outbound, begins).await,
        ];
        // The two starts may come in either order: each is drawn on its own.
        starts.sort_by_key(|start| !start.reply.text().contains("p1 vs p2"));
        let [first, second] = starts;
        assert!(first.reply.text().contains("p1 vs p2"), "{:?}", first.reply);
        assert!(
            second.reply.text().contains("p3 vs p4"),
            "{:?}",
            second.reply
        );
        assert_ne!(first.place, second.place, "each game has a room of its own");
        assert!(first.place != CHANNEL && second.place != CHANNEL);
        let reply = service
            .handle(in_room(2, first.place), Command::Abandon)
            .await;
        assert!(reply.text().contains("abandon"), "{reply:?}");
        next(&mut outbound, begins).await;
        let standings = service.handle(caller(3), show()).await;
        assert!(
            standings.text().contains("1. p1: 2 (1 game)"),
            "{standings:?}"
        );
        service.shutdown().await;
        // An abandon costs the one who left; the winner's rated record counts the game.
        let (winner, loser) = (
            store.player(1).await.expect("p1"),
            store.player(2).await.expect("p2"),
        );
        match rated {
            true => assert!(
                winner.games == 1 && loser.points < 0,
                "{winner:?} {loser:?}"
            ),
            false => assert!(
                winner.games == 0 && winner.unrated_wins == 1 && loser.points == 0,
                "{winner:?} {loser:?}"
            ),
        }
    }
}

fn is_edit(message: &Outbound) -> bool {
    matches!(
        message.reply.announcement,
        Some(Announcement::Standings { .. })
    )
}

#[tokio::test]
async fn the_announcement_is_edited_at_most_once_per_gap_and_shows_the_last_change() {
    let (service, mut outbound, _store) = start(Surface::Discord).await;
    service
        .handle(caller(1), create(Rights::all(), false))
        .await;
    service
        .announcement_posted(1, 777)
        .await
        .expect("remembered");
    // Edits are timed as they arrive, while the members join.
    let collector = tokio::spawn(async move {
        let mut edits = Vec::new();
        let until = tokio::time::Instant::now() + Duration::from_millis(900);
        while let Ok(Some(message)) = tokio::time::timeout_at(until, outbound.recv()).await {
            if is_edit(&message) {
                edits.push((Instant::now(), message));
            }
        }
        edits
    });
    for user in 1..=9 {
        let reply: Reply = service.handle(caller(user), join()).await;
        assert!(reply.text().contains("joins"), "{reply:?}");
    }
    let edits = collector.await.expect("collected");
    assert!(
        (1..=3).contains(&edits.len()),
        "nine joins at once are a few edits, not nine: {}",
        edits.len()
    );
    for pair in edits.windows(2) {
        assert!(
            pair[1].0 - pair[0].0 >= Duration::from_millis(90),
            "edits at least the gap apart"
        );
    }
    let (_, last) = edits.last().expect("an edit");
    assert_eq!(
        last.reply.announcement,
        Some(Announcement::Standings {
            tournament: 1,
            message: Some(777)
        })
    );
    assert!(last.reply.text().contains("9. p9"), "{}", last.reply.text());
    assert_eq!(last.place, CHANNEL);
    service.shutdown().await;
}

/// p1 creates a rated tournament of one (scaled) minute with 1 s turns, and p1 and p2 join.
async fn two_join_a_one_minute_tournament() -> (Service, UnboundedReceiver<Outbound>) {
    let (service, outbound, _store) = start(Surface::Console).await;
    service
        .handle(caller(1), create_for(1, 1, Rights::all(), true))
        .await;
    for user in [1, 2] {
        service.handle(caller(user), join()).await;
    }
    (service, outbound)
}

/// A game still running when time is up is played out, here to the third timeout of the
/// first player, seconds after the deadline: the final standings reach the channel after its
/// result, and count it.
#[tokio::test]
async fn the_final_standings_follow_the_result_of_a_game_played_out_after_time_is_up() {
    let (service, mut outbound) = two_join_a_one_minute_tournament().await;
    let room = next(&mut outbound, begins).await.place;
    let mut said = Vec::new();
    loop {
        let message = next(&mut outbound, |_| true).await;
        let over = message.reply.text().contains("is over");
        // A copy: the message itself is delivered (dropped) here, as a front end would.
        said.push(message.clone());
        if over {
            break;
        }
    }
    let at = |wanted: &dyn Fn(&Outbound) -> bool| said.iter().position(wanted);
    let time_up = at(&|m| m.reply.text().contains("time is up")).expect("time is up");
    let result = at(&|m| matches!(m.reply.event, Some(GameEvent::Ended { .. })))
        .expect("the result comes before the final standings");
    assert!(time_up < result, "the game ended after time was up");
    assert_eq!(said[result].place, room);
    let last = said.last().expect("the final standings");
    assert_eq!(last.place, CHANNEL);
    let text = last.reply.text();
    assert!(
        text.contains("🥇 p2 (2), 🥈 p1 (0)"),
        "the game played out counts: {text}"
    );
    service.shutdown().await;
}

/// A front end still delivering the end of the last game (on Discord: posting it in its thread,
/// then its result in the channel) holds up the final standings: they wait for that delivery,
/// not merely for the hand-over, so they cannot overtake the result where members read it.
#[tokio::test]
async fn the_final_standings_wait_until_the_front_end_has_delivered_the_last_result() {
    let (service, mut outbound) = two_join_a_one_minute_tournament().await;
    let held = next(&mut outbound, |m| {
        matches!(m.reply.event, Some(GameEvent::Ended { .. }))
    })
    .await;
    let early = tokio::time::timeout(
        Duration::from_millis(600),
        next(&mut outbound, |m| m.reply.text().contains("is over")),
    )
    .await;
    assert!(
        early.is_err(),
        "the final standings came while the last result was still being delivered"
    );
    drop(held);
    let last = next(&mut outbound, |m| m.reply.text().contains("is over")).await;
    assert_eq!(last.place, CHANNEL);
    service.shutdown().await;
}
