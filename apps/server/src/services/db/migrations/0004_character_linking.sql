-- Character linking and Discord member sync: what a sync learns about each member, the sync jobs with their
-- progress, and the indexes the discovery screen reads on. Links themselves (character_links) came with 0002;
-- who made each link and how is kept in audit_log (details.origin: manual, automatic or claim).

-- What the member list of Discord says beyond the names: the avatar hash (the screen builds the CDN URL),
-- the member's role ids, and when a sync last saw the member.
ALTER TABLE discord_members
  ADD COLUMN avatar text,
  ADD COLUMN roles text[] NOT NULL DEFAULT '{}',
  ADD COLUMN last_synced_at timestamptz;

-- One member sync of a guild. Pages are fetched first and saved in one transaction at the end, so a failed
-- sync changed nothing; error says why it failed.
CREATE TABLE member_sync_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'succeeded', 'failed')),
  phase text NOT NULL DEFAULT 'fetching' CHECK (phase IN ('fetching', 'saving', 'done', 'failed')),
  fetched integer NOT NULL DEFAULT 0,
  processed integer NOT NULL DEFAULT 0,
  added integer,
  updated integer,
  left_count integer,
  total integer,
  error text,
  started_by text,
  started_at timestamptz NOT NULL DEFAULT now(),
  -- Moves with every page: a running job whose process died stops moving and is failed as stale.
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
-- One running sync per guild, across every server process: a second start fails on this index (409).
CREATE UNIQUE INDEX member_sync_jobs_one_running_idx ON member_sync_jobs (guild_id) WHERE status = 'running';
-- The guild's latest sync for the screen's header.
CREATE INDEX member_sync_jobs_guild_started_idx ON member_sync_jobs (guild_id, started_at DESC);

-- The member panel lists current members by display name (nickname, else global name, else username).
CREATE INDEX discord_members_guild_display_idx ON discord_members (guild_id, lower(coalesce(nickname, global_name, username)))
  WHERE left_at IS NULL;
-- A member's links in link order: the oldest link is the one promoted to primary when the primary goes.
CREATE INDEX character_links_member_linked_idx ON character_links (discord_member_id, linked_at, id);
-- The audit trail of one character or link.
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id) WHERE target_id IS NOT NULL;
