-- Schema version 10 in PostgreSQL's dialect (see ../0010_draw_ups.sql): the pairing's
-- draw-up/draw-down cost.
ALTER TABLE pairing ADD COLUMN cost_dudd BIGINT;
