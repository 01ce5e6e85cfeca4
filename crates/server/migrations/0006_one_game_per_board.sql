-- Server schema version 6: one live game per board of an event's round. A board that has two already (two
-- starts at once before this index) keeps its newest (the one a result entered by
-- hand went to); the others are detached from the event's board (round and board
-- NULL: they stay the event's games, but no board's).

UPDATE server_game SET round = NULL, board = NULL
    WHERE event_id IS NOT NULL AND round IS NOT NULL AND board IS NOT NULL
      AND id < (SELECT MAX(g.id) FROM server_game g
                WHERE g.event_id = server_game.event_id AND g.round = server_game.round
                  AND g.board = server_game.board);
CREATE UNIQUE INDEX server_game_board ON server_game (event_id, round, board)
    WHERE event_id IS NOT NULL;
