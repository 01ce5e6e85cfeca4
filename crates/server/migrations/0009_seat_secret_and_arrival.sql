-- Server schema version 9: the server's key, made once, under which the seat secrets are derived
-- (`secret::seat_link_secret`), so that an official can be shown a board's links
-- again; and when each seat's player first opened their link or joined (a board
-- started "when seated" starts its clock once both have).

CREATE TABLE IF NOT EXISTS server_secret (
    id  INTEGER PRIMARY KEY CHECK (id = 1),
    key TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS server_seat_arrival (
    game_id INTEGER NOT NULL REFERENCES server_game (id),
    color   TEXT NOT NULL CHECK (color IN ('black', 'white')),
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, color)
) STRICT, WITHOUT ROWID;
