-- Verified Battle.net connections: a community member proved an account through Battle.net's OAuth, and
-- Guildhall keeps its id, BattleTag and region, and the World of Warcraft characters its profile listed.
-- A Battle.net account belongs to one community user, and a community user connects one Battle.net account.
CREATE TABLE battlenet_connections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  battlenet_id text NOT NULL UNIQUE CHECK (char_length(battlenet_id) BETWEEN 1 AND 64),
  battletag text NOT NULL,
  region text NOT NULL CHECK (region IN ('us', 'eu', 'kr', 'tw')),
  verified_at timestamptz NOT NULL DEFAULT now(),
  last_import_at timestamptz
);
-- The admin's lookup by BattleTag, case-insensitively.
CREATE INDEX battlenet_connections_battletag_idx ON battlenet_connections (lower(battletag));

-- A character the connection's WoW profile listed; a re-import updates these and drops the ones gone.
CREATE TABLE battlenet_characters (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  connection_id uuid NOT NULL REFERENCES battlenet_connections (id) ON DELETE CASCADE,
  realm_slug text NOT NULL,
  realm_name text NOT NULL,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
  class text,
  race text,
  level integer,
  faction text,
  guild_name text,
  imported_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (connection_id, realm_slug, name)
);

-- Which roster character an imported character claimed: the settings card lists the claims, and a player
-- account does not show a claimed character twice (once from the roster, once from Battle.net).
CREATE TABLE battlenet_claims (
  battlenet_character_id uuid NOT NULL REFERENCES battlenet_characters (id) ON DELETE CASCADE,
  character_id uuid NOT NULL REFERENCES characters (id) ON DELETE CASCADE,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (battlenet_character_id, character_id)
);
CREATE INDEX battlenet_claims_character_idx ON battlenet_claims (character_id);

-- The state of a connect in flight: whom it connects and in which region, used once.
CREATE TABLE battlenet_link_states (
  state_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  region text NOT NULL CHECK (region IN ('us', 'eu', 'kr', 'tw')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX battlenet_link_states_expires_idx ON battlenet_link_states (expires_at);
