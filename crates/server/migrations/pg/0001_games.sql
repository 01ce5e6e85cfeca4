-- Server schema version 1 in PostgreSQL's dialect (see ../0001_games.sql).

CREATE TABLE server_game (
    id            BIGSERIAL PRIMARY KEY,
    event_id      TEXT,
    round         BIGINT,
    board         BIGINT,
    settings      TEXT NOT NULL,
    secret_black  TEXT NOT NULL,
    secret_white  TEXT NOT NULL,
    owner         BIGINT,
    account_black BIGINT,
    account_white BIGINT,
    created_at    BIGINT NOT NULL
);
CREATE TABLE server_game_event (
    game_id BIGINT NOT NULL REFERENCES server_game (id),
    seq     BIGINT NOT NULL,
    event   TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE server_account (
    id            BIGSERIAL PRIMARY KEY,
    name          TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at    BIGINT NOT NULL
);
CREATE TABLE server_session (
    token_hash TEXT PRIMARY KEY,
    account_id BIGINT NOT NULL REFERENCES server_account (id),
    created_at BIGINT NOT NULL
);
CREATE TABLE server_role (
    event_id   TEXT NOT NULL,
    account_id BIGINT NOT NULL REFERENCES server_account (id),
    role       TEXT NOT NULL,
    PRIMARY KEY (event_id, account_id, role)
);
CREATE TABLE server_heartbeat (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at BIGINT NOT NULL
);
