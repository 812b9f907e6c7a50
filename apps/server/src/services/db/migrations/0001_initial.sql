-- The foundation: admin accounts and sessions, the audit log, guild tenants, community users,
-- Discord members of each guild, and app-wide facts (app_meta). Runs on PostgreSQL 15+ and PGlite.

-- Trigram indexes make "name contains" searches on guild names and realms use an index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE admin_users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL,
  full_name text,
  password_hash text NOT NULL,
  role text NOT NULL DEFAULT 'viewer',
  permissions text[] NOT NULL DEFAULT '{}',
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  last_login_at timestamptz,
  last_failed_at timestamptz,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  is_active boolean NOT NULL DEFAULT true
);
-- Usernames are unique regardless of case: "Admin" and "admin" are one account.
CREATE UNIQUE INDEX admin_users_username_key ON admin_users (lower(username));

CREATE TABLE admin_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- SHA-256 of the cookie's token; the token itself is never stored.
  token_hash text NOT NULL UNIQUE,
  admin_user_id uuid NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  absolute_expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text,
  ip text,
  user_agent text
);
CREATE INDEX admin_sessions_admin_user_id_idx ON admin_sessions (admin_user_id);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor_type text NOT NULL,
  actor_id text,
  actor_name text,
  action text NOT NULL,
  target_type text,
  target_id text,
  details jsonb NOT NULL DEFAULT '{}',
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_at_idx ON audit_log (created_at);

-- A guild tenant (spec 1 §3); allowed values mirror the contract's guild form.
CREATE TABLE guilds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  guild_name text NOT NULL CHECK (char_length(guild_name) BETWEEN 2 AND 100),
  server text NOT NULL CHECK (char_length(server) BETWEEN 2 AND 100),
  region text NOT NULL DEFAULT 'US' CHECK (region IN ('US', 'EU', 'KR', 'CN')),
  faction text NOT NULL DEFAULT 'Alliance' CHECK (faction IN ('Alliance', 'Horde')),
  is_active boolean NOT NULL DEFAULT true,
  description text,
  max_members integer NOT NULL DEFAULT 1000 CHECK (max_members BETWEEN 1 AND 10000),
  timezone text NOT NULL DEFAULT 'UTC'
    CHECK (timezone IN ('UTC', 'EST', 'CST', 'MST', 'PST', 'GMT', 'CET', 'JST', 'KST', 'AEST')),
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es', 'fr', 'de', 'it', 'pt', 'ru', 'zh', 'ja', 'ko')),
  raid_schedule text,
  loot_system text NOT NULL DEFAULT 'DKP'
    CHECK (loot_system IN ('DKP', 'EPGP', 'Loot_Council', 'Free_Roll', 'Need_Before_Greed', 'Other')),
  public_logs boolean NOT NULL DEFAULT false,
  recruitment_open boolean NOT NULL DEFAULT false,
  website text,
  discord_invite text,
  contact_email text,
  discord_guild_id text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Sorting and prefix/equality search by name and realm.
CREATE INDEX guilds_name_idx ON guilds (lower(guild_name));
CREATE INDEX guilds_server_idx ON guilds (lower(server));
-- "Contains" search (ILIKE '%…%') on name and realm.
CREATE INDEX guilds_name_trgm_idx ON guilds USING gin (lower(guild_name) gin_trgm_ops);
CREATE INDEX guilds_server_trgm_idx ON guilds USING gin (lower(server) gin_trgm_ops);
CREATE INDEX guilds_is_active_idx ON guilds (is_active);
CREATE INDEX guilds_region_idx ON guilds (region);
CREATE INDEX guilds_created_at_idx ON guilds (created_at);

-- Community accounts (Discord and/or e-mail sign-in).
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL,
  email text,
  discord_id text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- Discord members of a guild tenant's server, as the last sync saw them; left_at marks who left.
CREATE TABLE discord_members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  discord_user_id text NOT NULL,
  username text NOT NULL,
  global_name text,
  nickname text,
  joined_at timestamptz,
  left_at timestamptz,
  -- Also the index for "members of guild X": guild_id leads it.
  UNIQUE (guild_id, discord_user_id)
);
CREATE INDEX discord_members_discord_user_id_idx ON discord_members (discord_user_id);

-- App-wide facts such as when the demo data was seeded.
CREATE TABLE app_meta (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
