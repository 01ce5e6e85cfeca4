-- Schema version 9: each player's lot (抽签), drawn once at registration from the event's
-- seed (tournament::Event::lot) and kept, so a late registration draws no one else's. NULL
-- for a player registered before: such an event's lots were one permutation of its field
-- at its size (tournament::Event::legacy_lots); they are given to the players on loading,
-- and written the first time the event registers another player, so its order stays.
ALTER TABLE player ADD COLUMN lot INTEGER CHECK (lot BETWEEN 0 AND 4294967295);
