-- Schema version 6: per-round participation and pre-registration (OpenGotha's `participating`
-- and `registeringStatus`). A row says that a player takes part (`takes_part` 1) or not (0) in
-- round `round`, a round not yet paired when it was written; with `round` NULL it says the
-- player is confirmed (1) or only pre-registered (0). Replayed in the event's sequence order.
CREATE TABLE participation (
    id          INTEGER PRIMARY KEY,
    player_id   INTEGER NOT NULL REFERENCES player (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    round       INTEGER CHECK (round >= 1),
    takes_part  INTEGER NOT NULL CHECK (takes_part IN (0, 1)),
    recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;

CREATE INDEX participation_player ON participation (player_id);
