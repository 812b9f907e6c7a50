-- The Discord accounts screen searches every Discord user the platform knows for a part of the id, username,
-- global name or nickname ("contains", ILIKE '%…%'): trigram indexes on the member lists and the community
-- accounts (pg_trgm came with 0001). Not on the ids: a Discord id is digits only, whose few trigrams each match a
-- large share of the rows, so such an index finds little and, chosen for an equality join, is far slower than the
-- unique B-tree (player_accounts_discord_trgm_idx of 0007 is one; the screen's queries steer around it). Everything
-- else the screen reads already has its index: discord_members (discord_user_id) and (guild_id) WHERE left_at IS NULL, users.discord_id and
-- player_accounts.discord_id (unique), community_sessions/refresh_tokens (user_id), member_sync_jobs
-- (guild_id, started_at DESC), guilds.discord_guild_id (unique).
CREATE INDEX discord_members_username_trgm_idx ON discord_members USING gin (lower(username) gin_trgm_ops);
CREATE INDEX discord_members_global_name_trgm_idx ON discord_members USING gin (lower(global_name) gin_trgm_ops);
CREATE INDEX discord_members_nickname_trgm_idx ON discord_members USING gin (lower(nickname) gin_trgm_ops);
CREATE INDEX users_username_trgm_idx ON users USING gin (lower(username) gin_trgm_ops) WHERE discord_id IS NOT NULL;
CREATE INDEX users_global_name_trgm_idx ON users USING gin (lower(global_name) gin_trgm_ops) WHERE discord_id IS NOT NULL;
