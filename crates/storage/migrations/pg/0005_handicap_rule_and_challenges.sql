-- Schema version 5 in PostgreSQL's dialect (see ../0005_handicap_rule_and_challenges.sql): a
-- McMahon event's handicap rule, and challenge matches kept as their record.
ALTER TABLE event ADD COLUMN handicap_basis TEXT NOT NULL DEFAULT 'rank' CHECK (handicap_basis IN ('rank', 'mms'));
ALTER TABLE event ADD COLUMN handicap_bar TEXT;
ALTER TABLE event ADD COLUMN handicap_correction INTEGER NOT NULL DEFAULT 0 CHECK (handicap_correction >= 0);
ALTER TABLE event ADD COLUMN handicap_ceiling INTEGER NOT NULL DEFAULT 9 CHECK (handicap_ceiling BETWEEN 0 AND 9);

ALTER TABLE team_event ADD COLUMN kind TEXT NOT NULL DEFAULT 'team' CHECK (kind IN ('team', 'challenge'));
