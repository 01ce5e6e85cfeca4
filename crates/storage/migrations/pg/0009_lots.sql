-- Schema version 9 in PostgreSQL's dialect (see ../0009_lots.sql): each player's lot, drawn
-- once at registration and kept; NULL for a player registered before.
ALTER TABLE player ADD COLUMN lot BIGINT CHECK (lot BETWEEN 0 AND 4294967295);
