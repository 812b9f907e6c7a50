-- Issue 25: two-factor sign-in (TOTP, RFC 6238) for the admin console. One authenticator per admin: its secret sealed
-- (AES-256-GCM with the app's sealing key), pending until confirmed_at is set, and the last 30-second step a code was
-- accepted for, so a code cannot be used twice. Recovery codes are stored as SHA-256 hashes and spent once. A sign-in
-- whose password was right gets a challenge (stored hashed) that waits five minutes for the second factor, once.
-- Every column holding a secret or a hash is named so the read-only role's hidden-column rule hides it
-- (secret|sealed|_hash$|totp|recovery_code).
CREATE TABLE admin_totp (
  admin_user_id uuid PRIMARY KEY REFERENCES admin_users (id) ON DELETE CASCADE,
  totp_secret_sealed text NOT NULL,
  confirmed_at timestamptz,
  totp_last_used_step bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE admin_recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  admin_user_id uuid NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  recovery_code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_recovery_codes_admin_idx ON admin_recovery_codes (admin_user_id);

CREATE TABLE admin_two_factor_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  admin_user_id uuid NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  challenge_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_two_factor_challenges_expires_idx ON admin_two_factor_challenges (expires_at);
