-- Issue 27: one job layer. Every long piece of work (member sync, player-account bulk update, training dataset
-- export, and the kinds to come) is a row here, run by the job runner (apps/server/src/jobs/job-runner.ts) of
-- whichever process claims it: a lease (lease_until, renewed while it runs; lease_token fences a runner whose
-- lease ran out) makes a job run once across processes, and a job whose process died is claimed again once its
-- lease runs out and resumes from its saved progress. attempts counts the claims; past max_attempts it fails.
CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL,
  -- The guild tenant the job works on, when it works on one (its jobs go with it).
  guild_id uuid REFERENCES guilds (id) ON DELETE CASCADE,
  -- What at most one queued or running job of its kind may work on (a member sync: its guild); null: no limit.
  target text,
  -- Who started it, as the audit log names them ({type, id, name}), and from where.
  actor jsonb NOT NULL,
  actor_ip text,
  -- The kind's own shapes: what to do, how far it got (where a resumed job starts), what it made.
  input jsonb NOT NULL DEFAULT '{}',
  progress jsonb,
  result jsonb,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  error text,
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL CHECK (max_attempts > 0),
  -- A queued job waits until then (a retry's backoff).
  run_after timestamptz NOT NULL DEFAULT now(),
  lease_token uuid,
  -- The instance (INSTANCE_ID) holding the lease, for the operator.
  leased_by text,
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  -- When the job and what it made are removed (a dataset export's files); null: kept.
  expires_at timestamptz
);
-- One queued or running job per kind and target, across every process: a second enqueue finds this index (409).
CREATE UNIQUE INDEX jobs_one_active_idx ON jobs (kind, target) WHERE target IS NOT NULL AND status IN ('queued', 'running');
-- What the runners claim: queued jobs due, and running ones whose lease ran out.
CREATE INDEX jobs_queued_idx ON jobs (run_after) WHERE status = 'queued';
CREATE INDEX jobs_running_idx ON jobs (lease_until) WHERE status = 'running';
-- A guild's latest job of a kind (the discovery header, the bot guilds tab, sync freshness).
CREATE INDEX jobs_guild_kind_created_idx ON jobs (guild_id, kind, created_at DESC) WHERE guild_id IS NOT NULL;
-- A kind's jobs newest first (the dataset exports list).
CREATE INDEX jobs_kind_created_idx ON jobs (kind, created_at DESC);
CREATE INDEX jobs_expires_idx ON jobs (expires_at) WHERE expires_at IS NOT NULL;

-- The members a member sync fetched so far, page by page, each page saved with the job's progress: a resumed sync
-- goes on from the next page, and the members are written in one transaction at the end (all or nothing).
CREATE TABLE member_sync_members (
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  discord_user_id text NOT NULL,
  username text NOT NULL,
  global_name text,
  nickname text,
  avatar text,
  roles text[] NOT NULL DEFAULT '{}',
  joined_at timestamptz,
  PRIMARY KEY (job_id, discord_user_id)
);

-- The three job tables of before move over, ids kept (their URLs still answer): member syncs and dataset exports
-- are read back (the guild's last sync, sync freshness, the exports list and downloads), bulk updates for their
-- history. A job still running belonged to the process this version replaces and cannot be resumed (its fetched
-- pages or written rows were never saved): it moves over as failed, with the message the old code gave it.
INSERT INTO jobs (id, kind, guild_id, target, actor, input, progress, result, status, error, attempts, max_attempts,
                  created_at, started_at, updated_at, finished_at)
SELECT s.id, 'member_sync', s.guild_id, s.guild_id::text,
       CASE WHEN s.started_by IS NULL THEN '{"type": "system"}'::jsonb
            ELSE jsonb_build_object('type', 'admin', 'id', a.id, 'name', s.started_by) END,
       jsonb_build_object('discordGuildId', g.discord_guild_id),
       jsonb_build_object('phase', CASE WHEN s.status = 'succeeded' THEN 'done' ELSE 'fetching' END, 'page', 0,
                          'fetched', s.fetched, 'after', '0', 'total', s.total),
       CASE WHEN s.status = 'succeeded' THEN jsonb_build_object('added', coalesce(s.added, 0), 'updated',
            coalesce(s.updated, 0), 'left', coalesce(s.left_count, 0), 'total', coalesce(s.total, 0)) END,
       CASE WHEN s.status = 'succeeded' THEN 'succeeded' ELSE 'failed' END,
       CASE WHEN s.status = 'running' THEN 'The server stopped before this sync finished; nothing was changed' ELSE s.error END,
       1, 3, s.started_at, s.started_at, s.updated_at, coalesce(s.finished_at, s.updated_at)
  FROM member_sync_jobs s
  JOIN guilds g ON g.id = s.guild_id
  LEFT JOIN LATERAL (SELECT id FROM admin_users WHERE lower(username) = lower(s.started_by) LIMIT 1) a ON true;

INSERT INTO jobs (id, kind, actor, input, progress, result, status, error, attempts, max_attempts, created_at,
                  started_at, updated_at, finished_at)
SELECT b.id, 'player_bulk_update',
       CASE WHEN b.started_by IS NULL THEN '{"type": "system"}'::jsonb
            ELSE jsonb_build_object('type', 'admin', 'id', a.id, 'name', b.started_by) END,
       jsonb_build_object('accountIds', to_jsonb(b.account_ids), 'accountStatus', b.account_status,
                          'maxConcurrency', b.max_concurrency, 'startedBy', b.started_by),
       jsonb_build_object('next', b.done, 'done', b.done, 'updated', b.updated, 'failures', b.failures),
       CASE WHEN b.status = 'completed' THEN jsonb_build_object('next', b.done, 'done', b.done, 'updated', b.updated,
            'failures', b.failures) END,
       CASE WHEN b.status = 'completed' THEN 'succeeded' ELSE 'failed' END,
       CASE WHEN b.status = 'running'
            THEN 'The server stopped before this bulk update finished; the accounts not reached kept their status'
            ELSE b.error END,
       1, 3, b.started_at, b.started_at, b.updated_at, coalesce(b.finished_at, b.updated_at)
  FROM player_bulk_jobs b
  LEFT JOIN LATERAL (SELECT id FROM admin_users WHERE lower(username) = lower(b.started_by) LIMIT 1) a ON true;

INSERT INTO jobs (id, kind, actor, input, progress, result, status, error, attempts, max_attempts, created_at,
                  started_at, updated_at, finished_at, expires_at)
SELECT e.id, 'dataset_export',
       CASE WHEN a.id IS NULL THEN '{"type": "system"}'::jsonb
            ELSE jsonb_build_object('type', 'admin', 'id', a.id, 'name', a.username) END,
       jsonb_build_object('sampleType', e.sample_type, 'format', e.format,
                          'filters', e.request - 'sampleType' - 'format' - 'filename', 'filename', e.request -> 'filename'),
       jsonb_build_object('written', e.row_count, 'total', e.total_rows),
       CASE WHEN e.status = 'done' THEN jsonb_build_object('files', e.files, 'rows', e.row_count) END,
       CASE WHEN e.status = 'done' THEN 'succeeded' ELSE 'failed' END,
       CASE WHEN e.status = 'running' THEN 'The export was interrupted' ELSE e.error END,
       1, 1, e.created_at, e.created_at, coalesce(e.finished_at, e.created_at), coalesce(e.finished_at, e.created_at),
       e.expires_at
  FROM ml_exports e
  LEFT JOIN admin_users a ON a.id = e.created_by;

DROP TABLE member_sync_jobs;
DROP TABLE player_bulk_jobs;
DROP TABLE ml_exports;
