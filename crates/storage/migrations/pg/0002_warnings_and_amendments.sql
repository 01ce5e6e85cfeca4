-- Schema version 2 in PostgreSQL's dialect (see ../0002_warnings_and_amendments.sql): warnings
-- (Art. 24), the proposals the director amended, and changes to the number of rounds (Art. 26.3).

CREATE TABLE warning (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    pairing_id  BIGINT NOT NULL REFERENCES pairing (id) ON DELETE CASCADE,
    player_id   BIGINT NOT NULL REFERENCES player (id) ON DELETE CASCADE,
    seq         BIGINT NOT NULL,
    note        TEXT NOT NULL DEFAULT '',
    recorded_at TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
);

CREATE INDEX warning_pairing ON warning (pairing_id);

CREATE TABLE proposed_pairing (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id    TEXT COLLATE "C" NOT NULL,
    round       INTEGER NOT NULL,
    black_id    BIGINT REFERENCES player (id),
    white_id    BIGINT REFERENCES player (id),
    bye_id      BIGINT REFERENCES player (id),
    FOREIGN KEY (event_id, round) REFERENCES round (event_id, number) ON DELETE CASCADE,
    CHECK ((bye_id IS NULL AND black_id IS NOT NULL AND white_id IS NOT NULL)
        OR (bye_id IS NOT NULL AND black_id IS NULL AND white_id IS NULL))
);

CREATE TABLE rounds_change (
    event_id    TEXT COLLATE "C" NOT NULL REFERENCES event (id) ON DELETE CASCADE,
    seq         BIGINT NOT NULL,
    n_rounds    INTEGER NOT NULL CHECK (n_rounds >= 1),
    recorded_at TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
    PRIMARY KEY (event_id, seq)
);
