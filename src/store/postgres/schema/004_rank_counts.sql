-- Schema 4: how many players of each leaderboard stand on each points value, so that a place
-- (shared by equal points: 1 + the players with more points) sums one row per distinct value
-- above instead of counting players. Scope 0 with guild 0 is the global board, scope 1 a
-- guild's. Kept in the transaction that writes the players' rows, in (scope, guild,
-- neg_points) order so that concurrent writers cannot deadlock; a row that reaches zero goes.
CREATE TABLE rank_counts (
    scope      smallint NOT NULL,
    guild      bigint   NOT NULL,
    neg_points bigint   NOT NULL,
    players    bigint   NOT NULL,
    PRIMARY KEY (scope, guild, neg_points)
);
INSERT INTO rank_counts (scope, guild, neg_points, players)
    SELECT 0, 0, neg_points, count(*) FROM players WHERE games > 0 GROUP BY neg_points;
INSERT INTO rank_counts (scope, guild, neg_points, players)
    SELECT 1, guild, neg_points, count(*) FROM player_guilds WHERE games > 0
    GROUP BY guild, neg_points;
