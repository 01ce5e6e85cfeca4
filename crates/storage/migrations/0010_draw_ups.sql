-- Schema version 10: the pairing's draw-up/draw-down cost (level 4 of the Swiss and McMahon
-- pairing, `tournament::swiss`), beside its other levels (NULL for rounds paired before:
-- read as 0).
ALTER TABLE pairing ADD COLUMN cost_dudd INTEGER;
