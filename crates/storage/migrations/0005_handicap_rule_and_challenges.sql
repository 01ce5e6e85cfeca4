-- Schema version 5: a McMahon event's handicap rule (how handicaps are proposed, as
-- OpenGotha's HandicapParameterSet: from the rank or the McMahon score, a bar above which
-- ranks count as the bar, a correction, a ceiling), and challenge matches (擂台赛, Art. 26.6)
-- kept as their record of changes beside the team events. Events stored before get the rule
-- that was applied to them: the rank difference, no bar, no correction, at most nine stones.
ALTER TABLE event ADD COLUMN handicap_basis TEXT NOT NULL DEFAULT 'rank' CHECK (handicap_basis IN ('rank', 'mms'));
ALTER TABLE event ADD COLUMN handicap_bar TEXT;
ALTER TABLE event ADD COLUMN handicap_correction INTEGER NOT NULL DEFAULT 0 CHECK (handicap_correction >= 0);
ALTER TABLE event ADD COLUMN handicap_ceiling INTEGER NOT NULL DEFAULT 9 CHECK (handicap_ceiling BETWEEN 0 AND 9);

-- What a record of `team_event` holds: a team event ('team', `teams::Change` lines) or a
-- challenge match ('challenge', its own lines). One namespace of ids with `event`.
ALTER TABLE team_event ADD COLUMN kind TEXT NOT NULL DEFAULT 'team' CHECK (kind IN ('team', 'challenge'));
