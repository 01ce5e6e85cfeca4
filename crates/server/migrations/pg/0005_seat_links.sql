-- Server schema version 5 in PostgreSQL's dialect (see ../0005_seat_links.sql).

CREATE TABLE server_seat_link (
    id         BIGSERIAL PRIMARY KEY,
    game_id    BIGINT NOT NULL REFERENCES server_game (id),
    color      TEXT NOT NULL CHECK (color IN ('black', 'white')),
    account_id BIGINT NOT NULL REFERENCES server_account (id),
    at         BIGINT NOT NULL
);
