-- Server schema version 8: the key of each account's name under which confusable names are equal
-- (`account_name::key`), unique so that a new name is checked in one indexed lookup
-- and two look-alikes cannot both be created. The accounts made before get their key
-- when this version is applied (the server's `fill_name_keys`, run by the migration).

ALTER TABLE server_account ADD COLUMN skeleton TEXT;
CREATE UNIQUE INDEX server_account_skeleton ON server_account (skeleton);
