-- Schema version 7: an event's categories by rank (OpenGotha's numberOfCategories and
-- lowerCategoryLimits): the lower limits, strongest first, separated by commas ('' for one
-- category), and whether the Swiss pairing keeps players inside them. Events stored before
-- have one category.
ALTER TABLE event ADD COLUMN category_limits TEXT NOT NULL DEFAULT '';
ALTER TABLE event ADD COLUMN pair_within_categories INTEGER NOT NULL DEFAULT 1 CHECK (pair_within_categories IN (0, 1));

-- The pairing's cost of keeping players inside their categories, beside its other levels
-- (NULL for rounds paired before: no categories, no cost).
ALTER TABLE pairing ADD COLUMN cost_category INTEGER;
