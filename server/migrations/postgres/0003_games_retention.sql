-- Each finished game is stored once, in its own row, with its PDN; a room's
-- record keeps its current game only. A game outlives its room (a finished
-- room is deleted after the rematch window), so `games.room` no longer
-- references `rooms`. `rated`: the game counted for the ratings;
-- `aborted`: it was stopped before each side had made two moves.
ALTER TABLE games DROP CONSTRAINT IF EXISTS games_room_fkey;
ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE games ADD COLUMN aborted BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE games ADD COLUMN pdn TEXT;
DROP INDEX games_first;
DROP INDEX games_second;
CREATE INDEX games_first ON games(first_player, finished);
CREATE INDEX games_second ON games(second_player, finished);

-- `expires`: when a finished or expired room is deleted (the end of its
-- rematch window). `quarantine`: why a stored room that does not restore
-- was set aside (the sweep skips it; an operator looks at it).
ALTER TABLE rooms ADD COLUMN expires BIGINT;
ALTER TABLE rooms ADD COLUMN quarantine TEXT;
UPDATE rooms SET expires = updated + 604800 WHERE state IN ('finished', 'expired');
CREATE INDEX rooms_expires ON rooms(expires) WHERE expires IS NOT NULL;
CREATE INDEX rooms_first ON rooms(first_player, state);
CREATE INDEX rooms_second ON rooms(second_player, state);
CREATE INDEX players_created ON players(created);
