-- Alerts that reach someone (issue 34): contact points an alert is sent to, and each delivery with its outcome.

CREATE TABLE alert_contact_points (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  kind text NOT NULL CHECK (kind IN ('discord', 'email', 'webhook')),
  -- The Discord or generic webhook URL, sealed: a Discord webhook URL is its channel's token.
  url_sealed text,
  email text,
  -- A generic webhook's signing secret, sealed; deliveries carry X-Guildhall-Signature made with it.
  secret_sealed text,
  severities text[] NOT NULL CHECK (cardinality(severities) > 0),
  -- null: every rule's alerts (and notices no rule raised).
  rule_ids text[],
  -- Sent again every so many hours while the alert is still firing; null: once.
  repeat_hours integer CHECK (repeat_hours IS NULL OR repeat_hours BETWEEN 1 AND 168),
  is_enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'email') = (email IS NOT NULL)),
  CHECK ((kind = 'email') = (url_sealed IS NULL))
);

-- One message of one alert to one contact point. The unique key makes a delivery once across processes: every
-- process that sees the alert may try to insert it, one row is made. A test has no alert.
CREATE TABLE alert_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  alert_id uuid REFERENCES alerts (id) ON DELETE CASCADE,
  contact_point_id uuid NOT NULL REFERENCES alert_contact_points (id) ON DELETE CASCADE,
  event text NOT NULL CHECK (event IN ('firing', 'resolved', 'repeat', 'test')),
  -- Which repeat of a still-firing alert (0 for the others).
  round integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE UNIQUE INDEX alert_deliveries_once_idx ON alert_deliveries (alert_id, contact_point_id, event, round)
  WHERE alert_id IS NOT NULL;
CREATE INDEX alert_deliveries_contact_idx ON alert_deliveries (contact_point_id, created_at DESC);
