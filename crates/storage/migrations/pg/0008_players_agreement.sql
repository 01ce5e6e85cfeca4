-- Schema version 8 in PostgreSQL's dialect (see ../0008_players_agreement.sql): whether an
-- event lets its players' agreement on a result stand without a referee's confirmation.
ALTER TABLE event ADD COLUMN players_agreement BOOLEAN NOT NULL DEFAULT FALSE;
