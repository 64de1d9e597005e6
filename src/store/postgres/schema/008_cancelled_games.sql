-- Schema 8: games a moderator cancelled (/cancel). Apart from finished_games, so that nothing
-- counting results (players' totals, leaderboards, the last game between two players) can see
-- one; each player's history reads both tables, hence the same per-player indexes.
CREATE TABLE cancelled_games (
    id          bigint PRIMARY KEY,
    low_user    bigint NOT NULL,
    high_user   bigint NOT NULL,
    ended_at_ms bigint NOT NULL,
    record      bytea  NOT NULL
);
CREATE INDEX cancelled_games_low ON cancelled_games (low_user, ended_at_ms DESC, id DESC);
CREATE INDEX cancelled_games_high ON cancelled_games (high_user, ended_at_ms DESC, id DESC);
