-- Server schema version 4, PostgreSQL only: a heartbeat per instance (an id chosen at its
-- start), so that a starting instance can watch the others' beats advance instead of
-- taking a recent beat for a live instance. The one shared beat of version 1 becomes the
-- row of a past instance.

CREATE TABLE server_instance (
    id      TEXT PRIMARY KEY,
    started BIGINT NOT NULL,
    beat    BIGINT NOT NULL
);
INSERT INTO server_instance (id, started, beat) SELECT 'before-v4', at, at FROM server_heartbeat;
DROP TABLE server_heartbeat;
