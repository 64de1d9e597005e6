-- Schema 1: the same records as the sled backend (postcard bytes behind a format byte, so both
-- backends share one codec), with the columns that indexes and locks need beside them.
-- Points and wins are stored negated so that one ascending index is the leaderboard order
-- (−points, −wins, games, user), as on sled.

CREATE SEQUENCE junqi_ids;
-- Game numbers, shared by every process: sequential, apart from a start that failed.
CREATE SEQUENCE junqi_game_numbers;

CREATE TABLE players (
    user_id    bigint PRIMARY KEY,
    neg_points bigint NOT NULL,
    neg_wins   bigint NOT NULL,
    games      bigint NOT NULL,
    record     bytea  NOT NULL
);
CREATE INDEX players_rank ON players (neg_points, neg_wins, games, user_id) WHERE games > 0;

-- One row per guild a player was seen in, mirroring the player's totals (guild boards).
CREATE TABLE player_guilds (
    guild      bigint NOT NULL,
    user_id    bigint NOT NULL,
    neg_points bigint NOT NULL,
    neg_wins   bigint NOT NULL,
    games      bigint NOT NULL,
    PRIMARY KEY (guild, user_id)
);
CREATE INDEX player_guilds_rank
    ON player_guilds (guild, neg_points, neg_wins, games, user_id) WHERE games > 0;
CREATE INDEX player_guilds_user ON player_guilds (user_id);

CREATE TABLE live_games (
    id      bigint PRIMARY KEY,
    guild   bigint NOT NULL,
    channel bigint NOT NULL,
    record  bytea  NOT NULL
);
CREATE UNIQUE INDEX live_games_place ON live_games (guild, channel);

CREATE TABLE finished_games (
    id        bigint PRIMARY KEY,
    -- Commit order, for "the last game between two players".
    seq       bigserial NOT NULL,
    low_user    bigint NOT NULL,
    high_user   bigint NOT NULL,
    ended_at_ms bigint NOT NULL,
    record      bytea  NOT NULL
);
CREATE INDEX finished_games_pair ON finished_games (low_user, high_user, seq);
-- Each player's history, newest first, whichever seat they played.
CREATE INDEX finished_games_low ON finished_games (low_user, ended_at_ms DESC, id DESC);
CREATE INDEX finished_games_high ON finished_games (high_user, ended_at_ms DESC, id DESC);

CREATE TABLE challenges (
    id      bigint PRIMARY KEY,
    guild   bigint NOT NULL,
    channel bigint NOT NULL,
    record  bytea  NOT NULL
);
CREATE INDEX challenges_place ON challenges (guild, channel);

CREATE TABLE quarantine (
    place  text PRIMARY KEY,
    reason text  NOT NULL,
    raw    bytea NOT NULL,
    at     timestamptz NOT NULL DEFAULT now()
);
