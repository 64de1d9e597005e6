-- Schema 5: arena tournaments (/tournament). One row per tournament, its whole record (schedule,
-- players, scores, streaks, games in progress) in `record`, rewritten on every change; the
-- channel and phase beside it for the operator's eye.
CREATE TABLE tournaments (
    id      bigint PRIMARY KEY,
    guild   bigint NOT NULL,
    channel bigint NOT NULL,
    open    boolean NOT NULL,
    record  bytea NOT NULL
);
