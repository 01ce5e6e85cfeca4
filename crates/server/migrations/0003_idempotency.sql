-- Server schema version 3: a game created with an Idempotency-Key: the key, unique per account, and the
-- digest of the request it was created by (a retry must be the same request).

ALTER TABLE server_game ADD COLUMN idempotency_key TEXT;
ALTER TABLE server_game ADD COLUMN request_digest TEXT;
CREATE UNIQUE INDEX server_game_idempotency ON server_game (owner, idempotency_key)
    WHERE idempotency_key IS NOT NULL;
