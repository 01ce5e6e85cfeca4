-- Schema version 6 in PostgreSQL's dialect (see ../0006_participation.sql): per-round
-- participation and pre-registration.
CREATE TABLE participation (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    player_id   BIGINT NOT NULL REFERENCES player (id) ON DELETE CASCADE,
    seq         BIGINT NOT NULL,
    round       INTEGER CHECK (round >= 1),
    takes_part  BOOLEAN NOT NULL,
    recorded_at TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
);

CREATE INDEX participation_player ON participation (player_id);
