-- Schema 11: the boards of the ladders other than 翻翻棋's, whose boards stay `players` and
-- `player_guilds`. A ladder's number is fixed (暗棋 1, 明棋 2); a player's totals on it live in
-- their record and are mirrored here, one row per board they stand on: scope 0 with guild 0 is
-- the ladder's global board, scope 1 a guild's. `rank_counts` and `rank_buckets` count these
-- boards under scope 2 × ladder + scope (翻翻棋's keep scopes 0 and 1). No record has another
-- ladder before this step, so there is nothing to fill.
CREATE TABLE ladder_boards (
    ladder     smallint NOT NULL,
    scope      smallint NOT NULL,
    guild      bigint   NOT NULL,
    user_id    bigint   NOT NULL,
    neg_points bigint   NOT NULL,
    neg_wins   bigint   NOT NULL,
    games      bigint   NOT NULL,
    PRIMARY KEY (ladder, scope, guild, user_id)
);
CREATE INDEX ladder_boards_rank
    ON ladder_boards (ladder, scope, guild, neg_points, neg_wins, games, user_id) WHERE games > 0;
CREATE INDEX ladder_boards_user ON ladder_boards (user_id);
