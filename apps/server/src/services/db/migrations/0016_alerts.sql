-- Alert rules and stored alerts (issue 14). A rule watches a catalogued metric against a threshold, or a service
-- being down; it fires one alert when it has held for its duration and resolves that alert when it stops holding.

CREATE TABLE alert_rules (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('threshold', 'service_down')),
  -- threshold rules: a metric of the contract's METRIC_CATALOG, held when its value is at or above the threshold.
  metric text,
  threshold double precision,
  -- service_down rules: held while the service's status is 'down'.
  service text CHECK (service IN ('postgresql', 'influxdb', 'redis', 'discord')),
  duration_seconds integer NOT NULL DEFAULT 0 CHECK (duration_seconds BETWEEN 0 AND 86400),
  severity text NOT NULL CHECK (severity IN ('critical', 'error', 'warning', 'info')),
  enabled boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The admin who last changed it (username); null while it is as seeded.
  updated_by text,
  CHECK (
    (kind = 'threshold' AND metric IS NOT NULL AND service IS NULL)
    OR (kind = 'service_down' AND service IS NOT NULL AND metric IS NULL AND threshold IS NULL)
  )
);

-- The default set; a rule an operator changed (or a later run of this file) keeps what it has.
INSERT INTO alert_rules (id, name, kind, metric, threshold, service, duration_seconds, severity) VALUES
  ('cpu-warning', 'CPU high', 'threshold', 'system.cpu_percent', 80, NULL, 60, 'warning'),
  ('cpu-critical', 'CPU critical', 'threshold', 'system.cpu_percent', 90, NULL, 60, 'critical'),
  ('memory-warning', 'Memory high', 'threshold', 'system.memory_percent', 80, NULL, 60, 'warning'),
  ('memory-critical', 'Memory critical', 'threshold', 'system.memory_percent', 90, NULL, 60, 'critical'),
  ('error-rate', 'Error rate high', 'threshold', 'http.error_rate_percent', 5, NULL, 60, 'error'),
  ('event-loop-lag', 'Event loop lagging', 'threshold', 'system.event_loop_lag_ms', 200, NULL, 30, 'warning'),
  ('postgresql-down', 'PostgreSQL down', 'service_down', NULL, NULL, 'postgresql', 0, 'critical'),
  ('redis-down', 'Redis down', 'service_down', NULL, NULL, 'redis', 0, 'error'),
  ('influxdb-down', 'InfluxDB down', 'service_down', NULL, NULL, 'influxdb', 0, 'error'),
  ('discord-down', 'Discord down', 'service_down', NULL, NULL, 'discord', 0, 'error')
ON CONFLICT DO NOTHING;

CREATE TABLE alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Null for notices that no rule raised (a service answering slowly, or healthy again).
  rule_id text REFERENCES alert_rules (id) ON DELETE SET NULL,
  -- The server process whose sample held the rule; null for what every process sees alike (a service).
  instance text,
  severity text NOT NULL CHECK (severity IN ('critical', 'error', 'warning', 'info')),
  type text NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  acknowledged_at timestamptz,
  -- Who acknowledged it: the username as shown, and the account while it exists.
  acknowledged_by text,
  acknowledged_by_id uuid REFERENCES admin_users (id) ON DELETE SET NULL
);

-- One open alert per rule and instance: when several processes see a rule start holding at once, the first insert
-- wins and the others' ON CONFLICT DO NOTHING raise nothing.
CREATE UNIQUE INDEX alerts_open_rule_key ON alerts (rule_id, (coalesce(instance, ''))) WHERE resolved_at IS NULL;
-- The alerts list, newest first: all of them, one severity, or the open ones (with their count).
CREATE INDEX alerts_created_at_idx ON alerts (created_at DESC, id DESC);
CREATE INDEX alerts_severity_created_at_idx ON alerts (severity, created_at DESC, id DESC);
CREATE INDEX alerts_open_created_at_idx ON alerts (created_at DESC, id DESC) WHERE resolved_at IS NULL;
