import type { AlertEvidence, AlertSeverity } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';

/** A stored alert as its table holds it. */
export interface AlertRow {
  id: string;
  rule_id: string | null;
  instance: string | null;
  severity: AlertSeverity;
  type: string;
  message: string;
  created_at: Date;
  resolved_at: Date | null;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  /** Why delivery was muted (a silence or a maintenance window), or null. */
  muted_reason: string | null;
}

/** An alert rule as its table holds it. */
export interface AlertRuleRow {
  id: string;
  name: string;
  kind: 'threshold' | 'service_down';
  metric: string | null;
  threshold: number | null;
  service: string | null;
  duration_seconds: number;
  severity: AlertSeverity;
  enabled: boolean;
  updated_at: Date;
  updated_by: string | null;
}

const ALERT_COLUMNS = `id, rule_id, instance, severity, type, message, created_at, resolved_at, acknowledged_at,
  acknowledged_by, muted_reason`;
const RULE_COLUMNS = `id, name, kind, metric, threshold, service, duration_seconds, severity, enabled, updated_at,
  updated_by`;

/** What a new alert says and where it comes from. */
export interface NewAlert {
  ruleId: string | null;
  instance: string | null;
  severity: AlertSeverity;
  type: string;
  message: string;
  /** Notices that no rule holds open are stored already resolved: there is nothing to wait for. */
  isResolved: boolean;
  evidence: AlertEvidence | null;
}

/** Stores an alert; null when its rule already has an open alert for that instance (another process fired it). */
export async function insertAlert(db: Queryable, alert: NewAlert): Promise<AlertRow | null> {
  const { rows } = await db.query<AlertRow>(
    `INSERT INTO alerts (rule_id, instance, severity, type, message, resolved_at, evidence)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::boolean THEN now() END, $7)
     ON CONFLICT DO NOTHING
     RETURNING ${ALERT_COLUMNS}`,
    [alert.ruleId, alert.instance, alert.severity, alert.type, alert.message, alert.isResolved, alert.evidence],
  );
  return rows[0] ?? null;
}

/**
 * Resolves a rule's open alert for one instance (instance undefined: for every instance); returns the alerts it
 * resolved, so that of several processes only the one that resolved an alert announces it.
 */
export async function resolveOpenAlerts(db: Queryable, ruleId: string, instance?: string | null): Promise<AlertRow[]> {
  const { rows } = await db.query<AlertRow>(
    `UPDATE alerts SET resolved_at = now()
      WHERE rule_id = $1 AND resolved_at IS NULL AND ($2::boolean OR instance IS NOT DISTINCT FROM $3)
      RETURNING ${ALERT_COLUMNS}`,
    [ruleId, instance === undefined, instance ?? null],
  );
  return rows;
}

/** Marks an alert acknowledged by an admin; the first acknowledgement stays. Null for an unknown id. */
export async function acknowledgeAlertRow(
  db: Queryable,
  id: string,
  by: { id: string; name: string },
): Promise<{ row: AlertRow; isNew: boolean } | null> {
  // The CTE locks the row first, so of two admins acknowledging at once only one sees it new (one audit record).
  const { rows } = await db.query<AlertRow & { was_acknowledged: boolean }>(
    `WITH before AS (SELECT id, acknowledged_at IS NOT NULL AS was_acknowledged FROM alerts WHERE id = $1 FOR UPDATE)
     UPDATE alerts
        SET acknowledged_at = coalesce(alerts.acknowledged_at, now()),
            acknowledged_by = CASE WHEN before.was_acknowledged THEN alerts.acknowledged_by ELSE $2 END,
            acknowledged_by_id = CASE WHEN before.was_acknowledged THEN alerts.acknowledged_by_id ELSE $3::uuid END
       FROM before
      WHERE alerts.id = before.id
      RETURNING alerts.*, before.was_acknowledged`,
    [id, by.name, by.id],
  );
  const row = rows[0];
  return row ? { row, isNew: !row.was_acknowledged } : null;
}

/** One alert and its evidence; null for an unknown id. */
export async function selectAlertWithEvidence(
  db: Queryable,
  id: string,
): Promise<{ row: AlertRow; evidence: AlertEvidence | null } | null> {
  const { rows } = await db.query<AlertRow & { evidence: AlertEvidence | null }>(
    `SELECT ${ALERT_COLUMNS}, evidence FROM alerts WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  return row ? { row, evidence: row.evidence } : null;
}

/** Filters of the alerts list. */
export interface AlertFilter {
  limit: number;
  severity?: AlertSeverity;
  state: 'open' | 'resolved' | 'all';
}

/** Alerts newest first, and how many of the chosen severity are open. */
export async function selectAlerts(db: Queryable, filter: AlertFilter): Promise<{ rows: AlertRow[]; open: number }> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.severity) {
    params.push(filter.severity);
    conditions.push(`severity = $${params.length}`);
  }
  const severityOnly = conditions.length > 0 ? `AND ${conditions.join(' AND ')}` : '';
  if (filter.state === 'open') conditions.push('resolved_at IS NULL');
  if (filter.state === 'resolved') conditions.push('resolved_at IS NOT NULL');
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const [list, open] = await Promise.all([
    db.query<AlertRow>(
      `SELECT ${ALERT_COLUMNS} FROM alerts ${where} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1}`,
      [...params, filter.limit],
    ),
    db.query<{ open: number }>(`SELECT count(*)::int AS open FROM alerts WHERE resolved_at IS NULL ${severityOnly}`, params),
  ]);
  return { rows: list.rows, open: open.rows[0]?.open ?? 0 };
}

/** Every rule, in the order the default set lists them (by kind, then metric or service, then severity). */
export async function selectAlertRules(db: Queryable): Promise<AlertRuleRow[]> {
  const { rows } = await db.query<AlertRuleRow>(
    `SELECT ${RULE_COLUMNS} FROM alert_rules
      ORDER BY kind DESC, coalesce(metric, service), threshold NULLS FIRST, id`,
  );
  return rows;
}

/** One rule, locked for the rest of the transaction. */
export async function lockAlertRule(db: Queryable, id: string): Promise<AlertRuleRow | null> {
  const { rows } = await db.query<AlertRuleRow>(`SELECT ${RULE_COLUMNS} FROM alert_rules WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

/** The editable parts of a rule, as stored. */
export interface AlertRuleChange {
  threshold: number | null;
  durationSeconds: number;
  severity: AlertSeverity;
  enabled: boolean;
}

/** Writes a rule's editable parts and who changed it. */
export async function updateAlertRuleRow(db: Queryable, id: string, change: AlertRuleChange, by: string): Promise<AlertRuleRow> {
  const { rows } = await db.query<AlertRuleRow>(
    `UPDATE alert_rules
        SET threshold = $2, duration_seconds = $3, severity = $4, enabled = $5, updated_at = now(), updated_by = $6
      WHERE id = $1
      RETURNING ${RULE_COLUMNS}`,
    [id, change.threshold, change.durationSeconds, change.severity, change.enabled, by],
  );
  return rows[0]!;
}
