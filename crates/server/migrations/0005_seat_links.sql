-- Server schema version 5: a seat's secret link issued again by an official: which seat, who, when (the new
-- digest replaces the old in server_game).

CREATE TABLE server_seat_link (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES server_game (id),
    color      TEXT NOT NULL CHECK (color IN ('black', 'white')),
    account_id INTEGER NOT NULL REFERENCES server_account (id),
    at         INTEGER NOT NULL
) STRICT;
