-- Schema version 2: warnings (a tie-break, Art. 27), the log of the director's pairing
-- changes, and the settings of McMahon, knockout and Swiss-with-elimination events.

-- Art. 24: warnings over the event; fewer is better in the tie-break chain (Art. 27 B).
CREATE TABLE warning (
    id          INTEGER PRIMARY KEY,
    player_id   INTEGER NOT NULL REFERENCES player (id) ON DELETE CASCADE,
    round       INTEGER CHECK (round >= 1),
    note        TEXT NOT NULL DEFAULT '',
    recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;

CREATE INDEX warning_player ON warning (player_id);

-- Every change the director made to a pairing, in words, in order.
CREATE TABLE pairing_edit (
    id          INTEGER PRIMARY KEY,
    event_id    TEXT NOT NULL,
    round       INTEGER NOT NULL,
    description TEXT NOT NULL,
    recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    FOREIGN KEY (event_id, round) REFERENCES round (event_id, number) ON DELETE CASCADE
) STRICT;

-- McMahon: ranks at or above the bar start equal; ranks below the floor start equal.
ALTER TABLE event ADD COLUMN mcmahon_bar TEXT;
ALTER TABLE event ADD COLUMN mcmahon_floor TEXT;
-- Swiss with elimination (Art. 26.4): a player with this many losses drops out (0: never).
ALTER TABLE event ADD COLUMN elimination_losses INTEGER NOT NULL DEFAULT 0 CHECK (elimination_losses >= 0);
-- Knockout (Art. 26.5): games per match, odd, 1 to 7.
ALTER TABLE event ADD COLUMN best_of INTEGER NOT NULL DEFAULT 1 CHECK (best_of IN (1, 3, 5, 7));
-- Double elimination: the grand final is replayed when the loser-bracket finalist wins it.
ALTER TABLE event ADD COLUMN grand_final_reset INTEGER NOT NULL DEFAULT 0 CHECK (grand_final_reset IN (0, 1));
-- Art. 27 总得分: points + SOS ÷ divisor − rounds; 0 means the top score ÷ 2.
ALTER TABLE event ADD COLUMN total_score_divisor INTEGER NOT NULL DEFAULT 0 CHECK (total_score_divisor >= 0);
