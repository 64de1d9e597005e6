-- Schema 3: a player's record counts unrated games apart (`unrated_*` fields), and the rated
-- totals (wins, games: the columns the leaderboard index sorts on) count rated games only.
-- Records are postcard bytes SQL cannot read: the step that follows this file in `schema.rs`
-- rewrites every player from the finished games, in this same transaction. Nothing else of the
-- table changes.
SELECT 1;
