-- Loot settings as one source of truth, and the loot tables in the guild dump (issue 32, second part).

-- The guild settings catalog had a Raids "Loot system" (raids.lootSystem) beside spec 1's guilds.loot_system, which
-- the loot pages run by: the catalog's setting is gone. A guild that chose one there and never saved loot settings
-- keeps its choice in loot_system; then the setting's rows, its place in version snapshots and in templates go.
UPDATE guilds g
   SET loot_system = CASE s.value #>> '{}'
                       WHEN 'dkp' THEN 'DKP'
                       WHEN 'epgp' THEN 'EPGP'
                       WHEN 'council' THEN 'Loot_Council'
                       WHEN 'roll' THEN 'Need_Before_Greed'
                       ELSE 'Other'
                     END,
       updated_at = now()
  FROM guild_settings s
 WHERE s.guild_id = g.id AND s.category = 'raids' AND s.key = 'lootSystem' AND s.value IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM loot_rule_versions v WHERE v.guild_id = g.id);
DELETE FROM guild_settings WHERE category = 'raids' AND key = 'lootSystem';
UPDATE guild_setting_versions
   SET overrides = (SELECT COALESCE(jsonb_agg(o), '[]'::jsonb) FROM jsonb_array_elements(overrides) o
                     WHERE o ->> 'key' <> 'lootSystem')
 WHERE category = 'raids' AND jsonb_typeof(overrides) = 'array' AND overrides @> '[{"key": "lootSystem"}]';
UPDATE config_templates SET settings = settings #- '{raids,lootSystem}' WHERE settings -> 'raids' ? 'lootSystem';

-- A council vote keeps its voter's name, so a dump (which writes references to platform users as NULL) restores who
-- voted; a vote has an id of its own, and a voter who is gone leaves their vote (one vote per voter and item still).
ALTER TABLE loot_council_votes ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE loot_council_votes ADD COLUMN voter_name text NOT NULL DEFAULT '';
UPDATE loot_council_votes v SET voter_name = COALESCE(u.global_name, u.username, '') FROM users u WHERE u.id = v.voter_user_id;
ALTER TABLE loot_council_votes DROP CONSTRAINT loot_council_votes_pkey;
ALTER TABLE loot_council_votes ADD PRIMARY KEY (id);
ALTER TABLE loot_council_votes ALTER COLUMN voter_user_id DROP NOT NULL;
ALTER TABLE loot_council_votes DROP CONSTRAINT loot_council_votes_voter_user_id_fkey;
ALTER TABLE loot_council_votes
  ADD CONSTRAINT loot_council_votes_voter_user_id_fkey FOREIGN KEY (voter_user_id) REFERENCES users (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX loot_council_votes_voter_idx ON loot_council_votes (council_item_id, voter_user_id);
CREATE INDEX loot_council_votes_request_idx ON loot_council_votes (request_id);

-- A correction may point at an entry written after it in the dump's key order: the dump defers this check to COMMIT.
ALTER TABLE loot_ledger_entries ALTER CONSTRAINT loot_ledger_entries_corrects_entry_id_fkey DEFERRABLE INITIALLY IMMEDIATE;

-- The RCLootCouncil entries not yet turned into a raid's awards, by time: a raid's bulk award preview finds them here.
CREATE INDEX loot_entries_import_idx ON loot_entries (guild_id, awarded_at) WHERE source = 'rclootcouncil' AND raid_event_id IS NULL;
