-- Schema 6: the quick-match queue (/play). One row per waiting member (a member waits in one
-- server's queue at a time), the whole entry (channel, clock, points, when they joined) in
-- `record`; the guild beside it for the operator's eye.
CREATE TABLE queue (
    user_id bigint PRIMARY KEY,
    guild   bigint NOT NULL,
    record  bytea NOT NULL
);
