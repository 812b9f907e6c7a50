-- Issue 30: a guild's game data from its real sources (Battle.net roster, RCLootCouncil exports, manual entry, and
-- the sources to come). Every writer goes through one pipeline (modules/data-sources): parse, check, preview, apply in
-- one transaction, audit, and a run recorded with its counts.

-- What a source knows of a character beyond the roster columns of 0002. battlenet_id is Blizzard's character id,
-- the strongest key a character has (a rename or realm transfer keeps it); realm_slug is Blizzard's slug of the
-- realm, kept beside the realm's name so an export naming the realm in its own script ('Гордунни') finds the
-- character the roster named by slug ('gordunni'). left_guild_at: the roster no longer lists it (kept, not deleted);
-- retired_at: an officer retired it by hand.
ALTER TABLE characters
  ADD COLUMN battlenet_id bigint,
  ADD COLUMN realm_slug text,
  ADD COLUMN race text,
  ADD COLUMN guild_rank integer CHECK (guild_rank IS NULL OR guild_rank BETWEEN 0 AND 9),
  ADD COLUMN render_url text,
  ADD COLUMN left_guild_at timestamptz,
  ADD COLUMN retired_at timestamptz;
-- One character per Battle.net id within a guild.
CREATE UNIQUE INDEX characters_guild_battlenet_idx ON characters (guild_id, battlenet_id) WHERE battlenet_id IS NOT NULL;

-- Which sources saw a character (spec 2 §3 "sources": sourceType, occurrenceCount), and when one last did.
-- occurrence_count counts the source's own records naming the character (loot entries imported, roster entries,
-- the manual entry), so applying the same file twice leaves it as it was.
CREATE TABLE character_sources (
  character_id uuid NOT NULL REFERENCES characters (id) ON DELETE CASCADE,
  source_type text NOT NULL
    CHECK (source_type IN ('loot_import', 'combat_log', 'wowaudit', 'battlenet', 'raiderio', 'manual')),
  occurrence_count integer NOT NULL DEFAULT 1 CHECK (occurrence_count >= 0),
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (character_id, source_type)
);

-- What an RCLootCouncil export says of an award beyond the item and the boss. source_key is the source's own id of
-- the entry (RCLootCouncil: player, date and time, item string), so importing the same export again adds nothing.
ALTER TABLE loot_entries
  ADD COLUMN source text,
  ADD COLUMN source_key text,
  ADD COLUMN item_string text,
  ADD COLUMN response text,
  ADD COLUMN votes integer,
  ADD COLUMN instance text,
  ADD COLUMN difficulty text,
  ADD COLUMN note text,
  ADD COLUMN owner text;
CREATE UNIQUE INDEX loot_entries_source_key_idx ON loot_entries (guild_id, source, source_key) WHERE source_key IS NOT NULL;

-- One run of a source against a guild: an applied import, a roster sync, a manual change set. counts holds what it
-- did ({new, changed, unchanged, rejected, left, loot}) so the data view can say "Roster synced 3 h ago: 4 new, 2
-- left"; job_id names the job a sync ran as.
CREATE TABLE data_source_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  source_type text NOT NULL
    CHECK (source_type IN ('loot_import', 'combat_log', 'wowaudit', 'battlenet', 'raiderio', 'manual')),
  status text NOT NULL CHECK (status IN ('succeeded', 'failed')),
  counts jsonb NOT NULL DEFAULT '{}',
  -- What was imported or synced: the file's name, the roster's realm and guild.
  subject text,
  error text,
  job_id uuid REFERENCES jobs (id) ON DELETE SET NULL,
  actor jsonb NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz NOT NULL DEFAULT now()
);
-- The guild's runs newest first, and the latest run of each source.
CREATE INDEX data_source_runs_guild_idx ON data_source_runs (guild_id, finished_at DESC, id DESC);
CREATE INDEX data_source_runs_guild_source_idx ON data_source_runs (guild_id, source_type, finished_at DESC);

-- The members a roster sync fetched, with each one's profile and media once fetched: a resumed sync fetches only the
-- profiles it lacks, and the characters are written in one transaction at the end.
CREATE TABLE roster_sync_members (
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  battlenet_id bigint NOT NULL,
  name text NOT NULL,
  realm_slug text NOT NULL,
  guild_rank integer NOT NULL,
  level integer,
  class_id integer,
  race_id integer,
  -- The profile and media as read ({class, race, spec, level, itemLevel, itemLevelEquipped, avatarUrl, renderUrl,
  -- realmName, lastLogin}); null: not fetched yet.
  profile jsonb,
  PRIMARY KEY (job_id, battlenet_id)
);
CREATE INDEX roster_sync_members_pending_idx ON roster_sync_members (job_id) WHERE profile IS NULL;
