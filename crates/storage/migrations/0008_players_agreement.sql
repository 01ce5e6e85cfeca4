-- Schema version 8: whether an event lets its players' agreement on a result stand without a
-- referee's confirmation (Art. 16.4; a club event's choice). Off for every event stored before:
-- both players and a referee confirm.
ALTER TABLE event ADD COLUMN players_agreement INTEGER NOT NULL DEFAULT 0 CHECK (players_agreement IN (0, 1));
