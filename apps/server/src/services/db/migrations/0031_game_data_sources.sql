-- Issue 30, continued: Raider.IO, WoWAudit and Warcraft Logs as sources of a guild's data.

-- Raider.IO's Mythic+ score of the current season (its "all" score).
ALTER TABLE characters ADD COLUMN mythic_plus_score numeric(7, 1);

-- A guild's own key to a source (WoWAudit's team API key): sealed with CONFIG_SECRET_KEY as the guild settings'
-- secrets are (AES-256-GCM, 'v1:' iv:tag:ciphertext), written by officers and admins, never read back by a screen.
CREATE TABLE guild_source_keys (
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  source_type text NOT NULL CHECK (source_type IN ('wowaudit')),
  sealed_key text NOT NULL,
  -- Who set it ({type, id, name}) and when, shown beside "Key set".
  set_by jsonb NOT NULL,
  set_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (guild_id, source_type)
);

-- The boss fights of the Warcraft Logs reports a guild imported: the import is idempotent on report code + fight id,
-- and each report's raid night is the raid_events row whose attendance it wrote.
CREATE TABLE combat_log_fights (
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  report_code text NOT NULL,
  fight_id integer NOT NULL,
  encounter_id integer NOT NULL,
  boss text NOT NULL,
  difficulty text,
  is_kill boolean NOT NULL,
  started_at timestamptz NOT NULL,
  ended_at timestamptz NOT NULL,
  raid_event_id uuid REFERENCES raid_events (id) ON DELETE SET NULL,
  PRIMARY KEY (guild_id, report_code, fight_id)
);
-- Kills and wipes per boss of a guild, newest first.
CREATE INDEX combat_log_fights_guild_boss_idx ON combat_log_fights (guild_id, encounter_id, started_at DESC);
CREATE INDEX combat_log_fights_raid_event_idx ON combat_log_fights (raid_event_id) WHERE raid_event_id IS NOT NULL;

-- Each player's parse (percentile) in a fight of an imported report.
CREATE TABLE combat_log_parses (
  guild_id uuid NOT NULL,
  report_code text NOT NULL,
  fight_id integer NOT NULL,
  character_id uuid NOT NULL REFERENCES characters (id) ON DELETE CASCADE,
  spec text,
  percentile numeric(5, 2) NOT NULL CHECK (percentile BETWEEN 0 AND 100),
  PRIMARY KEY (guild_id, report_code, fight_id, character_id),
  FOREIGN KEY (guild_id, report_code, fight_id) REFERENCES combat_log_fights (guild_id, report_code, fight_id) ON DELETE CASCADE
);
-- A character's parses.
CREATE INDEX combat_log_parses_character_idx ON combat_log_parses (character_id);
