-- Server schema version 6 in PostgreSQL's dialect (see ../0006_one_game_per_board.sql).

UPDATE server_game SET round = NULL, board = NULL
    WHERE event_id IS NOT NULL AND round IS NOT NULL AND board IS NOT NULL
      AND id < (SELECT MAX(g.id) FROM server_game g
                WHERE g.event_id = server_game.event_id AND g.round = server_game.round
                  AND g.board = server_game.board);
CREATE UNIQUE INDEX server_game_board ON server_game (event_id, round, board)
    WHERE event_id IS NOT NULL;
