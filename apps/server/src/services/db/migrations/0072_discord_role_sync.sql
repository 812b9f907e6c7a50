-- Role sync (issue 33): a guild that opts in keeps Discord roles in step with its roster. One row per guild: whether
-- it runs, and the Discord role of each mark (null: that mark is not synced, and no role is touched for it). What each
-- member holds is read from discord_members.roles (the member sync's, updated as roles are given and taken).
CREATE TABLE discord_role_sync (
  guild_id uuid PRIMARY KEY REFERENCES guilds (id) ON DELETE CASCADE,
  is_enabled boolean NOT NULL DEFAULT false,
  raider_role_id text CHECK (raider_role_id ~ '^[0-9]{1,25}$'),
  trial_role_id text CHECK (trial_role_id ~ '^[0-9]{1,25}$'),
  bench_role_id text CHECK (bench_role_id ~ '^[0-9]{1,25}$'),
  inactive_role_id text CHECK (inactive_role_id ~ '^[0-9]{1,25}$'),
  updated_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The hourly run's "guilds with role sync on".
CREATE INDEX discord_role_sync_enabled_idx ON discord_role_sync (guild_id) WHERE is_enabled;
CREATE INDEX discord_role_sync_updated_by_idx ON discord_role_sync (updated_by_user_id) WHERE updated_by_user_id IS NOT NULL;
