//! The fake Discord's shards: which shard a connection identified as, which guilds it hears
//! about, and the payloads that differ per guild. Discord's rule: a guild's events go to shard
//! `(guild_id >> 22) % total`; direct messages (no guild) to shard 0.

use serde_json::{Value, json};

use super::fake_discord::Shared;
use super::payloads::{self, CHANNEL_ID, GUILD_ID};

/// Discord's shard of a guild.
pub fn shard_of(guild: u64, total: u32) -> u32 {
    let total = u64::from(total.max(1));
    u32::try_from((guild >> 22) % total).expect("below a u32 total")
}

/// `[id, total]` from an IDENTIFY frame (`[0, 1]` when it names none).
pub(super) fn identified_shard(frame: &Value) -> [u32; 2] {
    let shard = &frame["d"]["shard"];
    let part = |index: usize, default: u32| {
        shard[index]
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .unwrap_or(default)
    };
    [part(0, 0), part(1, 1).max(1)]
}

/// The guilds on `shard` with their text channels: the fake's own and the added ones.
pub(super) fn guilds_on(shared: &Shared, shard: [u32; 2]) -> Vec<(u64, u64)> {
    std::iter::once((GUILD_ID, CHANNEL_ID))
        .chain(shared.extra_guilds.iter().map(|guild| {
            let channel = shared
                .guild_channels
                .get(guild)
                .copied()
                .unwrap_or(CHANNEL_ID);
            (*guild, channel)
        }))
        .filter(|(guild, _)| shard_of(*guild, shard[1]) == shard[0])
        .collect()
}

/// READY for this shard: its `[id, total]` and its guilds (unavailable until GUILD_CREATE).
pub(super) fn shape_ready(ready: &mut Value, shard: [u32; 2], guilds: &[(u64, u64)]) {
    ready["shard"] = json!(shard);
    ready["guilds"] = Value::from(
        guilds
            .iter()
            .map(|(guild, _)| json!({ "id": guild.to_string(), "unavailable": true }))
            .collect::<Vec<_>>(),
    );
}

/// GUILD_CREATE of `guild`, with `channel` as its text channel.
pub(super) fn guild_create(guild: u64, channel: u64) -> Value {
    let mut payload = payloads::guild_create();
    payload["id"] = json!(guild.to_string());
    payload["roles"][0]["id"] = json!(guild.to_string());
    payload["channels"][0]["id"] = json!(channel.to_string());
    payload
}

/// Moves an interaction payload to `guild`.
pub(super) fn set_guild(payload: &mut Value, guild: u64) {
    payload["guild_id"] = json!(guild.to_string());
    payload["authorizing_integration_owners"]["0"] = json!(guild.to_string());
    if payload["data"].get("guild_id").is_some() {
        payload["data"]["guild_id"] = json!(guild.to_string());
    }
}
