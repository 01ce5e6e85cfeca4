-- Schema version 4 in PostgreSQL's dialect (see ../0004_draw.sql): the draw as fixed at the
-- first pairing, 0-based; NULL before it and for events paired before version 4.
ALTER TABLE player ADD COLUMN draw_position INTEGER CHECK (draw_position >= 0);
