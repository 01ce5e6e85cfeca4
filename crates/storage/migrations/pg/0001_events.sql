-- Schema version 1 in PostgreSQL's dialect: the same tables, columns and checks as
-- ../0001_events.sql (read that file for what each column means). Differences of dialect only:
-- row ids are identity columns, flags are BOOLEAN, ids and names compare and sort byte by byte
-- (COLLATE "C", as in SQLite), and timestamps are the same UTC text ('2024-05-01T09:30:00Z').
--
-- Every change to an event takes the next number of the event's sequence (`event.last_seq`)
-- and stores it in `seq`: loading an event replays the changes in that order.

CREATE TABLE event (
    id           TEXT COLLATE "C" PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
    name         TEXT NOT NULL,
    system       TEXT NOT NULL CHECK (system IN ('round-robin', 'knockout', 'swiss', 'swiss-elimination', 'mcmahon')),
    n_rounds     INTEGER NOT NULL CHECK (n_rounds >= 1),
    cycles       INTEGER NOT NULL DEFAULT 1 CHECK (cycles >= 1),
    lives        INTEGER NOT NULL DEFAULT 1 CHECK (lives >= 1),
    best_of      INTEGER NOT NULL DEFAULT 1 CHECK (best_of IN (1, 3, 5, 7)),
    grand_final_reset BOOLEAN NOT NULL DEFAULT FALSE,
    elimination_losses INTEGER NOT NULL DEFAULT 1 CHECK (elimination_losses >= 1),
    mcmahon_bar   TEXT,
    mcmahon_floor TEXT,
    bye_value    TEXT NOT NULL DEFAULT 'win' CHECK (bye_value IN ('win', 'draw', 'loss')),
    tie_breaks   TEXT NOT NULL DEFAULT '',
    total_score_divisor TEXT NOT NULL DEFAULT 'half-maximum',
    lateness_limit_minutes INTEGER NOT NULL DEFAULT 60 CHECK (lateness_limit_minutes >= 0),
    cycle_policy TEXT NOT NULL DEFAULT 'forbid',
    time_control TEXT NOT NULL DEFAULT '',
    -- The seed's 64 bits, as a signed integer.
    lots_seed    BIGINT NOT NULL DEFAULT 0,
    avoid_same_club   BOOLEAN NOT NULL DEFAULT FALSE,
    avoid_same_region BOOLEAN NOT NULL DEFAULT FALSE,
    last_seq     BIGINT NOT NULL DEFAULT 0,
    created_at   TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
);

CREATE TABLE player (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id    TEXT COLLATE "C" NOT NULL REFERENCES event (id) ON DELETE CASCADE,
    seq         BIGINT NOT NULL,
    name        TEXT COLLATE "C" NOT NULL CHECK (length(name) >= 1),
    rank        TEXT NOT NULL,
    rating      INTEGER,
    club        TEXT,
    region      TEXT,
    birth_date  TEXT,
    UNIQUE (event_id, name)
);

CREATE TABLE round (
    event_id    TEXT COLLATE "C" NOT NULL REFERENCES event (id) ON DELETE CASCADE,
    number      INTEGER NOT NULL CHECK (number >= 1),
    seq         BIGINT NOT NULL,
    origin      TEXT NOT NULL CHECK (origin IN ('computed', 'amended', 'manual')),
    paired_at   TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
    PRIMARY KEY (event_id, number)
);

CREATE TABLE pairing (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id    TEXT COLLATE "C" NOT NULL,
    round       INTEGER NOT NULL,
    board       INTEGER CHECK (board >= 1),
    black_id    BIGINT REFERENCES player (id),
    white_id    BIGINT REFERENCES player (id),
    bye_id      BIGINT REFERENCES player (id),
    idle_id     BIGINT REFERENCES player (id),
    changed     BOOLEAN NOT NULL DEFAULT FALSE,
    bracket_match INTEGER CHECK (bracket_match >= 0),
    cost_rematches   BIGINT,
    cost_gap_sq      BIGINT,
    cost_color       BIGINT,
    cost_split       BIGINT,
    cost_club_region BIGINT,
    FOREIGN KEY (event_id, round) REFERENCES round (event_id, number) ON DELETE CASCADE,
    UNIQUE (event_id, round, board),
    CHECK ((board IS NOT NULL AND black_id IS NOT NULL AND white_id IS NOT NULL AND black_id <> white_id
            AND bye_id IS NULL AND idle_id IS NULL)
        OR (board IS NULL AND black_id IS NULL AND white_id IS NULL
            AND (bye_id IS NULL) <> (idle_id IS NULL)))
);

CREATE INDEX pairing_round ON pairing (event_id, round);

CREATE TABLE result (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    pairing_id  BIGINT NOT NULL REFERENCES pairing (id) ON DELETE CASCADE,
    seq         BIGINT NOT NULL,
    result      TEXT NOT NULL,
    correction  BOOLEAN NOT NULL DEFAULT FALSE,
    recorded_at TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
);

CREATE INDEX result_pairing ON result (pairing_id);

CREATE TABLE withdrawal (
    player_id   BIGINT PRIMARY KEY REFERENCES player (id) ON DELETE CASCADE,
    seq         BIGINT NOT NULL,
    after_round INTEGER NOT NULL CHECK (after_round >= 0),
    reason      TEXT NOT NULL DEFAULT '',
    recorded_at TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
);
