-- Schema version 1: events with their system and settings, players, rounds, pairings,
-- results and withdrawals.
--
-- Every change to an event takes the next number of the event's sequence (`event.last_seq`)
-- and stores it in `seq`: loading an event replays the changes in that order through the
-- tournament crate, so the event comes back exactly as it was built (late entries, results
-- and withdrawals in the order they happened).

CREATE TABLE event (
    id           TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 64),
    name         TEXT NOT NULL,
    -- Art. 26, with the system's parameters below.
    system       TEXT NOT NULL CHECK (system IN ('round-robin', 'knockout', 'swiss', 'swiss-elimination', 'mcmahon')),
    -- The planned rounds when the event was created (changes are in `rounds_change`).
    n_rounds     INTEGER NOT NULL CHECK (n_rounds >= 1),
    -- Round robin: cycles (1 single, 2 double, …).
    cycles       INTEGER NOT NULL DEFAULT 1 CHECK (cycles >= 1),
    -- Knockout: lost matches that eliminate (1 single, 2 double elimination, …), games per
    -- match (Art. 26.5), and whether a grand final won from the loser bracket is replayed.
    lives        INTEGER NOT NULL DEFAULT 1 CHECK (lives >= 1),
    best_of      INTEGER NOT NULL DEFAULT 1 CHECK (best_of IN (1, 3, 5, 7)),
    grand_final_reset INTEGER NOT NULL DEFAULT 0 CHECK (grand_final_reset IN (0, 1)),
    -- Swiss with elimination (Art. 26.4): lost games that eliminate.
    elimination_losses INTEGER NOT NULL DEFAULT 1 CHECK (elimination_losses >= 1),
    -- McMahon: the bar and the floor, as ranks.
    mcmahon_bar   TEXT,
    mcmahon_floor TEXT,
    -- Scoring and ranking (Art. 27): the bye's value; the tie-break chain, comma-separated
    -- names, empty for the system's default; the total score's divisor
    -- ('half-maximum', 'half-leader' or a number).
    bye_value    TEXT NOT NULL DEFAULT 'win' CHECK (bye_value IN ('win', 'draw', 'loss')),
    tie_breaks   TEXT NOT NULL DEFAULT '',
    total_score_divisor TEXT NOT NULL DEFAULT 'half-maximum',
    -- Art. 22: more than this many minutes late loses (60 apart from lodging, 15 with it).
    lateness_limit_minutes INTEGER NOT NULL DEFAULT 60 CHECK (lateness_limit_minutes >= 0),
    -- Art. 20: what a long cycle does (forbid, no-result, draw, replay).
    cycle_policy TEXT NOT NULL DEFAULT 'forbid',
    -- Art. 12: the time control as a clock spec (`1h+3x60s`), empty if none was set.
    time_control TEXT NOT NULL DEFAULT '',
    -- Every lot of the event (draw, colors, the last tie-break) comes from this seed.
    lots_seed    INTEGER NOT NULL DEFAULT 0,
    avoid_same_club   INTEGER NOT NULL DEFAULT 0 CHECK (avoid_same_club IN (0, 1)),
    avoid_same_region INTEGER NOT NULL DEFAULT 0 CHECK (avoid_same_region IN (0, 1)),
    last_seq     INTEGER NOT NULL DEFAULT 0,
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;

CREATE TABLE player (
    id          INTEGER PRIMARY KEY,
    event_id    TEXT NOT NULL REFERENCES event (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    name        TEXT NOT NULL CHECK (length(name) >= 1),
    rank        TEXT NOT NULL,
    rating      INTEGER,
    club        TEXT,
    region      TEXT,
    birth_date  TEXT,
    UNIQUE (event_id, name)
) STRICT;

-- `origin`: 'computed' as the system proposed it, 'amended' by the director from the
-- proposal (kept in `proposed_pairing`), 'manual' paired by hand.
CREATE TABLE round (
    event_id    TEXT NOT NULL REFERENCES event (id) ON DELETE CASCADE,
    number      INTEGER NOT NULL CHECK (number >= 1),
    seq         INTEGER NOT NULL,
    origin      TEXT NOT NULL CHECK (origin IN ('computed', 'amended', 'manual')),
    paired_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (event_id, number)
) STRICT;

-- A game (board, black, white), a bye (`bye_id`), or an active player left out of the round
-- (`idle_id`: a knockout player waiting, an opponent of a voided player). `changed`: not as the program
-- proposed it (a manual round, or a game the director changed). `bracket_match`: the
-- knockout match the game belongs to. The cost parts say why the Swiss matching paired the
-- two (rematches, squared score gap, color clash, half split, same club/region).
CREATE TABLE pairing (
    id          INTEGER PRIMARY KEY,
    event_id    TEXT NOT NULL,
    round       INTEGER NOT NULL,
    board       INTEGER CHECK (board >= 1),
    black_id    INTEGER REFERENCES player (id),
    white_id    INTEGER REFERENCES player (id),
    bye_id      INTEGER REFERENCES player (id),
    idle_id     INTEGER REFERENCES player (id),
    changed     INTEGER NOT NULL DEFAULT 0 CHECK (changed IN (0, 1)),
    bracket_match INTEGER CHECK (bracket_match >= 0),
    cost_rematches   INTEGER,
    cost_gap_sq      INTEGER,
    cost_color       INTEGER,
    cost_split       INTEGER,
    cost_club_region INTEGER,
    FOREIGN KEY (event_id, round) REFERENCES round (event_id, number) ON DELETE CASCADE,
    UNIQUE (event_id, round, board),
    CHECK ((board IS NOT NULL AND black_id IS NOT NULL AND white_id IS NOT NULL AND black_id <> white_id
            AND bye_id IS NULL AND idle_id IS NULL)
        OR (board IS NULL AND black_id IS NULL AND white_id IS NULL
            AND (bye_id IS NULL) <> (idle_id IS NULL)))
) STRICT;

CREATE INDEX pairing_round ON pairing (event_id, round);

-- Results are appended, never edited: the latest row of a pairing is its result, earlier
-- ones are the history of corrections (`correction` = 1 on the later rows).
CREATE TABLE result (
    id          INTEGER PRIMARY KEY,
    pairing_id  INTEGER NOT NULL REFERENCES pairing (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    result      TEXT NOT NULL,
    correction  INTEGER NOT NULL DEFAULT 0 CHECK (correction IN (0, 1)),
    recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;

CREATE INDEX result_pairing ON result (pairing_id);

-- Art. 28: a player who withdrew after `after_round` rounds had been paired.
CREATE TABLE withdrawal (
    player_id   INTEGER PRIMARY KEY REFERENCES player (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    after_round INTEGER NOT NULL CHECK (after_round >= 0),
    reason      TEXT NOT NULL DEFAULT '',
    recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;
