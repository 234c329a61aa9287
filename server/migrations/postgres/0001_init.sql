-- Anonymous players: only the SHA-256 of each secret is kept.
CREATE TABLE players (
    id          TEXT PRIMARY KEY,
    secret_hash TEXT NOT NULL UNIQUE,
    name        TEXT,
    created     BIGINT NOT NULL
);

-- One row a room: the library's serde record of the room (JSON) and `seq`,
-- which every write increments (optimistic concurrency: UPDATE ... WHERE seq = ?).
CREATE TABLE rooms (
    id            TEXT PRIMARY KEY,
    mode          TEXT NOT NULL,
    record        TEXT NOT NULL,
    seq           BIGINT NOT NULL,
    first_player  TEXT NOT NULL REFERENCES players(id),
    second_player TEXT REFERENCES players(id),
    state         TEXT NOT NULL,
    deadline      BIGINT,
    created       BIGINT NOT NULL,
    updated       BIGINT NOT NULL
);
CREATE INDEX rooms_deadline ON rooms(deadline) WHERE deadline IS NOT NULL;

-- Each finished game between two players, written in the transaction that ends it.
CREATE TABLE games (
    room          TEXT NOT NULL REFERENCES rooms(id),
    game_number   BIGINT NOT NULL,
    mode          TEXT NOT NULL,
    first_player  TEXT NOT NULL REFERENCES players(id),
    second_player TEXT NOT NULL REFERENCES players(id),
    winner        TEXT,
    result        TEXT NOT NULL,
    moves         BIGINT NOT NULL,
    finished      BIGINT NOT NULL,
    PRIMARY KEY (room, game_number)
);
CREATE INDEX games_first ON games(first_player);
CREATE INDEX games_second ON games(second_player);

-- Glicko-2 rating of a player in one mode (each rule set its own ranking).
CREATE TABLE ratings (
    player     TEXT NOT NULL REFERENCES players(id),
    mode       TEXT NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      BIGINT NOT NULL,
    wins       BIGINT NOT NULL,
    losses     BIGINT NOT NULL,
    draws      BIGINT NOT NULL,
    PRIMARY KEY (player, mode)
);
CREATE INDEX ratings_board ON ratings(mode, rating);
