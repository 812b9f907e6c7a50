// The SQL of alert delivery (issue 34): contact points, and each delivery of an alert with its outcome.
import type { AlertEvidence, AlertSeverity, ContactPointKind, DeliveryEvent, DeliveryStatus } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';

export interface ContactPointRow {
  id: string;
  name: string;
  kind: ContactPointKind;
  url_sealed: string | null;
  email: string | null;
  secret_sealed: string | null;
  severities: AlertSeverity[];
  rule_ids: string[] | null;
  repeat_hours: number | null;
  is_enabled: boolean;
  created_at: Date;
  updated_at: Date;
  last_status: DeliveryStatus | null;
  last_at: Date | null;
  last_error: string | null;
}

/** What a contact point stores, its secrets sealed. */
export interface ContactPointValues {
  name: string;
  kind: ContactPointKind;
  urlSealed: string | null;
  email: string | null;
  secretSealed: string | null;
  severities: AlertSeverity[];
  ruleIds: string[] | null;
  repeatHours: number | null;
  isEnabled: boolean;
}

const CONTACT_POINT_COLUMNS = `c.id, c.name, c.kind, c.url_sealed, c.email, c.secret_sealed, c.severities, c.rule_ids,
  c.repeat_hours, c.is_enabled, c.created_at, c.updated_at, last.status AS last_status, last.created_at AS last_at,
  last.error AS last_error`;
const LAST_DELIVERY = `LEFT JOIN LATERAL (
    SELECT d.status, d.created_at, d.error FROM alert_deliveries d
     WHERE d.contact_point_id = c.id ORDER BY d.created_at DESC LIMIT 1
  ) last ON true`;

export async function selectContactPoints(db: Queryable): Promise<ContactPointRow[]> {
  const { rows } = await db.query<ContactPointRow>(
    `SELECT ${CONTACT_POINT_COLUMNS} FROM alert_contact_points c ${LAST_DELIVERY} ORDER BY lower(c.name), c.id`,
  );
  return rows;
}

export async function selectContactPoint(db: Queryable, id: string): Promise<ContactPointRow | null> {
  const { rows } = await db.query<ContactPointRow>(
    `SELECT ${CONTACT_POINT_COLUMNS} FROM alert_contact_points c ${LAST_DELIVERY} WHERE c.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

const valuesOf = (values: ContactPointValues) => [
  values.name,
  values.kind,
  values.urlSealed,
  values.email,
  values.secretSealed,
  values.severities,
  values.ruleIds,
  values.repeatHours,
  values.isEnabled,
];

export async function insertContactPoint(db: Queryable, values: ContactPointValues): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO alert_contact_points (name, kind, url_sealed, email, secret_sealed, severities, rule_ids, repeat_hours,
                                       is_enabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    valuesOf(values),
  );
  return rows[0]!.id;
}

export async function updateContactPoint(db: Queryable, id: string, values: ContactPointValues): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE alert_contact_points
        SET name = $2, kind = $3, url_sealed = $4, email = $5, secret_sealed = $6, severities = $7, rule_ids = $8,
            repeat_hours = $9, is_enabled = $10, updated_at = now()
      WHERE id = $1`,
    [id, ...valuesOf(values)],
  );
  return rowCount === 1;
}

export async function deleteContactPoint(db: Queryable, id: string): Promise<{ name: string } | null> {
  const { rows } = await db.query<{ name: string }>('DELETE FROM alert_contact_points WHERE id = $1 RETURNING name', [id]);
  return rows[0] ?? null;
}

/**
 * Makes the deliveries of an alert's event to every enabled contact point its severity and rule are routed to.
 * Every process may ask; the unique key lets one row through, so each is made once.
 */
export async function insertAlertDeliveries(db: Queryable, alertId: string, event: DeliveryEvent): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO alert_deliveries (alert_id, contact_point_id, event)
     SELECT a.id, c.id, $2 FROM alerts a
       JOIN alert_contact_points c
         ON c.is_enabled AND a.severity = ANY (c.severities) AND (c.rule_ids IS NULL OR a.rule_id = ANY (c.rule_ids))
      WHERE a.id = $1
     ON CONFLICT DO NOTHING
     RETURNING id`,
    [alertId, event],
  );
  return rows.map((row) => row.id);
}

export async function insertTestDelivery(db: Queryable, contactPointId: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO alert_deliveries (contact_point_id, event) VALUES ($1, 'test') RETURNING id`,
    [contactPointId],
  );
  return rows[0]!.id;
}

