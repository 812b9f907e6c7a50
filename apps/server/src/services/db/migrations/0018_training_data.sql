-- The bot's agent turns and ML training samples (issue 16). The bot writes them through the ingestion API
-- (/api/bot/*) with a client-supplied id that makes a retried batch harmless; operators verify, relabel and export.

CREATE TABLE ai_turns (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The bot's own id for the turn: a second delivery of the same turn is ignored.
  client_id text NOT NULL UNIQUE CHECK (char_length(client_id) BETWEEN 1 AND 100),
  -- Resolved from discord_guild_id when the guild is a tenant; the Discord id is kept either way.
  guild_id uuid REFERENCES guilds(id) ON DELETE SET NULL,
  discord_guild_id text NOT NULL,
  channel_id text NOT NULL,
  discord_user_id text NOT NULL,
  username text,
  trigger_message text NOT NULL,
  -- [{username, content}] before the trigger, oldest first.
  conversation jsonb NOT NULL DEFAULT '[]',
  should_respond boolean NOT NULL,
  intent_confidence real NOT NULL CHECK (intent_confidence BETWEEN 0 AND 1),
  outcome text NOT NULL CHECK (outcome IN ('responded', 'ignored', 'error')),
  provider text NOT NULL,
  model text NOT NULL,
  temperature real,
  prompt_tokens integer NOT NULL DEFAULT 0 CHECK (prompt_tokens >= 0),
  completion_tokens integer NOT NULL DEFAULT 0 CHECK (completion_tokens >= 0),
  latency_ms integer NOT NULL CHECK (latency_ms >= 0),
  -- [{name, arguments, result, error, startedAt, durationMs}] in call order.
  tool_calls jsonb NOT NULL DEFAULT '[]',
  reply text,
  error text,
  -- When the bot took the turn; received_at is when it reached us.
  created_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  search tsvector GENERATED ALWAYS AS (
    to_tsvector('simple', trigger_message || ' ' || coalesce(reply, '') || ' ' || coalesce(error, ''))
  ) STORED
);
CREATE INDEX ai_turns_created_idx ON ai_turns (created_at DESC, id DESC);
CREATE INDEX ai_turns_guild_idx ON ai_turns (guild_id, created_at DESC);
CREATE INDEX ai_turns_provider_idx ON ai_turns (provider, model, created_at DESC);
CREATE INDEX ai_turns_outcome_idx ON ai_turns (outcome, created_at DESC);
CREATE INDEX ai_turns_search_idx ON ai_turns USING gin (search);

-- What the bot's memory extraction pulled out of one message (spec 2 §3 "Memory training sample").
CREATE TABLE memory_samples (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id text NOT NULL UNIQUE CHECK (char_length(client_id) BETWEEN 1 AND 100),
  turn_id uuid REFERENCES ai_turns(id) ON DELETE SET NULL,
  guild_id uuid REFERENCES guilds(id) ON DELETE SET NULL,
  message_content text NOT NULL,
  -- {summary, timestamp} or null.
  extracted_event jsonb,
  -- [{fact, concepts[]}]
  extracted_gems jsonb NOT NULL DEFAULT '[]',
  gem_count integer GENERATED ALWAYS AS (jsonb_array_length(extracted_gems)) STORED,
  -- The legacy extraction: [{type, content, importance}].
  extracted_memories jsonb NOT NULL DEFAULT '[]',
  conversation_history jsonb NOT NULL DEFAULT '[]',
  llm_provider text NOT NULL,
  llm_model text NOT NULL,
  extraction_latency_ms integer CHECK (extraction_latency_ms >= 0),
  quality_score real CHECK (quality_score BETWEEN 0 AND 1),
  -- Verification is one-way: once a person has checked a sample it stays verified.
  human_verified boolean NOT NULL DEFAULT false,
  verified_at timestamptz,
  verified_by uuid REFERENCES admin_users(id) ON DELETE SET NULL,
  -- A reviewer's corrected label, kept beside the bot's original fields.
  label_corrections jsonb,
  labelled_at timestamptz,
  labelled_by uuid REFERENCES admin_users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX memory_samples_created_idx ON memory_samples (created_at DESC, id DESC);
CREATE INDEX memory_samples_verified_idx ON memory_samples (human_verified, created_at DESC);
CREATE INDEX memory_samples_quality_idx ON memory_samples (quality_score DESC NULLS LAST, id);
CREATE INDEX memory_samples_provider_idx ON memory_samples (llm_provider, created_at DESC);
CREATE INDEX memory_samples_turn_idx ON memory_samples (turn_id) WHERE turn_id IS NOT NULL;

-- One decision whether to answer a message (spec 2 §3 "Intent training sample").
CREATE TABLE intent_samples (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id text NOT NULL UNIQUE CHECK (char_length(client_id) BETWEEN 1 AND 100),
  turn_id uuid REFERENCES ai_turns(id) ON DELETE SET NULL,
  guild_id uuid REFERENCES guilds(id) ON DELETE SET NULL,
  current_message text NOT NULL,
  conversation_history jsonb NOT NULL DEFAULT '[]',
  should_respond boolean NOT NULL,
  confidence real NOT NULL CHECK (confidence BETWEEN 0 AND 1),
  temperature real,
  vibe_classification text,
  provider_used text NOT NULL,
  model_used text NOT NULL,
  actual_response_sent boolean,
  -- The decision's outcome: whether answering (or not) was right. Null: not known yet.
  was_correct boolean,
  quality_score real CHECK (quality_score BETWEEN 0 AND 1),
  human_verified boolean NOT NULL DEFAULT false,
  verified_at timestamptz,
  verified_by uuid REFERENCES admin_users(id) ON DELETE SET NULL,
  label_corrections jsonb,
  labelled_at timestamptz,
  labelled_by uuid REFERENCES admin_users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX intent_samples_created_idx ON intent_samples (created_at DESC, id DESC);
CREATE INDEX intent_samples_verified_idx ON intent_samples (human_verified, created_at DESC);
CREATE INDEX intent_samples_quality_idx ON intent_samples (quality_score DESC NULLS LAST, id);
CREATE INDEX intent_samples_confidence_idx ON intent_samples (confidence DESC, id);
CREATE INDEX intent_samples_provider_idx ON intent_samples (provider_used, created_at DESC);
CREATE INDEX intent_samples_respond_idx ON intent_samples (should_respond, created_at DESC);
CREATE INDEX intent_samples_turn_idx ON intent_samples (turn_id) WHERE turn_id IS NOT NULL;

-- Feedback on a sample from a reviewer or the bot (GET/POST /api/admin/ml/feedback).
CREATE TABLE ml_feedback (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sample_type text NOT NULL CHECK (sample_type IN ('memory', 'intent')),
  sample_id uuid NOT NULL,
  was_correct boolean,
  rating integer CHECK (rating BETWEEN 1 AND 5),
  comment text CHECK (char_length(comment) <= 2000),
  created_by uuid REFERENCES admin_users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ml_feedback_sample_idx ON ml_feedback (sample_type, sample_id, created_at DESC);
CREATE INDEX ml_feedback_created_idx ON ml_feedback (created_at DESC);

-- Dataset exports the server wrote: only files listed here can be downloaded; removed after the retention.
CREATE TABLE ml_exports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  format text NOT NULL CHECK (format IN ('jsonl', 'huggingface')),
  sample_type text NOT NULL CHECK (sample_type IN ('both', 'memory', 'intent')),
  -- The request as sent (filters), for the dataset card and the list.
  request jsonb NOT NULL,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
  -- [{type, path, bytes, rows}] paths relative to the exports directory.
  files jsonb NOT NULL DEFAULT '[]',
  -- Rows written so far (progress), and the rows the filters match, counted when the export starts.
  row_count integer NOT NULL DEFAULT 0,
  total_rows integer,
  error text,
  created_by uuid REFERENCES admin_users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  expires_at timestamptz NOT NULL
);
CREATE INDEX ml_exports_created_idx ON ml_exports (created_at DESC);
CREATE INDEX ml_exports_expires_idx ON ml_exports (expires_at);
