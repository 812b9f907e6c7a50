-- Community sign-in: e-mail and password accounts beside Discord ones, rotating refresh tokens,
-- single-use e-mail links, Discord sign-in state and cookie sessions, each user's Discord guilds,
-- per-guild permission grants, and the dev mail outbox. Every secret token is stored as its SHA-256.

-- Existing rows (the demo set's Discord users) stay valid: the new columns have defaults that fit them.
ALTER TABLE users
  ADD COLUMN password_hash text,
  ADD COLUMN email_verified boolean NOT NULL DEFAULT false,
  ADD COLUMN auth_method text NOT NULL DEFAULT 'discord' CHECK (auth_method IN ('discord', 'email', 'both')),
  -- The Discord guild id of the selected guild (the X-Guild-ID value), not a tenant id.
  ADD COLUMN selected_guild_id text,
  ADD COLUMN global_name text,
  -- Discord's avatar hash; the URL is built from it.
  ADD COLUMN avatar text,
  -- Null means the contract's defaults (spec 1 §9).
  ADD COLUMN notification_settings jsonb,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- One row per refresh token; a sign-in's tokens share family_id, so a reused token can end them all.
CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  family_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  is_remembered boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- Set when the token was exchanged for the next one; presenting it again is reuse.
  used_at timestamptz,
  revoked_at timestamptz,
  revoked_reason text,
  ip text,
  user_agent text
);
CREATE INDEX refresh_tokens_family_id_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_id_idx ON refresh_tokens (user_id);

-- Single-use links sent by e-mail: address verification and password reset.
CREATE TABLE email_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  -- The address the link was sent to: verifying proves this address, not whatever the account holds later.
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_tokens_user_id_idx ON email_tokens (user_id, purpose);

-- The `state` of Discord sign-ins in flight; the browser holds the plain value in a short-lived cookie.
CREATE TABLE oauth_states (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX oauth_states_expires_at_idx ON oauth_states (expires_at);

-- Cookie sessions of Discord sign-ins.
CREATE TABLE community_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text,
  -- The user's Discord access token, AES-256-GCM encrypted, to re-read their guilds (guilds/verify).
  discord_token_sealed text,
  discord_token_expires_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX community_sessions_user_id_idx ON community_sessions (user_id);

-- Each user's Discord guilds as the last sign-in or guilds/verify saw them.
CREATE TABLE user_discord_guilds (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  discord_guild_id text NOT NULL,
  name text NOT NULL,
  icon text,
  is_owner boolean NOT NULL DEFAULT false,
  -- Discord's permission integer, as the decimal string Discord sends (it exceeds 32 bits).
  permissions text NOT NULL DEFAULT '0',
  refreshed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, discord_guild_id)
);
CREATE INDEX user_discord_guilds_guild_idx ON user_discord_guilds (discord_guild_id);

-- Permissions granted to a user in one guild tenant, on top of what Discord gives.
CREATE TABLE guild_permission_grants (
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  permission text NOT NULL,
  -- Who granted it, as "admin:<id>" or "user:<id>".
  granted_by text,
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (guild_id, user_id, permission)
);
CREATE INDEX guild_permission_grants_user_idx ON guild_permission_grants (user_id);

-- E-mails written here instead of sent while SMTP_URL is unset (the embedded default and tests).
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  -- "to" is an SQL keyword; the API calls this field `to`.
  to_address text NOT NULL,
  subject text NOT NULL,
  text text NOT NULL,
  html text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_created_at_idx ON mail_outbox (created_at);
CREATE INDEX mail_outbox_to_idx ON mail_outbox (lower(to_address), created_at);
