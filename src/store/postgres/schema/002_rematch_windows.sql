-- Schema 2: rematch windows. For each place (a channel or a game's thread) and player, the last
-- game they played there: /rematch reads it, so it survives restarts and works in every process.
CREATE TABLE rematch_windows (
    guild   bigint NOT NULL,
    channel bigint NOT NULL,
    user_id bigint NOT NULL,
    game_id bigint NOT NULL,
    PRIMARY KEY (guild, channel, user_id)
);