/** A delivery with what sending it needs: its contact point and its alert (none for a test). */
export interface DeliveryWork {
  id: string;
  event: DeliveryEvent;
  status: DeliveryStatus;
  attempts: number;
  contact: Pick<ContactPointRow, 'id' | 'name' | 'kind' | 'url_sealed' | 'email' | 'secret_sealed'>;
  alert: {
    id: string;
    severity: AlertSeverity;
    type: string;
    message: string;
    rule_id: string | null;
    instance: string | null;
    created_at: Date;
    resolved_at: Date | null;
    evidence: AlertEvidence | null;
  } | null;
}

export async function selectDeliveryWork(db: Queryable, id: string): Promise<DeliveryWork | null> {
  const { rows } = await db.query<{
    id: string;
    event: DeliveryEvent;
    status: DeliveryStatus;
    attempts: number;
    contact: DeliveryWork['contact'];
    alert: DeliveryWork['alert'];
  }>(
    `SELECT d.id, d.event, d.status, d.attempts,
            json_build_object('id', c.id, 'name', c.name, 'kind', c.kind, 'url_sealed', c.url_sealed,
                              'email', c.email, 'secret_sealed', c.secret_sealed) AS contact,
            CASE WHEN a.id IS NULL THEN NULL ELSE
              json_build_object('id', a.id, 'severity', a.severity, 'type', a.type, 'message', a.message,
                                'rule_id', a.rule_id, 'instance', a.instance, 'created_at', a.created_at,
                                'resolved_at', a.resolved_at, 'evidence', a.evidence) END AS alert
       FROM alert_deliveries d
       JOIN alert_contact_points c ON c.id = d.contact_point_id
       LEFT JOIN alerts a ON a.id = d.alert_id
      WHERE d.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const alert = row.alert
    ? {
        ...row.alert,
        created_at: new Date(row.alert.created_at),
        resolved_at: row.alert.resolved_at ? new Date(row.alert.resolved_at) : null,
      }
    : null;
  return { ...row, alert };
}

/** Records one attempt's outcome: sent, or failed with the receiver's answer (kept pending while it will be retried). */
export async function recordDeliveryAttempt(
  db: Queryable,
  id: string,
  outcome: { status: DeliveryStatus; error: string | null },
): Promise<void> {
  await db.query(
    `UPDATE alert_deliveries
        SET status = $2, error = $3, attempts = attempts + 1, sent_at = CASE WHEN $2 = 'sent' THEN now() ELSE sent_at END
      WHERE id = $1`,
    [id, outcome.status, outcome.error],
  );
}

export interface DeliveryRow {
  id: string;
  alert_id: string | null;
  contact_point_id: string;
  contact_point_name: string;
  event: DeliveryEvent;
  status: DeliveryStatus;
  attempts: number;
  error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

const DELIVERY_COLUMNS = `d.id, d.alert_id, d.contact_point_id, c.name AS contact_point_name, d.event, d.status,
  d.attempts, d.error, d.created_at, d.sent_at`;

export async function selectDelivery(db: Queryable, id: string): Promise<DeliveryRow | null> {
  const { rows } = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM alert_deliveries d JOIN alert_contact_points c ON c.id = d.contact_point_id
      WHERE d.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function selectAlertDeliveries(db: Queryable, alertId: string): Promise<DeliveryRow[]> {
  const { rows } = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM alert_deliveries d JOIN alert_contact_points c ON c.id = d.contact_point_id
      WHERE d.alert_id = $1 ORDER BY d.created_at, c.name`,
    [alertId],
  );
  return rows;
}

export interface SilenceRow {
  id: string;
  rule_id: string | null;
  instance: string | null;
  reason: string;
  starts_at: Date;
  ends_at: Date;
  created_by: string;
}

export interface MaintenanceWindowRow {
  id: string;
  name: string;
  weekday: number;
  start_minute: number;
  duration_minutes: number;
  is_enabled: boolean;
}

const SILENCE_COLUMNS = 'id, rule_id, instance, reason, starts_at, ends_at, created_by';
const WINDOW_COLUMNS = 'id, name, weekday, start_minute, duration_minutes, is_enabled';

/** The silences that have not ended at `now`, soonest ending first. */
export async function selectSilences(db: Queryable, now: Date): Promise<SilenceRow[]> {
  const { rows } = await db.query<SilenceRow>(
    `SELECT ${SILENCE_COLUMNS} FROM alert_silences WHERE ends_at > $1 ORDER BY ends_at, id`,
    [now],
  );
  return rows;
}

/** The silence muting an alert of this rule and instance at `now`, if any. */
export async function selectSilenceFor(
  db: Queryable,
  alert: { rule_id: string | null; instance: string | null },
  now: Date,
): Promise<SilenceRow | null> {
  const { rows } = await db.query<SilenceRow>(
    `SELECT ${SILENCE_COLUMNS} FROM alert_silences
      WHERE starts_at <= $3 AND ends_at > $3
        AND (rule_id IS NULL OR rule_id = $1) AND (instance IS NULL OR instance = $2)
        AND (rule_id IS NOT NULL OR instance IS NOT NULL)
      ORDER BY ends_at DESC LIMIT 1`,
    [alert.rule_id, alert.instance, now],
  );
  return rows[0] ?? null;
}

