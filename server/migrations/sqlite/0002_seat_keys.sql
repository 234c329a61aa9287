-- A seat key: the secret of one seated player's own link to one room (only
-- its SHA-256 is kept). It acts for that player in that room and nowhere
-- else; one a seat: a new one replaces (revokes) the old.
CREATE TABLE seat_keys (
    room     TEXT NOT NULL REFERENCES rooms(id),
    player   TEXT NOT NULL REFERENCES players(id),
    key_hash TEXT NOT NULL UNIQUE,
    created  INTEGER NOT NULL,
    PRIMARY KEY (room, player)
);
