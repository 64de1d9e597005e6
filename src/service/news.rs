//! Game news: what the service's parts that follow games (tournaments, the quick-match queue)
//! hear about every game, whoever started it. A new game is told once its actor is registered,
//! a game's end once it is stored as finished with its points (a cancel once it is stored as
//! cancelled), so a watcher that reads the
//! store on hearing the news finds the game there. Each watcher has its own unbounded channel:
//! a slow watcher never loses news nor holds up a game.

use tokio::sync::mpsc::{self, UnboundedReceiver, UnboundedSender};

use super::live::Baton;
use super::{Inner, lock};
use crate::store::{FinishedGame, Place, UserId};

/// One thing that happened to a game.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum GameNews {
    /// Game `game` has started at `place` between `players` (by seat).
    Started {
        game: u64,
        place: Place,
        players: [UserId; 2],
    },
    /// A game has ended and is stored as finished, with this result; its end is shown once
    /// the [`Presented`] is.
    Ended(Box<FinishedGame>, Presented),
    /// Game `game` at `place` was cancelled by a moderator (stored as cancelled): no result.
    Cancelled {
        game: u64,
        place: Place,
        players: [UserId; 2],
    },
}

/// When a game's end has been presented: its result delivered (to the caller who ended it, or
/// to the game's place), and everything its actor decided before. The news of the end comes
/// at once, so a tournament counts the game at once; what must follow the result where
/// members read it (a tournament's final standings) waits for this.
#[derive(Clone)]
pub(super) struct Presented {
    /// The game's baton: its presenter holds it until it has delivered everything and ended,
    /// which it does once the ended actor is gone.
    baton: Baton,
}

impl Presented {
    pub(super) fn after(baton: &Baton) -> Presented {
        Presented {
            baton: baton.clone(),
        }
    }

    /// Resolves once the end has been presented.
    pub(super) async fn wait(&self) {
        // Never closed; taken and let go at once.
        let _delivered = self.baton.acquire().await;
    }
}

/// The same game's presentation.
impl PartialEq for Presented {
    fn eq(&self, other: &Presented) -> bool {
        std::sync::Arc::ptr_eq(&self.baton, &other.baton)
    }
}

impl std::fmt::Debug for Presented {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Presented")
    }
}

/// The channels of every watcher.
#[derive(Default)]
pub(super) struct Watchers {
    senders: std::sync::Mutex<Vec<UnboundedSender<GameNews>>>,
}

impl Inner {
    /// A receiver of every piece of game news from now on.
    pub(super) fn watch_games(&self) -> UnboundedReceiver<GameNews> {
        let (sender, receiver) = mpsc::unbounded_channel();
        lock(&self.watchers.senders).push(sender);
        receiver
    }

    /// Tells every watcher; one that stopped listening is dropped.
    pub(super) fn tell_watchers(&self, news: GameNews) {
        lock(&self.watchers.senders).retain(|sender| sender.send(news.clone()).is_ok());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::service::{Caller, Command, Member, Opponent, Service};
    use crate::store::Store;

    fn caller(user: UserId, name: &str) -> Caller {
        Caller {
            user,
            name: name.into(),
            place: Place {
                guild: 1,
                channel: 2,
            },
        }
    }

    #[tokio::test]
    async fn a_watcher_hears_a_game_start_and_its_stored_end() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let store = Store::open(&dir.path().join("store"))
            .await
            .expect("a new store");
        let (service, _outbound) = Service::start(Config::default(), store.clone())
            .await
            .expect("the service starts");
        let mut news = service.inner.watch_games();
        let (alice, bob) = (caller(11, "alice"), caller(12, "bob"));
        let opponent = Opponent::Member(Member {
            user: 12,
            name: "bob".into(),
        });
        let challenge = Command::Challenge {
            opponent,
            seconds: None,
            game: crate::GameKind::Flip,
        };
        service.handle(alice.clone(), challenge).await;
        service
            .handle(bob.clone(), Command::Accept { challenge: None })
            .await;
        let Some(GameNews::Started {
            game,
            place,
            players,
        }) = news.recv().await
        else {
            panic!("the start comes first");
        };
        assert_eq!((place, players), (alice.place, [11, 12]));
        service.handle(bob, Command::Abandon).await;
        let Some(GameNews::Ended(finished, _)) = news.recv().await else {
            panic!("then the end");
        };
        assert_eq!(finished.game.id, game);
        let stored = store.finished_game(game).await.expect("readable");
        assert_eq!(stored.as_ref(), Some(finished.as_ref()));
        service.shutdown().await;
    }
}
