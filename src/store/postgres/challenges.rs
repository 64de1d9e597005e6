//! Open challenges on PostgreSQL: numbered, with their players' names, in one transaction;
//! taken by exactly one process.

use super::games::name_players;
use super::{PgStore, Table, decode_rows, from_sql_id, quarantine, sql_id};
use crate::store::codec;
use crate::store::error::StoreError;
use crate::store::records::{Challenge, Place, UserId};

const PUT_CHALLENGE: &str = "INSERT INTO challenges (id, guild, channel, record) \
     VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO UPDATE SET guild = EXCLUDED.guild, \
     channel = EXCLUDED.channel, record = EXCLUDED.record";

impl PgStore {
    /// Numbers a new challenge, records its players' names (and that they were seen in its
    /// guild) and stores it, in one transaction. Committed on return.
    pub async fn open_challenge(&self, challenge: &Challenge) -> Result<Challenge, StoreError> {
        let users: Vec<UserId> = challenge
            .players_named()
            .into_iter()
            .map(|(user, _)| user)
            .collect();
        self.with_players_readable(users, || self.try_open_challenge(challenge))
            .await
    }

    async fn try_open_challenge(&self, challenge: &Challenge) -> Result<Challenge, StoreError> {
        let mut challenge = challenge.clone();
        self.run(|pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            let next = tx.prepare_cached("SELECT nextval('junqi_ids')").await?;
            // The number is drawn in the same round trip as the players' rows are locked.
            let ((), row) = futures_util::future::try_join(
                name_players(&tx, &challenge.players_named(), challenge.place.guild),
                async { Ok(tx.query_one(&next, &[]).await?) },
            )
            .await?;
            challenge.id = from_sql_id(row.get::<_, i64>(0));
            let value = codec::encode("challenge", &challenge)?;
            let put = tx.prepare_cached(PUT_CHALLENGE).await?;
            let (id, guild, channel) = (
                sql_id(challenge.id),
                sql_id(challenge.place.guild),
                sql_id(challenge.place.channel),
            );
            tx.execute(&put, &[&id, &guild, &channel, &value]).await?;
            tx.commit().await?;
            Ok(challenge)
        })
        .await
    }

    /// Stores (or replaces) a challenge; committed on return.
    pub async fn put_challenge(&self, challenge: &Challenge) -> Result<(), StoreError> {
        let value = codec::encode("challenge", challenge)?;
        let (id, guild, channel) = (
            sql_id(challenge.id),
            sql_id(challenge.place.guild),
            sql_id(challenge.place.channel),
        );
        self.run(|pool| async move {
            let client = pool.get().await?;
            let put = client.prepare_cached(PUT_CHALLENGE).await?;
            client
                .execute(&put, &[&id, &guild, &channel, &value])
                .await?;
            Ok(())
        })
        .await
    }

    /// Removes and returns a challenge (`None` if it was already taken); committed on return.
    /// Of two processes taking one challenge, exactly one gets it.
    pub async fn take_challenge(&self, id: u64) -> Result<Option<Challenge>, StoreError> {
        self.run(|pool| async move {
            let client = pool.get().await?;
            let key = sql_id(id);
            let take = client
                .prepare_cached("DELETE FROM challenges WHERE id = $1 RETURNING record")
                .await?;
            let Some(row) = client.query_opt(&take, &[&key]).await? else {
                return Ok(None);
            };
            let raw: Vec<u8> = row.get(0);
            match codec::decode(&raw) {
                Ok(challenge) => Ok(Some(challenge)),
                Err(reason) => {
                    quarantine(&client, Table::Challenges, key, &raw, &reason).await?;
                    Ok(None)
                }
            }
        })
        .await
    }

    /// The open challenges of a channel.
    pub async fn challenge_at(&self, place: Place) -> Result<Vec<Challenge>, StoreError> {
        let (guild, channel) = (sql_id(place.guild), sql_id(place.channel));
        self.run(|pool| async move {
            let client = pool.get().await?;
            let at = client
                .prepare_cached(
                    "SELECT id, record FROM challenges WHERE guild = $1 AND channel = $2 \
                     ORDER BY id",
                )
                .await?;
            let rows = client.query(&at, &[&guild, &channel]).await?;
            decode_rows(&client, Table::Challenges, rows).await
        })
        .await
    }

    /// Every open challenge, for expiring them after a restart.
    pub async fn challenges(&self) -> Result<Vec<Challenge>, StoreError> {
        self.read_table(
            Table::Challenges,
            "SELECT id, record FROM challenges ORDER BY id",
        )
        .await
    }
}
