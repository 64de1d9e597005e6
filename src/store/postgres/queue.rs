//! The quick-match queue on PostgreSQL: the table `queue` (schema 6), one row per waiting
//! member with their whole entry, shared by every process (the guild's shard pairs it).

use super::{PgStore, Table, sql_id};
use crate::store::codec;
use crate::store::error::StoreError;
use crate::store::queue::QueueEntry;
use crate::store::records::UserId;

impl PgStore {
    /// Stores (or replaces) a member's queue entry; committed on return.
    pub async fn put_queue_entry(&self, entry: &QueueEntry) -> Result<(), StoreError> {
        let value = codec::encode("queue entry", entry)?;
        let (user, guild) = (sql_id(entry.user), sql_id(entry.place.guild));
        self.run(|pool| async move {
            let client = pool.get().await?;
            client
                .execute(
                    "INSERT INTO queue (user_id, guild, record) VALUES ($1, $2, $3) \
                     ON CONFLICT (user_id) DO UPDATE SET guild = EXCLUDED.guild, \
                     record = EXCLUDED.record",
                    &[&user, &guild, &value],
                )
                .await?;
            Ok(())
        })
        .await
    }

    /// Removes these members' entries in one statement; committed on return.
    pub async fn remove_queue_entries(&self, users: &[UserId]) -> Result<(), StoreError> {
        let users: Vec<i64> = users.iter().map(|user| sql_id(*user)).collect();
        self.run(|pool| async move {
            let client = pool.get().await?;
            client
                .execute("DELETE FROM queue WHERE user_id = ANY($1)", &[&users])
                .await?;
            Ok(())
        })
        .await
    }

    /// Everyone waiting, by user; a corrupt row is quarantined and skipped.
    pub async fn queue_entries(&self) -> Result<Vec<QueueEntry>, StoreError> {
        self.read_table(
            Table::Queue,
            "SELECT user_id, record FROM queue ORDER BY user_id",
        )
        .await
    }
}
