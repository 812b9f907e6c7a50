-- Community permissions per guild on the Permissions screen (issue 13): hand-made grants, revoked one by one, and
-- Discord roles mapped to guild permissions, so holding a role in Discord grants its permissions in Guildhall.

-- A grant is revoked by its id (DELETE /api/admin/guild-grants/{id}); the primary key stays what it was, so a
-- user holds a permission in a guild once. Existing rows are numbered as the column is added.
ALTER TABLE guild_permission_grants ADD COLUMN id bigserial;
ALTER TABLE guild_permission_grants ADD CONSTRAINT guild_permission_grants_id_key UNIQUE (id);
-- The grants table, newest first: all guilds, or one guild.
CREATE INDEX guild_permission_grants_granted_at_idx ON guild_permission_grants (granted_at DESC, id DESC);
CREATE INDEX guild_permission_grants_guild_granted_at_idx ON guild_permission_grants (guild_id, granted_at DESC, id DESC);
-- The grant form's user picker searches every community user by part of the username or e-mail (0010's trigram
-- index on usernames only covers Discord users).
CREATE INDEX users_username_all_trgm_idx ON users USING gin (lower(username) gin_trgm_ops);
CREATE INDEX users_email_trgm_idx ON users USING gin (lower(email) gin_trgm_ops);

-- The guild permissions a Discord role grants its holders in one guild tenant. A role id is Discord's snowflake;
-- the @everyone role's id is the Discord guild's own id. The primary key also serves "the mapped permissions of
-- these roles in this guild" (guild_id, discord_role_id lead it).
CREATE TABLE guild_role_permissions (
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  discord_role_id text NOT NULL CHECK (discord_role_id ~ '^[0-9]{1,25}$'),
  permission text NOT NULL,
  -- Who mapped it, as "admin:<id>".
  mapped_by text,
  mapped_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (guild_id, discord_role_id, permission)
);

-- "Current members holding role X" (a role's member count): role ids are unique across Discord, so the role alone
-- finds its holders; the guild then only confirms them. "The roles of this member" is the unique
-- (guild_id, discord_user_id) of 0001.
CREATE INDEX discord_members_roles_idx ON discord_members USING gin (roles) WHERE left_at IS NULL;
