-- Server schema version 1: the server's tables: games and their events, accounts, sessions, roles
-- and the heartbeat of the one server on the file.

CREATE TABLE server_game (
    id            INTEGER PRIMARY KEY,
    event_id      TEXT,
    round         INTEGER,
    board         INTEGER,
    settings      TEXT NOT NULL,
    secret_black  TEXT NOT NULL,
    secret_white  TEXT NOT NULL,
    owner         INTEGER,
    account_black INTEGER,
    account_white INTEGER,
    created_at    INTEGER NOT NULL
) STRICT;
CREATE TABLE server_game_event (
    game_id INTEGER NOT NULL REFERENCES server_game (id),
    seq     INTEGER NOT NULL,
    event   TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) STRICT, WITHOUT ROWID;
CREATE TABLE server_account (
    id            INTEGER PRIMARY KEY,
    name          TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at    INTEGER NOT NULL
) STRICT;
CREATE TABLE server_session (
    token_hash TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES server_account (id),
    created_at INTEGER NOT NULL
) STRICT;
CREATE TABLE server_role (
    event_id   TEXT NOT NULL,
    account_id INTEGER NOT NULL REFERENCES server_account (id),
    role       TEXT NOT NULL,
    PRIMARY KEY (event_id, account_id, role)
) STRICT;
CREATE TABLE server_heartbeat (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at INTEGER NOT NULL
) STRICT;
