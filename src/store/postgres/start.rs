//! Starting a game on PostgreSQL: numbering and storing a new live game, and accepting a
//! challenge, each one transaction whose statements are pipelined. A game start is the busiest
//! write after an action, and every round trip it saves is one the whole bot waits on less.

use deadpool_postgres::{GenericClient, Transaction};

use super::games::name_players;
use super::{PgStore, Table, decode_rows, pipelined, quarantine, sql_id};
use crate::store::codec::{self, pair_key_users};
use crate::store::error::StoreError;
use crate::store::records::{Challenge, FinishedGame, LiveGame, UserId};

/// The advisory lock that serialises game numbering across processes (any fixed key).
const GAME_NUMBERING_LOCK: i64 = 0x6a75_6e71_6900;

impl PgStore {
    /// Records the players' names (and that they were seen in the game's guild), numbers the
    /// new live game and stores it, in one transaction: the number is one more than any stored
    /// game's, taken under a lock every process shares, so numbers are sequential and a start
    /// that fails (or a crash) leaves no gap. The lock is taken after the players' rows, so
    /// starts wait on each other only for the numbering, the insert and the commit. Committed
    /// on return.
    pub fn start_live_game<'a>(
        &'a self,
        game: &'a LiveGame,
    ) -> impl Future<Output = Result<LiveGame, StoreError>> + 'a {
        // Handed on without a future of its own: a game start is deep in the futures of a
        // command already.
        self.start_leaving_queue(game, Vec::new())
    }

    /// [`PgStore::start_live_game`] for a quick-match pair, whose queue entries go in the same
    /// transaction: a start that fails, or whose connection drops before the commit, leaves
    /// both members waiting in the table for the next pairing, in this process or after a
    /// restart. Committed on return.
    pub fn start_queued_game<'a>(
        &'a self,
        game: &'a LiveGame,
        players: [UserId; 2],
    ) -> impl Future<Output = Result<LiveGame, StoreError>> + 'a {
        self.start_leaving_queue(game, players.map(sql_id).to_vec())
    }

    /// Starts `game` and takes `leaving` out of the queue, in one transaction.
    async fn start_leaving_queue(
        &self,
        game: &LiveGame,
        leaving: Vec<i64>,
    ) -> Result<LiveGame, StoreError> {
        self.with_players_readable(game.players, || {
            let (game, leaving) = (game.clone(), leaving.clone());
            self.run(|pool| async move {
                let mut client = pool.get().await?;
                let tx = client.transaction().await?;
                name_players(&tx, &named(&game), game.place.guild).await?;
                if !leaving.is_empty() {
                    tx.execute("DELETE FROM queue WHERE user_id = ANY($1)", &[&leaving])
                        .await?;
                }
                let game = number_and_insert(&tx, game).await?;
                tx.commit().await?;
                Ok(game)
            })
        })
        .await
    }

    /// Takes challenge `id` and starts the game `make` makes of it (given the last finished game
    /// between `players`, for the base score), in one transaction: the challenge is gone exactly
    /// when the game is stored, and a failed start leaves it open. `None` when the challenge
    /// was already taken. Only names that changed since the challenge was opened are written.
    /// Committed on return.
    pub async fn accept_challenge<F>(
        &self,
        id: u64,
        players: [UserId; 2],
        make: F,
    ) -> Result<Option<LiveGame>, StoreError>
    where
        F: Fn(Challenge, Option<&FinishedGame>) -> LiveGame + Send + Sync + 'static,
    {
        let make = &make;
        self.with_players_readable(players, || {
            self.run(move |pool| async move {
                let mut client = pool.get().await?;
                let tx = client.transaction().await?;
                let (challenge, last) = match take_with_last_game(&tx, id, players).await? {
                    Taken::Open(challenge, last) => (*challenge, last),
                    Taken::Gone => return Ok(None),
                    Taken::Quarantined => {
                        tx.commit().await?;
                        return Ok(None);
                    }
                };
                let game = make(challenge.clone(), last.as_deref());
                let renamed: Vec<(UserId, &str)> = named(&game)
                    .into_iter()
                    .filter(|pair| !challenge.players_named().contains(pair))
                    .collect();
                if !renamed.is_empty() {
                    name_players(&tx, &renamed, game.place.guild).await?;
                }
                let game = number_and_insert(&tx, game).await?;
                tx.commit().await?;
                Ok(Some(game))
            })
        })
        .await
    }
}

