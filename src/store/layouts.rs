//! A member's saved layouts for the standard games (`/deploy save`, `/deploy load`,
//! `/layouts`): up to [`MAX_SAVED_LAYOUTS`] named layouts, one record per member rewritten
//! whole on every change, on both backends. A name is unique per member whatever its case;
//! each layout is kept in its notation, so a damaged one is refused when it is read back.
//! Saving and deleting are read-modify-write steps that each backend runs atomically
//! ([`SavedLayouts::save`] and [`SavedLayouts::delete`] decide them).

use serde::{Deserialize, Serialize};

use super::records::UserId;
use super::{Backend, Store, StoreError, on_blocking_pool};
use crate::standard::Layout;

/// The record layout this build writes.
pub const SAVED_LAYOUTS_VERSION: u16 = 1;

/// How many layouts a member keeps.
pub const MAX_SAVED_LAYOUTS: usize = 20;

/// The longest name, in characters (after trimming).
pub const LAYOUT_NAME_CHARS: usize = 32;

/// One member's saved layouts, in the order they were first saved.
#[derive(Clone, Serialize, Deserialize, PartialEq, Eq, Debug)]
pub struct SavedLayouts {
    pub version: u16,
    pub user: UserId,
    pub layouts: Vec<SavedLayout>,
}

/// One named layout.
#[derive(Clone, Serialize, Deserialize, PartialEq, Eq, Debug)]
pub struct SavedLayout {
    /// As the member typed it (trimmed).
    pub name: String,
    pub layout: Layout,
}

/// What saving a layout did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SaveOutcome {
    /// A new name: the member now keeps `count` layouts.
    Added { count: usize },
    /// The name was taken (in any case): its layout was replaced.
    Replaced { count: usize },
    /// A new name while [`MAX_SAVED_LAYOUTS`] are kept: nothing changed.
    Full,
}

/// Why a name cannot be used.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NameError {
    Empty,
    TooLong,
    /// A control character (a line break, a tab…).
    Control,
}

/// The name as it is kept: trimmed, 1 to [`LAYOUT_NAME_CHARS`] characters, no control
/// characters.
pub fn layout_name(typed: &str) -> Result<&str, NameError> {
    let name = typed.trim();
    if name.is_empty() {
        Err(NameError::Empty)
    } else if name.chars().count() > LAYOUT_NAME_CHARS {
        Err(NameError::TooLong)
    } else if name.chars().any(char::is_control) {
        Err(NameError::Control)
    } else {
        Ok(name)
    }
}

