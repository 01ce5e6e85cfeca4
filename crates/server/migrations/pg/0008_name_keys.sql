-- Server schema version 8 in PostgreSQL's dialect (see ../0008_name_keys.sql).

ALTER TABLE server_account ADD COLUMN skeleton TEXT;
CREATE UNIQUE INDEX server_account_skeleton ON server_account (skeleton);
