-- The hourly token cleanup (jobs/token-cleanup.ts) finds ended rows by these times; without indexes each run
-- read every row of the five tables. A partial index serves "used_at < $1" (or revoked_at): the comparison
-- implies IS NOT NULL, and most rows have neither.
CREATE INDEX refresh_tokens_expires_at_idx ON refresh_tokens (expires_at);
CREATE INDEX email_tokens_expires_at_idx ON email_tokens (expires_at);
CREATE INDEX email_tokens_used_at_idx ON email_tokens (used_at) WHERE used_at IS NOT NULL;
CREATE INDEX oauth_states_used_at_idx ON oauth_states (used_at) WHERE used_at IS NOT NULL;
CREATE INDEX community_sessions_expires_at_idx ON community_sessions (expires_at);
CREATE INDEX community_sessions_revoked_at_idx ON community_sessions (revoked_at) WHERE revoked_at IS NOT NULL;
CREATE INDEX admin_sessions_absolute_expires_at_idx ON admin_sessions (absolute_expires_at);
CREATE INDEX admin_sessions_revoked_at_idx ON admin_sessions (revoked_at) WHERE revoked_at IS NOT NULL;
CREATE INDEX admin_sessions_last_seen_at_idx ON admin_sessions (last_seen_at);
