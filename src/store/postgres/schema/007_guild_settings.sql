-- Schema 7: per-server settings (/settings). One row per guild (`id`), its whole record (the
-- values set and the last 20 changes) in `record`, rewritten on every change.
CREATE TABLE guild_settings (
    id     bigint PRIMARY KEY,
    record bytea NOT NULL
);
