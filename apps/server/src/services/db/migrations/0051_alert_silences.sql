-- Muting alert delivery (issue 34): silences of a rule or an instance for a while, with a reason, and weekly
-- maintenance windows. A muted alert is still stored and shown, marked with why it was not sent.

CREATE TABLE alert_silences (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- null: every rule (with an instance: everything that instance raises).
  rule_id text REFERENCES alert_rules (id) ON DELETE CASCADE,
  instance text,
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
CREATE INDEX alert_silences_ends_at_idx ON alert_silences (ends_at);

-- A weekly window in UTC: from start_minute of weekday (0 Sunday … 6 Saturday) for duration_minutes, which may run
-- past midnight into the next day (and past Saturday into Sunday).
CREATE TABLE alert_maintenance_windows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  weekday smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  start_minute smallint NOT NULL CHECK (start_minute BETWEEN 0 AND 1439),
  duration_minutes smallint NOT NULL CHECK (duration_minutes BETWEEN 1 AND 1440),
  is_enabled boolean NOT NULL DEFAULT true,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Why an alert was not delivered (a silence's or a window's reason); null: delivered as routed.
ALTER TABLE alerts ADD COLUMN muted_reason text;
