//! JSON payloads the fake Discord sends, shaped like Discord's so serenity parses them
//! (serenity silently drops gateway events with a missing required field, so
//! `fake_discord` checks each one against serenity's own models before sending it).

use serde_json::{Value, json};

pub const GUILD_ID: u64 = 1_000;
pub const CHANNEL_ID: u64 = 2_000;
pub const APPLICATION_ID: u64 = 3_000;
pub const BOT_USER_ID: u64 = 3_000;
pub const TIMESTAMP: &str = "2026-01-01T00:00:00.000000+00:00";

/// A member of the fake guild that tests act as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TestUser {
    pub id: u64,
    pub name: &'static str,
}

pub const ALICE: TestUser = TestUser {
    id: 101,
    name: "alice",
};
pub const BOB: TestUser = TestUser {
    id: 102,
    name: "bob",
};
pub const CAROL: TestUser = TestUser {
    id: 103,
    name: "carol",
};

pub fn user(user: TestUser) -> Value {
    json!({
        "id": user.id.to_string(),
        "username": user.name,
        "discriminator": "0",
        "global_name": user.name,
        "avatar": null,
        "bot": false,
    })
}

pub fn bot_user() -> Value {
    json!({
        "id": BOT_USER_ID.to_string(),
        "username": "junqi-bot",
        "discriminator": "0",
        "global_name": null,
        "avatar": null,
        "bot": true,
        "verified": true,
        "mfa_enabled": false,
        "flags": 0,
    })
}

pub fn member(who: TestUser) -> Value {
    json!({
        "user": user(who),
        "nick": null,
        "avatar": null,
        "roles": [],
        "joined_at": TIMESTAMP,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": "2248473465835073",
    })
}

pub fn ready(session: u64, resume_url: &str) -> Value {
    json!({
        "v": 10,
        "user": bot_user(),
        "guilds": [{ "id": GUILD_ID.to_string(), "unavailable": true }],
        "session_id": format!("session-{session}"),
        "resume_gateway_url": resume_url,
        "shard": [0, 1],
        "application": { "id": APPLICATION_ID.to_string(), "flags": 0 },
    })
}

pub fn guild_create() -> Value {
    let role = json!({
        "id": GUILD_ID.to_string(), "name": "@everyone", "color": 0,
        "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
        "hoist": false, "managed": false, "mentionable": false,
        "permissions": "2248473465835073", "position": 0, "icon": null, "unicode_emoji": null,
        "flags": 0,
    });
    let channel = json!({
        "id": CHANNEL_ID.to_string(), "type": 0, "name": "junqi", "position": 0,
        "permission_overwrites": [], "nsfw": false, "flags": 0, "topic": null,
        "last_message_id": null, "parent_id": null, "rate_limit_per_user": 0,
    });
    let mut guild = json!({
        "id": GUILD_ID.to_string(),
        "name": "Junqi club",
        "icon": null, "icon_hash": null, "splash": null, "discovery_splash": null,
        "owner_id": ALICE.id.to_string(),
        "afk_channel_id": null, "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role],
        "emojis": [], "features": [], "mfa_level": 0,
        "application_id": null, "system_channel_id": null, "system_channel_flags": 0,
    });
    let more = json!({
        "rules_channel_id": null, "vanity_url_code": null, "description": null, "banner": null,
        "premium_tier": 0, "preferred_locale": "en-US", "public_updates_channel_id": null,
        "nsfw_level": 0, "stickers": [], "premium_progress_bar_enabled": false,
        "joined_at": TIMESTAMP, "large": false, "unavailable": false, "member_count": 4,
        "voice_states": [],
        "members": [member(ALICE), member(BOB), member(CAROL)],
        "channels": [channel],
        "threads": [], "presences": [], "stage_instances": [], "guild_scheduled_events": [],
        "safety_alerts_channel_id": null, "incidents_data": null,
    });
    if let (Some(guild), Some(more)) = (guild.as_object_mut(), more.as_object()) {
        guild.extend(more.clone());
    }
    guild
}

/// The common part of every interaction the fake sends (type 2, 3 or 4).
pub fn interaction(kind: u8, id: u64, token: &str, who: TestUser, data: Value) -> Value {
    json!({
        "id": id.to_string(),
        "application_id": APPLICATION_ID.to_string(),
        "type": kind,
        "data": data,
        "guild_id": GUILD_ID.to_string(),
        "channel": { "id": CHANNEL_ID.to_string(), "type": 0, "name": "junqi" },
        "channel_id": CHANNEL_ID.to_string(),
        "member": member(who),
        "token": token,
        "version": 1,
        "app_permissions": "2248473465835073",
        "locale": "en-US",
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": { "0": GUILD_ID.to_string() },
        "context": 0,
        "attachment_size_limit": 10_485_760,
    })
}

/// `data` of a slash command (or of an autocomplete request, when an option is focused).
/// `users` are put in `resolved` for user options.
pub fn command_data(command_id: u64, name: &str, options: Value, users: &[TestUser]) -> Value {
    let mut resolved_users = serde_json::Map::new();
    let mut resolved_members = serde_json::Map::new();
    for who in users {
        resolved_users.insert(who.id.to_string(), user(*who));
        let mut partial = member(*who);
        if let Some(object) = partial.as_object_mut() {
            object.remove("user");
        }
        resolved_members.insert(who.id.to_string(), partial);
    }
    json!({
        "id": command_id.to_string(),
        "name": name,
        "type": 1,
        "options": options,
        "resolved": { "users": resolved_users, "members": resolved_members },
        "guild_id": GUILD_ID.to_string(),
    })
}

/// A message as Discord returns it from REST and embeds it in component interactions.
pub fn message(
    id: u64,
    channel: u64,
    content: &str,
    components: &Value,
    embeds: &Value,
    attachments: &[String],
    flags: u64,
) -> Value {
    let attachments: Vec<Value> = attachments
        .iter()
        .enumerate()
        .map(|(index, filename)| {
            json!({
                "id": (id * 100 + index as u64).to_string(),
                "filename": filename,
                "size": 1,
                "url": format!("https://cdn.invalid/{id}/{filename}"),
                "proxy_url": format!("https://cdn.invalid/{id}/{filename}"),
            })
        })
        .collect();
    json!({
        "id": id.to_string(),
        "channel_id": channel.to_string(),
        "author": bot_user(),
        "content": content,
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": embeds,
        "pinned": false,
        "webhook_id": null,
        "type": 0,
        "application_id": APPLICATION_ID.to_string(),
        "flags": flags,
        "components": components,
    })
}

/// The guild's text channel, as REST returns it.
pub fn text_channel() -> Value {
    json!({
        "id": CHANNEL_ID.to_string(), "type": 0, "name": "junqi", "position": 0,
        "guild_id": GUILD_ID.to_string(),
        "permission_overwrites": [], "nsfw": false, "flags": 0, "topic": null,
        "last_message_id": null, "parent_id": null, "rate_limit_per_user": 0,
    })
}

/// A public thread, as REST returns it.
pub fn thread(id: u64, parent: u64, name: &str, archived: bool) -> Value {
    json!({
        "id": id.to_string(), "type": 11, "name": name,
        "guild_id": GUILD_ID.to_string(), "parent_id": parent.to_string(),
        "owner_id": BOT_USER_ID.to_string(), "flags": 0, "nsfw": false,
        "last_message_id": null, "rate_limit_per_user": 0,
        "message_count": 0, "member_count": 1,
        "thread_metadata": {
            "archived": archived, "auto_archive_duration": 1440,
            "archive_timestamp": TIMESTAMP, "locked": false,
        },
    })
}
