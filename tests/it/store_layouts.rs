//! Members' saved layouts in the store, on both backends: saved, replaced (a name in any
//! case), refused past 20, deleted, read back after a reopen and from a second process, and
//! two saves at once both kept; on sled, carried by a backup and its restore and read by
//! check-store.

use crate::store_support::backends::{Backend, Location};

use junqi::standard::{Layout, PRESETS};
use junqi::store::{MAX_SAVED_LAYOUTS, SaveOutcome, SavedLayouts, Store};

fn preset(index: usize) -> Layout {
    PRESETS[index % PRESETS.len()].layout()
}

async fn saved_layouts_read_back(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    assert_eq!(
        store.saved_layouts(7).await.expect("reads"),
        SavedLayouts::new(7)
    );
    assert_eq!(
        store
            .save_layout(7, "Wall", preset(0))
            .await
            .expect("saves"),
        SaveOutcome::Added { count: 1 }
    );
    assert_eq!(
        store
            .save_layout(7, "attack", preset(1))
            .await
            .expect("saves"),
        SaveOutcome::Added { count: 2 }
    );
    assert_eq!(
        store
            .save_layout(7, "WALL", preset(2))
            .await
            .expect("saves"),
        SaveOutcome::Replaced { count: 2 },
        "a name is the same name in any case"
    );
    store
        .save_layout(8, "wall", preset(3))
        .await
        .expect("saves");
    let seven = store.saved_layouts(7).await.expect("reads");
    assert_eq!(seven.names(), vec!["WALL", "attack"]);
    assert_eq!(
        seven.find("wall").map(|saved| saved.layout),
        Some(preset(2))
    );
    assert_eq!(
        store.saved_layouts(8).await.expect("reads").names(),
        vec!["wall"],
        "names are per member"
    );

    // Up to 20: a 21st name is refused and changes nothing; a kept name is still replaced.
    for n in 3..=MAX_SAVED_LAYOUTS {
        store
            .save_layout(7, &format!("layout {n}"), preset(n))
            .await
            .expect("saves");
    }
    let full = store.saved_layouts(7).await.expect("reads");
    assert_eq!(full.layouts.len(), MAX_SAVED_LAYOUTS);
    assert_eq!(
        store
            .save_layout(7, "one more", preset(0))
            .await
            .expect("answers"),
        SaveOutcome::Full
    );
    assert_eq!(store.saved_layouts(7).await.expect("reads"), full);
    assert_eq!(
        store
            .save_layout(7, "Attack", preset(4))
            .await
            .expect("saves"),
        SaveOutcome::Replaced {
            count: MAX_SAVED_LAYOUTS
        }
    );

    // Deleting: an unknown name changes nothing; a known one (any case) is gone.
    assert_eq!(
        store.delete_layout(7, "nothing").await.expect("answers"),
        None
    );
    let gone = store.delete_layout(7, "LAYOUT 3").await.expect("deletes");
    assert_eq!(gone.map(|saved| saved.name), Some("layout 3".to_string()));
    assert_eq!(
        store
            .delete_layout(8, "Wall")
            .await
            .expect("deletes")
            .map(|s| s.layout),
        Some(preset(3))
    );
    let expected = store.saved_layouts(7).await.expect("reads");
    assert_eq!(expected.layouts.len(), MAX_SAVED_LAYOUTS - 1);
    assert_eq!(
        store.all_saved_layouts().await.expect("reads"),
        vec![expected.clone()],
        "a member with nothing left has no record"
    );
    drop(store);

    let reopened = location.open().await;
    assert_eq!(reopened.saved_layouts(7).await.expect("reads"), expected);
    if location.url().is_some() {
        let other = location.open().await;
        assert_eq!(other.saved_layouts(7).await.expect("reads"), expected);
    }
}

/// Many saves of one member at once, from tasks sharing a store and (on PostgreSQL) from a
/// second connection pool: every one is kept, none overwrites another's.
async fn concurrent_saves_are_all_kept(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let stores = match location.url() {
        Some(_) => vec![location.open().await, location.open().await],
        None => vec![location.open().await],
    };
    let mut tasks = Vec::new();
    for n in 0..16 {
        let store: Store = stores[n % stores.len()].clone();
        tasks.push(tokio::spawn(async move {
            store.save_layout(5, &format!("n{n}"), preset(n)).await
        }));
    }
    for task in tasks {
        assert!(matches!(
            task.await.expect("joins").expect("saves"),
            SaveOutcome::Added { .. }
        ));
    }
    let mut names = stores[0].saved_layouts(5).await.expect("reads").names();
    names.sort();
    let mut expected: Vec<String> = (0..16).map(|n| format!("n{n}")).collect();
    expected.sort();
    assert_eq!(names, expected);
}

crate::on_both_backends!(saved_layouts_read_back, concurrent_saves_are_all_kept);

#[tokio::test]
async fn a_backup_carries_saved_layouts_and_check_store_reads_them() {
    let Some(Location::Dir(dir)) = Backend::Sled.location() else {
        panic!("a sled location is a directory");
    };
    let store = Store::open(dir.path()).await.expect("opens");
    store
        .save_layout(3, "wall", preset(0))
        .await
        .expect("saves");
    store
        .save_layout(3, "rush", preset(1))
        .await
        .expect("saves");
    store
        .save_layout(4, "wall", preset(2))
        .await
        .expect("saves");
    let stored = store.all_saved_layouts().await.expect("reads");
    let (_restored_dir, restored) =
        crate::store_support::check_and_restore(store, dir.path(), "v1/saved_layouts", 2).await;
    assert_eq!(restored.all_saved_layouts().await.expect("reads"), stored);
    assert_eq!(
        restored.saved_layouts(3).await.expect("reads").names(),
        vec!["wall", "rush"]
    );
}
