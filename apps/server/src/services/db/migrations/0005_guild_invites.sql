-- Guild invite links: an officer or admin makes a link with a use limit and an expiry; an e-mail member who opens
-- it joins the guild (the member grants). The code is stored as its SHA-256 like every other secret token.
-- Discord linking from Settings: a Discord sign-in state may belong to a signed-in user who links their account.

CREATE TABLE guild_invites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  code_hash text NOT NULL UNIQUE,
  -- The first characters of the code, so the list can tell links apart; the rest exists only in the link.
  code_hint text NOT NULL,
  max_uses integer NOT NULL CHECK (max_uses BETWEEN 1 AND 1000),
  uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0 AND uses <= max_uses),
  expires_at timestamptz NOT NULL,
  -- Who made it: an admin of the console or a member of the guild (the other is null).
  created_by_admin_id uuid REFERENCES admin_users (id) ON DELETE SET NULL,
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
-- The guild's list, newest first; and its active links (the per-guild cap counts them).
CREATE INDEX guild_invites_guild_created_idx ON guild_invites (guild_id, created_at DESC, id DESC);
CREATE INDEX guild_invites_guild_active_idx ON guild_invites (guild_id, expires_at) WHERE revoked_at IS NULL;

-- A state started from Settings links Discord to this user instead of signing in.
ALTER TABLE oauth_states
  ADD COLUMN link_user_id uuid REFERENCES users (id) ON DELETE CASCADE;
