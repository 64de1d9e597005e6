//! Per-server settings in the store, on both backends: each guild's record (values and the
//! log of its last 20 changes) read back after a reopen and from a second process; on sled,
//! carried by a backup and its restore and read by check-store.

use crate::store_support::backends::{Backend, Location};

use junqi::store::{GuildSettings, SETTINGS_LOG_LEN, SettingsChange, Store};

fn settings(guild: u64, turn_secs: &str) -> GuildSettings {
    let mut settings = GuildSettings::new(guild);
    settings.values.insert("turn_secs".into(), turn_secs.into());
    settings.values.insert("language".into(), "zh-Hant".into());
    settings.remember(SettingsChange {
        at_ms: 1_000,
        user: 7,
        name: "alice".into(),
        key: "turn_secs".into(),
        before: "30".into(),
        after: turn_secs.into(),
    });
    settings
}

async fn guild_settings_read_back(backend: Backend) {
    let Some(location) = backend.location() else {
        return;
    };
    let store = location.open().await;
    assert_eq!(store.all_guild_settings().await.expect("reads"), Vec::new());
    let first = settings(5 << 22, "45");
    let mut second = settings(6 << 22, "60");
    store.put_guild_settings(&first).await.expect("stores");
    store.put_guild_settings(&second).await.expect("stores");
    second.values.insert("game_threads".into(), "off".into());
    store.put_guild_settings(&second).await.expect("replaces");
    let expected = vec![first, second];
    assert_eq!(store.all_guild_settings().await.expect("reads"), expected);
    drop(store);
    assert_eq!(
        location
            .open()
            .await
            .all_guild_settings()
            .await
            .expect("reads"),
        expected
    );
    if location.url().is_some() {
        let other = location.open().await;
        assert_eq!(other.all_guild_settings().await.expect("reads"), expected);
    }
}

crate::on_both_backends!(guild_settings_read_back);

#[test]
fn the_log_keeps_the_last_20_changes() {
    let mut record = GuildSettings::new(1);
    for at_ms in 0..30 {
        record.remember(SettingsChange {
            at_ms,
            user: 1,
            name: "a".into(),
            key: "turn_secs".into(),
            before: at_ms.to_string(),
            after: (at_ms + 1).to_string(),
        });
    }
    assert_eq!(record.log.len(), SETTINGS_LOG_LEN);
    assert_eq!(record.log[0].at_ms, 10, "the oldest ten are gone");
}

#[tokio::test]
async fn a_backup_carries_guild_settings_and_check_store_reads_them() {
    let Some(Location::Dir(dir)) = Backend::Sled.location() else {
        panic!("a sled location is a directory");
    };
    let store = Store::open(dir.path()).await.expect("opens");
    let stored = settings(5 << 22, "45");
    store.put_guild_settings(&stored).await.expect("stores");
    let (_restored_dir, restored) =
        crate::store_support::check_and_restore(store, dir.path(), "v1/guild_settings", 1).await;
    assert_eq!(
        restored.all_guild_settings().await.expect("reads"),
        vec![stored]
    );
}
