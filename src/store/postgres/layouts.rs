//! Saved layouts on PostgreSQL: the table `saved_layouts` (schema 10), one row per member
//! with their whole record, shared by every process. A save or a delete is one transaction
//! that locks the member's row (creating it first if need be), so two processes changing one
//! member's layouts at once serialise instead of losing a change.

use deadpool_postgres::GenericClient;

use super::{PgStore, Table, read_one, sql_id};
use crate::standard::Layout;
use crate::store::codec;
use crate::store::error::StoreError;
use crate::store::layouts::{SaveOutcome, SavedLayout, SavedLayouts};
use crate::store::records::UserId;

const WHAT: &str = "saved layouts";

impl PgStore {
    /// A member's saved layouts (none for someone who never saved one); a corrupt row is
    /// quarantined and reads as none.
    pub async fn saved_layouts(&self, user: UserId) -> Result<SavedLayouts, StoreError> {
        self.run(|pool| async move {
            let client = pool.get().await?;
            let found = read_one(&client, Table::SavedLayouts, sql_id(user)).await?;
            Ok(found.unwrap_or_else(|| SavedLayouts::new(user)))
        })
        .await
    }

    /// Every member's saved layouts, by member; a corrupt row is quarantined and skipped.
    pub async fn all_saved_layouts(&self) -> Result<Vec<SavedLayouts>, StoreError> {
        self.read_table(
            Table::SavedLayouts,
            "SELECT user_id, record FROM saved_layouts ORDER BY user_id",
        )
        .await
    }

    /// Stores (or replaces) a member's whole record; one with no layouts is removed. For
    /// imports (migrate-store).
    pub async fn put_saved_layouts(&self, saved: &SavedLayouts) -> Result<(), StoreError> {
        let user = sql_id(saved.user);
        let value = (!saved.layouts.is_empty())
            .then(|| codec::encode(WHAT, saved))
            .transpose()?;
        self.run(|pool| async move {
            let client = pool.get().await?;
            write(&client, user, value).await
        })
        .await
    }

    /// Saves `layout` under `name` for `user` ([`SavedLayouts::save`]); committed on return.
    pub async fn save_layout(
        &self,
        user: UserId,
        name: &str,
        layout: Layout,
    ) -> Result<SaveOutcome, StoreError> {
        self.change_layouts(user, |saved| {
            let outcome = saved.save(name, layout);
            (outcome != SaveOutcome::Full, outcome)
        })
        .await
    }

    /// Removes `user`'s layout called `name` (any case); `None` when there is none.
    pub async fn delete_layout(
        &self,
        user: UserId,
        name: &str,
    ) -> Result<Option<SavedLayout>, StoreError> {
        self.change_layouts(user, |saved| {
            let gone = saved.delete(name);
            (gone.is_some(), gone)
        })
        .await
    }

    /// Applies `change` to `user`'s record under its row lock; `change` says whether it
    /// changed anything (the transaction is rolled back otherwise).
    async fn change_layouts<T>(
        &self,
        user: UserId,
        change: impl FnOnce(&mut SavedLayouts) -> (bool, T),
    ) -> Result<T, StoreError> {
        let key = sql_id(user);
        self.run(|pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            // The lock of a member without a row yet: a row inserted by another transaction
            // meanwhile makes this one wait for it, then find it.
            tx.execute(
                "INSERT INTO saved_layouts (user_id, record) VALUES ($1, '') \
                 ON CONFLICT (user_id) DO NOTHING",
                &[&key],
            )
            .await?;
            let row = tx
                .query_one(
                    "SELECT record FROM saved_layouts WHERE user_id = $1 FOR UPDATE",
                    &[&key],
                )
                .await?;
            let raw: Vec<u8> = row.get(0);
            let mut saved = if raw.is_empty() {
                SavedLayouts::new(user)
            } else {
                match codec::decode(&raw) {
                    Ok(saved) => saved,
                    Err(reason) => {
                        super::quarantine(&tx, Table::SavedLayouts, key, &raw, &reason).await?;
                        SavedLayouts::new(user)
                    }
                }
            };
            let (changed, answer) = change(&mut saved);
            if !changed {
                if raw.is_empty() {
                    tx.rollback().await?;
                } else {
                    tx.commit().await?;
                }
                return Ok(answer);
            }
            let value = (!saved.layouts.is_empty())
                .then(|| codec::encode(WHAT, &saved))
                .transpose()?;
            write(&tx, key, value).await?;
            tx.commit().await?;
            Ok(answer)
        })
        .await
    }
}

/// Writes a member's record, or removes their row when `value` is `None`.
async fn write(
    client: &impl GenericClient,
    user: i64,
    value: Option<Vec<u8>>,
) -> Result<(), StoreError> {
    match value {
        Some(value) => {
            client
                .execute(
                    "INSERT INTO saved_layouts (user_id, record) VALUES ($1, $2) \
                     ON CONFLICT (user_id) DO UPDATE SET record = EXCLUDED.record",
                    &[&user, &value],
                )
                .await?;
        }
        None => {
            client
                .execute("DELETE FROM saved_layouts WHERE user_id = $1", &[&user])
                .await?;
        }
    }
    Ok(())
}
