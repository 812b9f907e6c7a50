-- Raw data views (issue 17): every sortable column of an entity has a B-tree index that ends in the entity's key,
-- across tenants and with guild_id in front for the guild filter, so a keyset page at any depth reads only its rows
-- (ORDER BY col, id with WHERE (col, id) > cursor is one index range scan; descending order scans backwards).
-- Indexes earlier migrations already give: guilds (created_at, id), player_accounts (created_at, id) and
-- (updated_at, id), raid_attendance's primary key (raid_event_id, character_id), audit_log's primary key.
CREATE INDEX IF NOT EXISTS characters_created_id_idx ON characters (created_at, id);
CREATE INDEX IF NOT EXISTS characters_guild_created_id_idx ON characters (guild_id, created_at, id);
CREATE INDEX IF NOT EXISTS characters_name_id_idx ON characters (name, id);
CREATE INDEX IF NOT EXISTS characters_guild_name_id_idx ON characters (guild_id, name, id);
CREATE INDEX IF NOT EXISTS characters_level_id_idx ON characters (level, id);
CREATE INDEX IF NOT EXISTS characters_guild_level_id_idx ON characters (guild_id, level, id);

CREATE INDEX IF NOT EXISTS loot_entries_awarded_id_idx ON loot_entries (awarded_at, id);
CREATE INDEX IF NOT EXISTS loot_entries_guild_awarded_id_idx ON loot_entries (guild_id, awarded_at, id);

CREATE INDEX IF NOT EXISTS raid_events_starts_id_idx ON raid_events (starts_at, id);
CREATE INDEX IF NOT EXISTS raid_events_guild_starts_id_idx ON raid_events (guild_id, starts_at, id);
CREATE INDEX IF NOT EXISTS raid_events_name_id_idx ON raid_events (name, id);
CREATE INDEX IF NOT EXISTS raid_events_guild_name_id_idx ON raid_events (guild_id, name, id);

CREATE INDEX IF NOT EXISTS discord_members_username_id_idx ON discord_members (username, id);
CREATE INDEX IF NOT EXISTS discord_members_guild_username_id_idx ON discord_members (guild_id, username, id);

CREATE INDEX IF NOT EXISTS character_links_linked_id_idx ON character_links (linked_at, id);
CREATE INDEX IF NOT EXISTS character_links_guild_linked_id_idx ON character_links (guild_id, linked_at, id);

CREATE INDEX IF NOT EXISTS guilds_guild_name_id_idx ON guilds (guild_name, id);

CREATE INDEX IF NOT EXISTS audit_log_created_id_idx ON audit_log (created_at, id);
