-- Player accounts (spec 2 §3 "Player account"): one person across guilds, with at most one Discord user and one
-- Battle.net account each; an id belongs to one account at a time (UNIQUE allows many NULLs). The characters of
-- an account are read through its Discord id (discord_members → character_links), not stored here.
CREATE TABLE player_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  display_name text NOT NULL CHECK (char_length(display_name) BETWEEN 2 AND 100),
  email text CHECK (email IS NULL OR char_length(email) <= 254),
  account_status text NOT NULL DEFAULT 'active' CHECK (account_status IN ('active', 'inactive', 'suspended', 'merged')),
  notes text,
  discord_id text UNIQUE CHECK (discord_id IS NULL OR discord_id ~ '^[0-9]{17,19}$'),
  discord_linked_at timestamptz,
  battlenet_id text UNIQUE CHECK (battlenet_id IS NULL OR char_length(battlenet_id) BETWEEN 1 AND 64),
  battletag text,
  battlenet_region text CHECK (battlenet_region IS NULL OR battlenet_region IN ('us', 'eu', 'kr', 'tw')),
  battlenet_linked_at timestamptz,
  last_login_at timestamptz,
  created_by text,
  updated_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The list's sorts, each with id as tie-break; a B-tree scans backwards for descending order.
CREATE INDEX player_accounts_updated_idx ON player_accounts (updated_at, id);
CREATE INDEX player_accounts_created_idx ON player_accounts (created_at, id);
CREATE INDEX player_accounts_name_idx ON player_accounts (lower(display_name), id);
CREATE INDEX player_accounts_last_login_idx ON player_accounts (last_login_at, id);
-- The status filter in the default order.
CREATE INDEX player_accounts_status_updated_idx ON player_accounts (account_status, updated_at, id);
-- "Contains" search over name, e-mail and Discord id (pg_trgm came with 0001).
CREATE INDEX player_accounts_name_trgm_idx ON player_accounts USING gin (lower(display_name) gin_trgm_ops);
CREATE INDEX player_accounts_email_trgm_idx ON player_accounts USING gin (lower(email) gin_trgm_ops);
CREATE INDEX player_accounts_discord_trgm_idx ON player_accounts USING gin (discord_id gin_trgm_ops);
