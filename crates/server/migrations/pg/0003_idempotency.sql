-- Server schema version 3 in PostgreSQL's dialect (see ../0003_idempotency.sql).

ALTER TABLE server_game ADD COLUMN idempotency_key TEXT;
ALTER TABLE server_game ADD COLUMN request_digest TEXT;
CREATE UNIQUE INDEX server_game_idempotency ON server_game (owner, idempotency_key)
    WHERE idempotency_key IS NOT NULL;
