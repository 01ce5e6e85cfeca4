-- Server schema version 9 in PostgreSQL's dialect (see ../0009_seat_secret_and_arrival.sql).

CREATE TABLE IF NOT EXISTS server_secret (
    id  INTEGER PRIMARY KEY CHECK (id = 1),
    key TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS server_seat_arrival (
    game_id BIGINT NOT NULL REFERENCES server_game (id),
    color   TEXT NOT NULL CHECK (color IN ('black', 'white')),
    at      BIGINT NOT NULL,
    PRIMARY KEY (game_id, color)
);
