-- Issue 25: passkeys (WebAuthn) as a second factor of the admin sign-in, beside the authenticator app (0024). An
-- admin keeps up to ten, each named by them: the credential id (base64url, unique across admins: an authenticator
-- answers with it, and one credential opens one account), its COSE public key (base64url), the signature counter
-- the authenticator last reported (a counter that does not grow means a cloned authenticator), how the browser
-- reaches it, whether it is synced (backed up), and when it was added and last completed a sign-in.
CREATE TABLE admin_passkeys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  admin_user_id uuid NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key text NOT NULL,
  sign_count bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  is_backed_up boolean NOT NULL DEFAULT false,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX admin_passkeys_admin_idx ON admin_passkeys (admin_user_id, created_at);

-- The WebAuthn challenges wait server-side, single-use, as SHA-256 hashes (the read-only role's _hash$ rule hides
-- them): a sign-in's on its two-factor challenge (it lives as long as that one), a registration's on the session
-- that asked for it, for five minutes.
ALTER TABLE admin_two_factor_challenges ADD COLUMN passkey_challenge_hash text;
ALTER TABLE admin_sessions
  ADD COLUMN passkey_challenge_hash text,
  ADD COLUMN passkey_challenge_expires_at timestamptz;