export async function insertSilence(
  db: Queryable,
  silence: { ruleId: string | null; instance: string | null; reason: string; startsAt: Date; endsAt: Date; createdBy: string },
): Promise<SilenceRow> {
  const { rows } = await db.query<SilenceRow>(
    `INSERT INTO alert_silences (rule_id, instance, reason, starts_at, ends_at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${SILENCE_COLUMNS}`,
    [silence.ruleId, silence.instance, silence.reason, silence.startsAt, silence.endsAt, silence.createdBy],
  );
  return rows[0]!;
}

/** Ends a silence now (kept for the record); false when there is no such silence still running. */
export async function endSilenceRow(db: Queryable, id: string, now: Date): Promise<SilenceRow | null> {
  const { rows } = await db.query<SilenceRow>(
    `UPDATE alert_silences SET ends_at = greatest($2, starts_at + interval '1 millisecond')
      WHERE id = $1 AND ends_at > $2 RETURNING ${SILENCE_COLUMNS}`,
    [id, now],
  );
  return rows[0] ?? null;
}

export async function selectMaintenanceWindows(db: Queryable): Promise<MaintenanceWindowRow[]> {
  const { rows } = await db.query<MaintenanceWindowRow>(
    `SELECT ${WINDOW_COLUMNS} FROM alert_maintenance_windows ORDER BY weekday, start_minute, id`,
  );
  return rows;
}

export async function insertMaintenanceWindow(
  db: Queryable,
  window: { name: string; weekday: number; startMinute: number; minutes: number; isEnabled: boolean; createdBy: string },
): Promise<MaintenanceWindowRow> {
  const { rows } = await db.query<MaintenanceWindowRow>(
    `INSERT INTO alert_maintenance_windows (name, weekday, start_minute, duration_minutes, is_enabled, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${WINDOW_COLUMNS}`,
    [window.name, window.weekday, window.startMinute, window.minutes, window.isEnabled, window.createdBy],
  );
  return rows[0]!;
}

export async function deleteMaintenanceWindowRow(db: Queryable, id: string): Promise<{ name: string } | null> {
  const { rows } = await db.query<{ name: string }>('DELETE FROM alert_maintenance_windows WHERE id = $1 RETURNING name', [id]);
  return rows[0] ?? null;
}

/** The rule and instance of a stored alert, and whether its firing was muted. */
export async function selectAlertRouting(
  db: Queryable,
  alertId: string,
): Promise<{ rule_id: string | null; instance: string | null; muted_reason: string | null } | null> {
  const { rows } = await db.query<{ rule_id: string | null; instance: string | null; muted_reason: string | null }>(
    'SELECT rule_id, instance, muted_reason FROM alerts WHERE id = $1',
    [alertId],
  );
  return rows[0] ?? null;
}

export async function markAlertMuted(db: Queryable, alertId: string, reason: string): Promise<void> {
  await db.query('UPDATE alerts SET muted_reason = $2 WHERE id = $1 AND muted_reason IS NULL', [alertId, reason]);
}

/**
 * Makes the repeat deliveries due at `now`: for every open, unmuted alert and every contact point that repeats and
 * was sent its firing, one per whole repeat period since the alert fired (the round), made once across processes.
 */
export async function insertDueRepeats(db: Queryable, now: Date): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO alert_deliveries (alert_id, contact_point_id, event, round)
     SELECT a.id, c.id, 'repeat', floor(extract(epoch FROM ($1::timestamptz - a.created_at)) / (c.repeat_hours * 3600))::int
       FROM alerts a
       JOIN alert_contact_points c
         ON c.is_enabled AND c.repeat_hours IS NOT NULL
        AND a.severity = ANY (c.severities) AND (c.rule_ids IS NULL OR a.rule_id = ANY (c.rule_ids))
      WHERE a.resolved_at IS NULL AND a.muted_reason IS NULL
        AND $1::timestamptz - a.created_at >= make_interval(hours => c.repeat_hours)
        AND EXISTS (SELECT 1 FROM alert_deliveries f
                     WHERE f.alert_id = a.id AND f.contact_point_id = c.id AND f.event = 'firing')
     ON CONFLICT DO NOTHING
     RETURNING id`,
    [now],
  );
  return rows.map((row) => row.id);
}

/** The ids among `ids` that name no alert rule. */
export async function selectUnknownRuleIds(db: Queryable, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM unnest($1::text[]) AS asked (id) WHERE NOT EXISTS (SELECT 1 FROM alert_rules r WHERE r.id = asked.id)',
    [ids],
  );
  return rows.map((row) => row.id);
}
