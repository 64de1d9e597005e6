-- Schema 9: the win-chance series of analysed finished games (/analyse), one row per game
-- (`id`), its whole record (checksummed) in `record`. Derived data: a row can be recomputed.
CREATE TABLE analyses (
    id     bigint PRIMARY KEY,
    record bytea NOT NULL
);
