-- Server schema version 2 in PostgreSQL's dialect (see ../0002_session_expiry.sql).

ALTER TABLE server_session ADD COLUMN last_used BIGINT NOT NULL DEFAULT 0;
UPDATE server_session SET last_used = created_at;
