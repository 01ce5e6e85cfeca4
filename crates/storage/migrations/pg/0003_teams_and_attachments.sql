-- Schema version 3 in PostgreSQL's dialect (see ../0003_teams_and_attachments.sql): team
-- events kept as their record of changes, and texts attached to an event.

CREATE TABLE team_event (
    id           TEXT COLLATE "C" PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
    created_at   TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
);

CREATE TABLE team_change (
    event_id    TEXT COLLATE "C" NOT NULL REFERENCES team_event (id) ON DELETE CASCADE,
    seq         BIGINT NOT NULL CHECK (seq >= 1),
    change      TEXT NOT NULL,
    recorded_at TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
    PRIMARY KEY (event_id, seq)
);

CREATE TABLE event_attachment (
    event_id    TEXT COLLATE "C" NOT NULL REFERENCES event (id) ON DELETE CASCADE,
    name        TEXT COLLATE "C" NOT NULL,
    body        TEXT NOT NULL,
    recorded_at TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
    PRIMARY KEY (event_id, name)
);
