-- A guild's game data: characters, raid events with attendance, loot, and links between characters and
-- Discord members; plus the indexes the guild list needs to filter, search and sort a hundred thousand
-- guilds. Every table leads its indexes with guild_id: each guild's data view reads one guild at a time.

-- The guild list sorts newest first (created_at DESC, id DESC as tie-break) and filters by status and
-- region. These replace the single-column indexes of 0001: a B-tree scans backwards, and each prefix
-- (status, region, both, neither) now has an index that already returns rows in list order.
DROP INDEX IF EXISTS guilds_is_active_idx;
DROP INDEX IF EXISTS guilds_region_idx;
DROP INDEX IF EXISTS guilds_created_at_idx;
CREATE INDEX guilds_created_at_id_idx ON guilds (created_at, id);
CREATE INDEX guilds_active_region_created_idx ON guilds (is_active, region, created_at, id);
CREATE INDEX guilds_active_created_idx ON guilds (is_active, created_at, id);
CREATE INDEX guilds_region_created_idx ON guilds (region, created_at, id);

-- Member counts of the list count current members only; this partial index answers them from the index.
CREATE INDEX discord_members_current_idx ON discord_members (guild_id) WHERE left_at IS NULL;

-- A game character of a guild's roster (spec 1 §3 "Character (discovery)").
CREATE TABLE characters (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
  realm text NOT NULL,
  class text NOT NULL CHECK (class IN ('Death Knight', 'Demon Hunter', 'Druid', 'Evoker', 'Hunter', 'Mage', 'Monk',
                                       'Paladin', 'Priest', 'Rogue', 'Shaman', 'Warlock', 'Warrior')),
  spec text,
  role text CHECK (role IN ('tank', 'healer', 'dps')),
  level integer NOT NULL DEFAULT 1 CHECK (level BETWEEN 1 AND 100),
  item_level numeric(6, 2),
  item_level_equipped numeric(6, 2),
  avatar_url text,
  last_activity_at timestamptz,
  activity_count integer NOT NULL DEFAULT 0 CHECK (activity_count >= 0),
  guild_note text,
  officer_note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX characters_guild_id_idx ON characters (guild_id);
-- Name lookups within a guild (the data view lists by name; discovery matches names case-insensitively).
CREATE INDEX characters_guild_name_idx ON characters (guild_id, lower(name));

-- A scheduled or finished raid night of a guild.
CREATE TABLE raid_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  name text NOT NULL,
  instance text NOT NULL,
  difficulty text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz,
  CHECK (ends_at IS NULL OR ends_at >= starts_at)
);
CREATE INDEX raid_events_guild_starts_idx ON raid_events (guild_id, starts_at DESC);

-- Who came to a raid; one row per character and raid.
CREATE TABLE raid_attendance (
  raid_event_id uuid NOT NULL REFERENCES raid_events (id) ON DELETE CASCADE,
  character_id uuid NOT NULL REFERENCES characters (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'present' CHECK (status IN ('present', 'late', 'absent')),
  PRIMARY KEY (raid_event_id, character_id)
);
-- A character's attendance history, and the cascade when a character is deleted.
CREATE INDEX raid_attendance_character_idx ON raid_attendance (character_id);

-- An item awarded to a character. The character's name is kept so the record survives the character.
CREATE TABLE loot_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  character_id uuid REFERENCES characters (id) ON DELETE SET NULL,
  character_name text NOT NULL,
  item_id integer NOT NULL,
  item_name text NOT NULL,
  boss text,
  raid_event_id uuid REFERENCES raid_events (id) ON DELETE SET NULL,
  awarded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX loot_entries_guild_awarded_idx ON loot_entries (guild_id, awarded_at DESC);
-- Foreign keys that SET NULL scan these when a character or raid is deleted.
CREATE INDEX loot_entries_character_idx ON loot_entries (character_id) WHERE character_id IS NOT NULL;
CREATE INDEX loot_entries_raid_event_idx ON loot_entries (raid_event_id) WHERE raid_event_id IS NOT NULL;

-- A character linked to the Discord member who plays it: by hand, by name matching, or claimed by the player.
CREATE TABLE character_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  -- A character belongs to one player at a time.
  character_id uuid NOT NULL UNIQUE REFERENCES characters (id) ON DELETE CASCADE,
  discord_member_id uuid NOT NULL REFERENCES discord_members (id) ON DELETE CASCADE,
  priority text NOT NULL DEFAULT 'main' CHECK (priority IN ('main', 'alt')),
  is_primary boolean NOT NULL DEFAULT false,
  confidence numeric(4, 3) CHECK (confidence IS NULL OR confidence BETWEEN 0 AND 1),
  link_type text NOT NULL DEFAULT 'manual' CHECK (link_type IN ('manual', 'automatic', 'claim')),
  linked_at timestamptz NOT NULL DEFAULT now(),
  linked_by text
);
CREATE INDEX character_links_guild_idx ON character_links (guild_id);
CREATE INDEX character_links_member_idx ON character_links (discord_member_id);
-- At most one primary character per member.
CREATE UNIQUE INDEX character_links_one_primary_idx ON character_links (discord_member_id) WHERE is_primary;
