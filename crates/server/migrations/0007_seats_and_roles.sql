-- Server schema version 7: who may take a seat, and who appointed whom. A registered player of an event is
-- linked to at most one account (by an official, or by the player redeeming a
-- one-time claim code whose digest is kept here); a free game whose creator opened
-- its seats to the first accounts to join is listed in server_open_game (the others
-- are played through their seat links); every role granted or revoked is recorded
-- with who did it and when.

CREATE TABLE IF NOT EXISTS server_player_account (
    event_id   TEXT NOT NULL,
    player     TEXT NOT NULL,
    account_id INTEGER NOT NULL REFERENCES server_account (id),
    linked_by  INTEGER NOT NULL,
    at         INTEGER NOT NULL,
    PRIMARY KEY (event_id, player)
) STRICT;
CREATE UNIQUE INDEX IF NOT EXISTS server_player_account_once ON server_player_account (event_id, account_id);
CREATE TABLE IF NOT EXISTS server_claim_code (
    code_hash TEXT PRIMARY KEY,
    event_id  TEXT NOT NULL,
    player    TEXT NOT NULL,
    issued_by INTEGER NOT NULL,
    at        INTEGER NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS server_open_game (
    game_id INTEGER PRIMARY KEY REFERENCES server_game (id)
) STRICT;
CREATE TABLE IF NOT EXISTS server_role_change (
    id         INTEGER PRIMARY KEY,
    event_id   TEXT NOT NULL,
    account_id INTEGER NOT NULL,
    role       TEXT NOT NULL,
    change     TEXT NOT NULL CHECK (change IN ('grant', 'revoke')),
    by_account INTEGER,
    at         INTEGER NOT NULL
) STRICT;
