-- Schema 10: members' saved layouts for the standard games (/deploy save, /layouts). One row
-- per member (`user_id`) with their whole record (up to 20 named layouts) in `record`,
-- rewritten under the row's lock on every save or delete; a member with none has no row.
CREATE TABLE saved_layouts (
    user_id bigint PRIMARY KEY,
    record  bytea NOT NULL
);
