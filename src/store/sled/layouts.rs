//! Saved layouts on sled: the tree `v1/saved_layouts` (user → [`SavedLayouts`]). Opened by
//! name on each call, like the settings, so it needs no schema step: an older store simply
//! has nothing saved. Saving and deleting are compare-and-swap loops on the member's record,
//! so two of a member's commands at once never lose one another's change. Backups carry the
//! tree, check-store reads it and migrate-store copies it.

use super::SledStore;
use super::check::hex;
use crate::standard::Layout;
use crate::store::codec::{self, id_key};
use crate::store::error::StoreError;
use crate::store::layouts::{SaveOutcome, SavedLayout, SavedLayouts};
use crate::store::records::UserId;

pub(super) const TREE: &str = "v1/saved_layouts";
pub(super) const LAYOUTS: &str = "saved layouts";

impl SledStore {
    /// A member's saved layouts (none for someone who never saved one); a corrupt record is
    /// quarantined and reads as none.
    pub fn saved_layouts(&self, user: UserId) -> Result<SavedLayouts, StoreError> {
        let tree = self.db.open_tree(TREE)?;
        Ok(self
            .read(&tree, LAYOUTS, &id_key(user))?
            .unwrap_or_else(|| SavedLayouts::new(user)))
    }

    /// Every member's saved layouts, by member.
    pub fn all_saved_layouts(&self) -> Result<Vec<SavedLayouts>, StoreError> {
        let tree = self.db.open_tree(TREE)?;
        self.read_all(&tree, LAYOUTS)
    }

    /// Stores (or replaces) a member's whole record; one with no layouts is removed. Durable on
    /// return. For imports: play saves and deletes one layout at a time.
    pub fn put_saved_layouts(&self, saved: &SavedLayouts) -> Result<(), StoreError> {
        let tree = self.db.open_tree(TREE)?;
        if saved.layouts.is_empty() {
            tree.remove(id_key(saved.user))?;
        } else {
            tree.insert(id_key(saved.user), codec::encode(LAYOUTS, saved)?)?;
        }
        self.flush()
    }

    /// Saves `layout` under `name` for `user` ([`SavedLayouts::save`]); durable on return.
    pub fn save_layout(
        &self,
        user: UserId,
        name: &str,
        layout: Layout,
    ) -> Result<SaveOutcome, StoreError> {
        self.change_layouts(user, |saved| {
            let outcome = saved.save(name, layout);
            (outcome != SaveOutcome::Full, outcome)
        })
    }

    /// Removes `user`'s layout called `name` (any case); `None` when there is none. Durable on
    /// return.
    pub fn delete_layout(
        &self,
        user: UserId,
        name: &str,
    ) -> Result<Option<SavedLayout>, StoreError> {
        self.change_layouts(user, |saved| {
            let gone = saved.delete(name);
            (gone.is_some(), gone)
        })
    }

    /// Applies `change` to `user`'s record until no other write came between the read and the
    /// write; `change` says whether it changed anything (nothing is written otherwise).
    fn change_layouts<T>(
        &self,
        user: UserId,
        mut change: impl FnMut(&mut SavedLayouts) -> (bool, T),
    ) -> Result<T, StoreError> {
        let tree = self.db.open_tree(TREE)?;
        let key = id_key(user);
        loop {
            let raw = tree.get(key)?;
            let mut saved = match &raw {
                None => SavedLayouts::new(user),
                Some(bytes) => match self.decode_or_quarantine(&tree, LAYOUTS, &key, bytes)? {
                    Some(saved) => saved,
                    // Quarantined, so gone: start again from what is there now.
                    None => continue,
                },
            };
            let (changed, answer) = change(&mut saved);
            if !changed {
                return Ok(answer);
            }
            let new = if saved.layouts.is_empty() {
                None
            } else {
                Some(codec::encode(LAYOUTS, &saved)?)
            };
            if tree.compare_and_swap(key, raw, new)?.is_ok() {
                self.flush()?;
                return Ok(answer);
            }
        }
    }

    /// Every record must decode under its own member's id (check-store).
    pub(super) fn check_saved_layouts(
        &self,
        report: &mut super::CheckReport,
    ) -> Result<(), StoreError> {
        let tree = self.db.open_tree(TREE)?;
        let mut count = 0;
        for item in tree.iter() {
            let (key, raw) = item?;
            count += 1;
            match codec::decode::<SavedLayouts>(&raw) {
                Ok(found) if key.as_ref() == id_key(found.user) => {}
                Ok(found) => report.problems.push(format!(
                    "{TREE}: the layouts of member {} are stored under the key {}",
                    found.user,
                    hex(&key)
                )),
                Err(reason) => report.problems.push(format!(
                    "{TREE}: record {} does not decode: {reason}",
                    hex(&key)
                )),
            }
        }
        report.records.insert(TREE.to_string(), count);
        Ok(())
    }
}
