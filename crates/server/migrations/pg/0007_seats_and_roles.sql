-- Server schema version 7 in PostgreSQL's dialect (see ../0007_seats_and_roles.sql).

CREATE TABLE IF NOT EXISTS server_player_account (
    event_id   TEXT NOT NULL,
    player     TEXT NOT NULL,
    account_id BIGINT NOT NULL REFERENCES server_account (id),
    linked_by  BIGINT NOT NULL,
    at         BIGINT NOT NULL,
    PRIMARY KEY (event_id, player)
);
CREATE UNIQUE INDEX IF NOT EXISTS server_player_account_once ON server_player_account (event_id, account_id);
CREATE TABLE IF NOT EXISTS server_claim_code (
    code_hash TEXT PRIMARY KEY,
    event_id  TEXT NOT NULL,
    player    TEXT NOT NULL,
    issued_by BIGINT NOT NULL,
    at        BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS server_open_game (
    game_id BIGINT PRIMARY KEY REFERENCES server_game (id)
);
CREATE TABLE IF NOT EXISTS server_role_change (
    id         BIGSERIAL PRIMARY KEY,
    event_id   TEXT NOT NULL,
    account_id BIGINT NOT NULL,
    role       TEXT NOT NULL,
    change     TEXT NOT NULL CHECK (change IN ('grant', 'revoke')),
    by_account BIGINT,
    at         BIGINT NOT NULL
);
