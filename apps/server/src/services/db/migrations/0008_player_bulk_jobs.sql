-- Player-account bulk updates (spec 2 §7 "POST /bulk/update"): one row per job, its progress and the accounts that
-- failed with their reasons. updated_at moves after every account, so a running job that stopped moving belongs to a
-- process that died and is marked failed when read (jobs/player-bulk-update.ts).
CREATE TABLE player_bulk_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'completed', 'failed')),
  account_status text NOT NULL CHECK (account_status IN ('active', 'inactive', 'suspended')),
  account_ids uuid[] NOT NULL,
  max_concurrency int NOT NULL CHECK (max_concurrency > 0),
  total int NOT NULL,
  done int NOT NULL DEFAULT 0,
  updated int NOT NULL DEFAULT 0,
  -- [{accountId, displayName, error}], as the contract's bulkUpdateJob.failures.
  failures jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- Why the whole job failed (the server stopped); per-account reasons are in failures.
  error text,
  started_by text,
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

-- Finding running jobs that stopped moving.
CREATE INDEX player_bulk_jobs_running_idx ON player_bulk_jobs (updated_at) WHERE status = 'running';

-- The statistics cards count accounts by link state (spec 2 §3 "Player statistics"). A stored bit pair (1 Discord,
-- 2 Battle.net, 3 both) with a B-tree on it lets PostgreSQL count 100,000 accounts from a deduplicated index of
-- under 1 MB (an index-only scan) instead of reading the whole table: half the time (bench/player-accounts.ts).
ALTER TABLE player_accounts
  ADD COLUMN link_state smallint NOT NULL
    GENERATED ALWAYS AS ((discord_id IS NOT NULL)::int + 2 * (battlenet_id IS NOT NULL)::int) STORED;
CREATE INDEX player_accounts_link_state_idx ON player_accounts (link_state);
