-- Schema 4: how many players of each leaderboard stand on each points value (`rank_counts`)
-- and on each bucket of 256 consecutive values (`rank_buckets`, bucket = floor(−points / 256)),
-- so that a place (shared by equal points: 1 + the players with more points) sums the buckets
-- above and at most 256 values of its own bucket instead of counting players. Scope 0 with
-- guild 0 is the global board, scope 1 a guild's. Kept in the transaction that writes the
-- players' rows, in (table, scope, guild, value) order so that concurrent writers cannot
-- deadlock; a row that reaches zero goes.
CREATE TABLE rank_counts (
    scope      smallint NOT NULL,
    guild      bigint   NOT NULL,
    neg_points bigint   NOT NULL,
    players    bigint   NOT NULL,
    PRIMARY KEY (scope, guild, neg_points)
);
CREATE TABLE rank_buckets (
    scope      smallint NOT NULL,
    guild      bigint   NOT NULL,
    neg_bucket bigint   NOT NULL,
    players    bigint   NOT NULL,
    PRIMARY KEY (scope, guild, neg_bucket)
);
INSERT INTO rank_counts (scope, guild, neg_points, players)
    SELECT 0, 0, neg_points, count(*) FROM players WHERE games > 0 GROUP BY neg_points;
INSERT INTO rank_counts (scope, guild, neg_points, players)
    SELECT 1, guild, neg_points, count(*) FROM player_guilds WHERE games > 0
    GROUP BY guild, neg_points;
INSERT INTO rank_buckets (scope, guild, neg_bucket, players)
    SELECT scope, guild, floor(neg_points::numeric / 256)::bigint, sum(players)
    FROM rank_counts GROUP BY 1, 2, 3;