fn named(game: &LiveGame) -> Vec<(UserId, &str)> {
    game.players
        .iter()
        .zip(&game.names)
        .map(|(user, name)| (*user, name.as_str()))
        .collect()
}

/// What [`take_with_last_game`] found.
enum Taken {
    /// The challenge (deleted in the transaction) and the players' last finished game.
    Open(Box<Challenge>, Option<Box<FinishedGame>>),
    /// Someone took it first.
    Gone,
    /// It could not be decoded and was moved to the quarantine: commit that, start nothing.
    Quarantined,
}

/// Deletes challenge `id` and reads the last finished game between `players`, in one round
/// trip.
async fn take_with_last_game(
    tx: &Transaction<'_>,
    id: u64,
    players: [UserId; 2],
) -> Result<Taken, StoreError> {
    let take = tx
        .prepare_cached("DELETE FROM challenges WHERE id = $1 RETURNING record")
        .await?;
    let last = tx
        .prepare_cached(
            "SELECT id, record FROM finished_games WHERE low_user = $1 AND high_user = $2 \
             ORDER BY seq DESC LIMIT 1",
        )
        .await?;
    let (low, high) = pair_key_users(players[0], players[1]);
    let (key, low, high) = (sql_id(id), sql_id(low), sql_id(high));
    let mut answers = pipelined(tx, &[(&take, &[&key]), (&last, &[&low, &high])]).await?;
    let last_rows = answers.pop().unwrap_or_default();
    let Some(row) = answers.pop().and_then(|rows| rows.into_iter().next()) else {
        return Ok(Taken::Gone);
    };
    let raw: Vec<u8> = row.get(0);
    let challenge = match codec::decode(&raw) {
        Ok(challenge) => challenge,
        Err(reason) => {
            quarantine(tx, Table::Challenges, key, &raw, &reason).await?;
            return Ok(Taken::Quarantined);
        }
    };
    let last = decode_rows(tx, Table::FinishedGames, last_rows)
        .await?
        .pop();
    Ok(Taken::Open(Box::new(challenge), last.map(Box::new)))
}

/// Numbers `game` one above every stored game under the numbering lock and inserts it inside
/// `tx`; refused when its channel has a live game.
async fn number_and_insert(
    tx: &Transaction<'_>,
    mut game: LiveGame,
) -> Result<LiveGame, StoreError> {
    let (guild, channel) = (sql_id(game.place.guild), sql_id(game.place.channel));
    let busy = tx
        .prepare_cached("SELECT id FROM live_games WHERE guild = $1 AND channel = $2 FOR UPDATE")
        .await?;
    let numbering = tx
        .prepare_cached("SELECT pg_advisory_xact_lock($1)")
        .await?;
    // Both read after the lock is granted (each statement sees what committed before it
    // runs), so no other start can slip in between.
    let highest = tx
        .prepare_cached(
            "SELECT greatest((SELECT coalesce(max(id), 0) FROM live_games), \
             (SELECT coalesce(max(id), 0) FROM finished_games), \
             (SELECT coalesce(max(id), 0) FROM cancelled_games))",
        )
        .await?;
    let answers = pipelined(
        tx,
        &[
            (&numbering, &[&GAME_NUMBERING_LOCK]),
            (&busy, &[&guild, &channel]),
            (&highest, &[]),
        ],
    )
    .await?;
    if let Some(row) = answers.get(1).and_then(|rows| rows.first()) {
        return Err(StoreError::PlaceBusy {
            guild: game.place.guild,
            channel: game.place.channel,
            existing: super::from_sql_id(row.get(0)),
        });
    }
    let highest = answers
        .get(2)
        .and_then(|rows| rows.first())
        .map_or(0, |row| row.get::<_, i64>(0));
    // Higher than every stored game's number, so no finished game can have it.
    game.id = super::from_sql_id(highest).saturating_add(1);
    let value = codec::encode("live game", &game)?;
    let insert = tx
        .prepare_cached(
            "INSERT INTO live_games (id, guild, channel, record) VALUES ($1, $2, $3, $4)",
        )
        .await?;
    tx.execute(&insert, &[&sql_id(game.id), &guild, &channel, &value])
        .await?;
    Ok(game)
}