/// Whether two names are the same name (case-insensitive, after trimming).
fn same_name(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

impl SavedLayouts {
    /// A member with nothing saved.
    pub fn new(user: UserId) -> SavedLayouts {
        SavedLayouts {
            version: SAVED_LAYOUTS_VERSION,
            user,
            layouts: Vec::new(),
        }
    }

    /// The layout saved under `name` (any case).
    pub fn find(&self, name: &str) -> Option<&SavedLayout> {
        self.layouts
            .iter()
            .find(|saved| same_name(&saved.name, name))
    }

    /// Saves `layout` under `name` (already checked by [`layout_name`]): replaces the layout of
    /// a name taken in any case (keeping its place, taking the new spelling), adds a new name
    /// unless [`MAX_SAVED_LAYOUTS`] are kept.
    pub fn save(&mut self, name: &str, layout: Layout) -> SaveOutcome {
        let name = name.trim().to_string();
        if let Some(saved) = self
            .layouts
            .iter_mut()
            .find(|saved| same_name(&saved.name, &name))
        {
            *saved = SavedLayout { name, layout };
            return SaveOutcome::Replaced {
                count: self.layouts.len(),
            };
        }
        if self.layouts.len() >= MAX_SAVED_LAYOUTS {
            return SaveOutcome::Full;
        }
        self.layouts.push(SavedLayout { name, layout });
        SaveOutcome::Added {
            count: self.layouts.len(),
        }
    }

    /// Removes the layout saved under `name` (any case); returns it, `None` when there is none.
    pub fn delete(&mut self, name: &str) -> Option<SavedLayout> {
        let index = self
            .layouts
            .iter()
            .position(|saved| same_name(&saved.name, name))?;
        Some(self.layouts.remove(index))
    }

    /// The names, in order.
    pub fn names(&self) -> Vec<String> {
        self.layouts
            .iter()
            .map(|saved| saved.name.clone())
            .collect()
    }
}

impl Store {
    /// A member's saved layouts (none for someone who never saved one).
    pub async fn saved_layouts(&self, user: UserId) -> Result<SavedLayouts, StoreError> {
        dispatch!(self, store => store.saved_layouts(user))
    }

    /// Every member's saved layouts, by member (a corrupt record is quarantined and skipped).
    pub async fn all_saved_layouts(&self) -> Result<Vec<SavedLayouts>, StoreError> {
        dispatch!(self, store => store.all_saved_layouts())
    }

    /// Saves `layout` under `name` (checked by [`layout_name`]) for `user`: a name kept in any
    /// case has its layout replaced, a new one is refused with [`SaveOutcome::Full`] once
    /// [`MAX_SAVED_LAYOUTS`] are kept. Atomic per member; durable on return.
    pub async fn save_layout(
        &self,
        user: UserId,
        name: &str,
        layout: Layout,
    ) -> Result<SaveOutcome, StoreError> {
        dispatch!(self, store => store.save_layout(user, name, layout), owning name)
    }

    /// Removes `user`'s layout called `name` (any case) and returns it; `None` when there is
    /// none (nothing changes). Atomic per member; durable on return.
    pub async fn delete_layout(
        &self,
        user: UserId,
        name: &str,
    ) -> Result<Option<SavedLayout>, StoreError> {
        dispatch!(self, store => store.delete_layout(user, name), owning name)
    }

    /// Stores (or replaces) a member's whole record of saved layouts (imports and tests; one
    /// with no layouts removes the record). Durable on return.
    pub async fn put_saved_layouts(&self, saved: &SavedLayouts) -> Result<(), StoreError> {
        dispatch!(self, store => store.put_saved_layouts(saved), owning saved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standard::PRESETS;

    #[test]
    fn names_are_trimmed_bounded_and_unique_in_any_case() {
        assert_eq!(layout_name("  my wall "), Ok("my wall"));
        assert_eq!(layout_name("   "), Err(NameError::Empty));
        assert_eq!(layout_name(&"x".repeat(32)), Ok("x".repeat(32).as_str()));
        assert_eq!(layout_name(&"x".repeat(33)), Err(NameError::TooLong));
        assert_eq!(
            layout_name("布阵".repeat(16).as_str()).map(str::len),
            Ok(96)
        );
        assert_eq!(layout_name("a\nb"), Err(NameError::Control));

        let (a, b) = (PRESETS[0].layout(), PRESETS[1].layout());
        let mut saved = SavedLayouts::new(7);
        assert_eq!(saved.save("Wall", a), SaveOutcome::Added { count: 1 });
        assert_eq!(saved.save("wALL", b), SaveOutcome::Replaced { count: 1 });
        assert_eq!(saved.names(), vec!["wALL".to_string()]);
        assert_eq!(saved.find("WALL").map(|s| s.layout), Some(b));
        assert!(saved.delete("nothing").is_none());
        assert_eq!(saved.delete("wall").map(|s| s.layout), Some(b));
        assert!(saved.layouts.is_empty());
    }

    #[test]
    fn a_21st_name_is_refused_but_a_kept_name_is_replaced() {
        let layout = PRESETS[0].layout();
        let mut saved = SavedLayouts::new(7);
        for n in 1..=MAX_SAVED_LAYOUTS {
            assert_eq!(
                saved.save(&format!("l{n}"), layout),
                SaveOutcome::Added { count: n }
            );
        }
        let before = saved.clone();
        assert_eq!(saved.save("l21", layout), SaveOutcome::Full);
        assert_eq!(saved, before, "a refused save changes nothing");
        assert_eq!(
            saved.save("L20", PRESETS[1].layout()),
            SaveOutcome::Replaced { count: 20 }
        );
    }
}
