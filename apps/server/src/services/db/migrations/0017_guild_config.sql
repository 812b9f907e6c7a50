-- Guild configuration and system settings (issue 15). The settings themselves are the contract's catalog
-- (guild-settings.ts): these tables hold only what differs from its defaults, and every change as a version.

-- A guild's own value of one catalog setting; a setting without a row follows the default.
CREATE TABLE guild_settings (
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  category text NOT NULL,
  key text NOT NULL,
  -- The value as JSON (string, number, boolean or array of strings); null for a secret, which lives in secret_value.
  value jsonb,
  -- A secret (an AI provider's key): AES-256-GCM with CONFIG_SECRET_KEY, 'v1:' iv:tag:ciphertext in base64.
  secret_value text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  PRIMARY KEY (guild_id, category, key),
  CHECK ((value IS NULL) <> (secret_value IS NULL))
);

-- Every change of a guild's category, numbered per guild and category from 1. `overrides` is the category's whole set
-- of rows after the change (secrets as their ciphertext), so a rollback restores it exactly; `changes` is what the
-- screens and the audit show (secrets as 'set' / 'not set').
CREATE TABLE guild_setting_versions (
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  category text NOT NULL,
  version integer NOT NULL CHECK (version > 0),
  action text NOT NULL CHECK (action IN ('update', 'reset', 'rollback', 'bulk', 'template')),
  changes jsonb NOT NULL,
  overrides jsonb NOT NULL,
  note text,
  changed_by text,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (guild_id, category, version)
);
CREATE INDEX guild_setting_versions_recent_idx ON guild_setting_versions (guild_id, changed_at DESC);

-- Settings to apply to many guilds at once ({ category: { key: value } }, never secrets).
CREATE TABLE config_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  description text NOT NULL DEFAULT '',
  settings jsonb NOT NULL,
  source_guild_id uuid REFERENCES guilds (id) ON DELETE SET NULL,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX config_templates_name_idx ON config_templates (lower(name));

-- Platform settings an operator saved at run time (the contract's SYSTEM_SETTINGS); the environment still wins.
CREATE TABLE system_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
