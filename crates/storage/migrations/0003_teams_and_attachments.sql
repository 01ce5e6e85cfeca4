-- Schema version 3: team events (Art. 25-28, kept as the team crate's record of changes,
-- replayed on load) and files attached to an event (what an import from another program
-- knows that the event does not: OpenGotha's handicaps, parameters and player details).

-- A team event. Its id shares the namespace of `event.id` (the store refuses an id used by
-- either table).
CREATE TABLE team_event (
    id           TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 64),
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;

-- The changes to a team event in order, one line of text each (`teams::Change`): the
-- first creates the event; loading replays them all.
CREATE TABLE team_change (
    event_id    TEXT NOT NULL REFERENCES team_event (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    change      TEXT NOT NULL,
    recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (event_id, seq)
) STRICT;

-- A named text attached to an event (e.g. 'opengotha': the tournament as imported).
CREATE TABLE event_attachment (
    event_id    TEXT NOT NULL REFERENCES event (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    body        TEXT NOT NULL,
    recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (event_id, name)
) STRICT;
