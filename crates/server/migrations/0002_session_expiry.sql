-- Server schema version 2: sessions expire: after an idle time (sliding, from the last use) and after a
-- lifetime (from the login); `last_used` is when the session was last seen.

ALTER TABLE server_session ADD COLUMN last_used INTEGER NOT NULL DEFAULT 0;
UPDATE server_session SET last_used = created_at;
