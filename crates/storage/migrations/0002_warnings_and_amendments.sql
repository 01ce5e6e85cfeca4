-- Schema version 2: warnings (counted by a tie-break, Art. 24 and 27), the proposals that
-- the director amended (kept beside the pairing that was played), and changes to the
-- number of rounds (Art. 26.3).

-- A warning to one player of a game (Art. 24).
CREATE TABLE warning (
    id          INTEGER PRIMARY KEY,
    pairing_id  INTEGER NOT NULL REFERENCES pairing (id) ON DELETE CASCADE,
    player_id   INTEGER NOT NULL REFERENCES player (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    note        TEXT NOT NULL DEFAULT '',
    recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;

CREATE INDEX warning_pairing ON warning (pairing_id);

-- What the program proposed for a round the director then amended (origin 'amended').
CREATE TABLE proposed_pairing (
    id          INTEGER PRIMARY KEY,
    event_id    TEXT NOT NULL,
    round       INTEGER NOT NULL,
    black_id    INTEGER REFERENCES player (id),
    white_id    INTEGER REFERENCES player (id),
    bye_id      INTEGER REFERENCES player (id),
    FOREIGN KEY (event_id, round) REFERENCES round (event_id, number) ON DELETE CASCADE,
    CHECK ((bye_id IS NULL AND black_id IS NOT NULL AND white_id IS NOT NULL)
        OR (bye_id IS NOT NULL AND black_id IS NULL AND white_id IS NULL))
) STRICT;

-- Art. 26.3: Swiss rounds can be added or dropped.
CREATE TABLE rounds_change (
    event_id    TEXT NOT NULL REFERENCES event (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    n_rounds    INTEGER NOT NULL CHECK (n_rounds >= 1),
    recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (event_id, seq)
) STRICT;
