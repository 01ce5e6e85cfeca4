-- Schema version 1: events with their settings, players, rounds, pairings, results and
-- withdrawals. Player names are unique within an event; pairings refer to players by id.

CREATE TABLE event (
    id           TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 64),
    name         TEXT NOT NULL,
    system       TEXT NOT NULL CHECK (system IN ('swiss', 'mcmahon', 'round-robin', 'double-round-robin',
                                                 'knockout', 'double-elimination', 'swiss-elimination')),
    n_rounds     INTEGER NOT NULL CHECK (n_rounds BETWEEN 1 AND 1000),
    -- Scoring and ranking (Art. 27): the value of a bye and the tie-break chain, comma-separated.
    bye_value    TEXT NOT NULL DEFAULT 'win' CHECK (bye_value IN ('win', 'draw', 'loss')),
    tie_breaks   TEXT NOT NULL,
    -- Art. 22: over this many minutes late loses the game (60 apart from lodging, 15 with it).
    lateness_limit_minutes INTEGER NOT NULL DEFAULT 60 CHECK (lateness_limit_minutes >= 0),
    -- Art. 20: what a long cycle does (forbid, no-result, draw, replay).
    cycle_policy TEXT NOT NULL DEFAULT 'forbid',
    -- Art. 12: the time control as a clock spec (`1h+3x60s`).
    time_control TEXT NOT NULL DEFAULT 'none',
    -- Lots, the last tie-break, are drawn from this seed so that they can be replayed.
    lots_seed    INTEGER NOT NULL DEFAULT 0,
    avoid_same_club   INTEGER NOT NULL DEFAULT 0 CHECK (avoid_same_club IN (0, 1)),
    avoid_same_region INTEGER NOT NULL DEFAULT 0 CHECK (avoid_same_region IN (0, 1)),
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;

CREATE TABLE player (
    id          INTEGER PRIMARY KEY,
    event_id    TEXT NOT NULL REFERENCES event (id) ON DELETE CASCADE,
    name        TEXT NOT NULL CHECK (length(name) >= 1),
    rank        TEXT NOT NULL,
    rating      INTEGER,
    club        TEXT,
    region      TEXT,
    birth_date  TEXT,
    UNIQUE (event_id, name)
) STRICT;

CREATE TABLE round (
    event_id    TEXT NOT NULL REFERENCES event (id) ON DELETE CASCADE,
    number      INTEGER NOT NULL CHECK (number >= 1),
    -- Why the pairing is what it is (the cost parts of the Swiss matching), for the director.
    note        TEXT NOT NULL DEFAULT '',
    paired_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (event_id, number)
) STRICT;

-- A game (board, black, white) or a bye (player only). `manual`: made by the director, not by
-- the pairing program; `changed`: proposed by the program, then changed by the director.
CREATE TABLE pairing (
    id          INTEGER PRIMARY KEY,
    event_id    TEXT NOT NULL,
    round       INTEGER NOT NULL,
    board       INTEGER CHECK (board >= 1),
    black_id    INTEGER REFERENCES player (id),
    white_id    INTEGER REFERENCES player (id),
    bye_id      INTEGER REFERENCES player (id),
    manual      INTEGER NOT NULL DEFAULT 0 CHECK (manual IN (0, 1)),
    changed     INTEGER NOT NULL DEFAULT 0 CHECK (changed IN (0, 1)),
    explanation TEXT NOT NULL DEFAULT '',
    FOREIGN KEY (event_id, round) REFERENCES round (event_id, number) ON DELETE CASCADE,
    UNIQUE (event_id, round, board),
    CHECK ((bye_id IS NULL AND board IS NOT NULL AND black_id IS NOT NULL AND white_id IS NOT NULL
            AND black_id <> white_id)
        OR (bye_id IS NOT NULL AND board IS NULL AND black_id IS NULL AND white_id IS NULL))
) STRICT;

CREATE INDEX pairing_round ON pairing (event_id, round);

-- Results are appended, never edited: the latest row of a pairing is its result, earlier ones
-- are the history of corrections.
CREATE TABLE result (
    id          INTEGER PRIMARY KEY,
    pairing_id  INTEGER NOT NULL REFERENCES pairing (id) ON DELETE CASCADE,
    result      TEXT NOT NULL,
    correction  INTEGER NOT NULL DEFAULT 0 CHECK (correction IN (0, 1)),
    recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;

CREATE INDEX result_pairing ON result (pairing_id);

-- Art. 28: a player who withdrew after `after_round` rounds had been paired.
CREATE TABLE withdrawal (
    player_id   INTEGER PRIMARY KEY REFERENCES player (id) ON DELETE CASCADE,
    after_round INTEGER NOT NULL CHECK (after_round >= 0),
    reason      TEXT NOT NULL DEFAULT '',
    recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;
