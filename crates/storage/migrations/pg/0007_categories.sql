-- Schema version 7 in PostgreSQL's dialect (see ../0007_categories.sql): an event's
-- categories by rank and whether the pairing keeps players inside them.
ALTER TABLE event ADD COLUMN category_limits TEXT NOT NULL DEFAULT '';
ALTER TABLE event ADD COLUMN pair_within_categories BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE pairing ADD COLUMN cost_category BIGINT;
