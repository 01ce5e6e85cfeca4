-- Schema version 4: the draw (round-robin numbers, knockout seeds) as fixed at the first
-- pairing, 0-based, so that replaying an event keeps it even if the way of drawing changes.
-- NULL before the first pairing, and for events paired before version 4: their draw is made
-- again on replay, as before.
ALTER TABLE player ADD COLUMN draw_position INTEGER CHECK (draw_position >= 0);
