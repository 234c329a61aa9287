-- Each finished game is stored once, in its own row, with its PDN; a room's
-- record keeps its current game only. A game outlives its room (a finished
-- room is deleted after the rematch window), so `games.room` no longer
-- references `rooms` (SQLite: the table is rebuilt without that reference).
-- `rated`: the game counted for the ratings; `aborted`: it was stopped
-- before each side had made two moves.
CREATE TABLE games_v3 (
    room          TEXT NOT NULL,
    game_number   INTEGER NOT NULL,
    mode          TEXT NOT NULL,
    first_player  TEXT NOT NULL REFERENCES players(id),
    second_player TEXT NOT NULL REFERENCES players(id),
    winner        TEXT,
    result        TEXT NOT NULL,
    moves         INTEGER NOT NULL,
    finished      INTEGER NOT NULL,
    rated         INTEGER NOT NULL DEFAULT 1,
    aborted       INTEGER NOT NULL DEFAULT 0,
    pdn           TEXT,
    PRIMARY KEY (room, game_number)
);
INSERT INTO games_v3 (room, game_number, mode, first_player, second_player, winner, result, moves, finished)
    SELECT room, game_number, mode, first_player, second_player, winner, result, moves, finished FROM games;
DROP TABLE games;
ALTER TABLE games_v3 RENAME TO games;
CREATE INDEX games_first ON games(first_player, finished);
CREATE INDEX games_second ON games(second_player, finished);

-- `expires`: when a finished or expired room is deleted (the end of its
-- rematch window). `quarantine`: why a stored room that does not restore
-- was set aside (the sweep skips it; an operator looks at it).
ALTER TABLE rooms ADD COLUMN expires INTEGER;
ALTER TABLE rooms ADD COLUMN quarantine TEXT;
UPDATE rooms SET expires = updated + 604800 WHERE state IN ('finished', 'expired');
CREATE INDEX rooms_expires ON rooms(expires) WHERE expires IS NOT NULL;
CREATE INDEX rooms_first ON rooms(first_player, state);
CREATE INDEX rooms_second ON rooms(second_player, state);
CREATE INDEX players_created ON players(created);
