import { randomUUID } from 'node:crypto';
import { type Alert, type AlertEvidence, LIVE_BUFFERS, type StoredAlert } from '@guildhall/contract';
import type { AuditActor } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { EventBus } from '../../core/event-bus';
import { type Db, isDatabaseUnreachable } from '../../services/db/db';
import { presentAlert } from './presenters';
import {
  type AlertFilter,
  type AlertRow,
  acknowledgeAlertRow,
  insertAlert,
  type NewAlert,
  resolveOpenAlerts,
  selectAlerts,
} from './queries';

/** What an alert says. */
export type AlertContent = Pick<Alert, 'severity' | 'type' | 'message'>;

/** Who acknowledges an alert, and from where. */
export interface AlertAcknowledger {
  actor: Extract<AuditActor, { type: 'admin' }>;
  ip: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The alerts, stored in PostgreSQL so that every process and every restart sees the same ones. Each change is
 * published on the bus; the socket bridge turns it into alerts:new, admin:critical, alerts:acknowledged or
 * alerts:resolved.
 */
export class AlertLog {
  constructor(
    private readonly bus: EventBus,
    private readonly db: Db,
  ) {}

  /**
   * Stores and publishes a notice that no rule holds open (a service answering slowly, or healthy again): it is
   * stored resolved, since nothing will end it.
   */
  async raise(alert: AlertContent): Promise<StoredAlert> {
    const { row, isStored } = await this.store({ ...alert, ruleId: null, instance: null, isResolved: true, evidence: null });
    return this.announce(row!, { isStored, evidence: null });
  }

  /**
   * Fires a rule's alert with what caused it; null when the rule already has an open alert for that instance (maybe
   * another process's). isStored is false when the database could not be reached: the alert went out live all the
   * same, and to the contact points from their copy in memory.
   */
  async fire(
    ruleId: string,
    instance: string | null,
    alert: AlertContent,
    evidence: AlertEvidence | null = null,
  ): Promise<{ alert: StoredAlert; isStored: boolean } | null> {
    const { row, isStored } = await this.store({ ...alert, ruleId, instance, isResolved: false, evidence });
    return row ? { alert: this.announce(row, { isStored, evidence }), isStored } : null;
  }

  /** Resolves a rule's open alert for one instance (undefined: every instance) and publishes each it resolved. */
  async resolve(ruleId: string, instance?: string | null): Promise<StoredAlert[]> {
    const rows = await resolveOpenAlerts(this.db, ruleId, instance);
    return rows.map((row) => {
      const alert = presentAlert(row);
      this.bus.publish({ type: 'alert.resolved', alertId: alert.id, resolvedAt: alert.resolvedAt! });
      return alert;
    });
  }

  /** Marks an alert seen by an admin, audited with it; null for an unknown id. Acknowledging twice keeps the first. */
  async acknowledge(id: string, by: AlertAcknowledger): Promise<StoredAlert | null> {
    if (!UUID.test(id)) return null;
    const result = await this.db.transaction(async (tx) => {
      const acknowledged = await acknowledgeAlertRow(tx, id, by.actor);
      if (acknowledged?.isNew) {
        const { row } = acknowledged;
        await recordAudit(tx, {
          actor: by.actor,
          action: 'alert.acknowledged',
          target: { type: 'alert', id },
          details: { severity: row.severity, type: row.type, message: row.message, ruleId: row.rule_id },
          ip: by.ip,
        });
      }
      return acknowledged;
    });
    if (!result) return null;
    if (result.isNew) this.bus.publish({ type: 'alert.acknowledged', alertId: id });
    return presentAlert(result.row);
  }

  /** The newest LIVE_BUFFERS.alerts alerts, newest first. */
  async recent(): Promise<StoredAlert[]> {
    return (await this.list({ limit: LIVE_BUFFERS.alerts, state: 'all' })).alerts;
  }

  /** Alerts newest first, filtered, and how many of the chosen severity are open. */
  async list(filter: AlertFilter): Promise<{ alerts: StoredAlert[]; open: number }> {
    const { rows, open } = await selectAlerts(this.db, filter);
    return { alerts: rows.map(presentAlert), open };
  }

  /**
   * Inserts an alert. When PostgreSQL is what is down (or cut off), its alert cannot be stored: it still goes out
   * live, so the admins watching hear of it, with an id of its own.
   */
  private async store(alert: NewAlert): Promise<{ row: AlertRow | null; isStored: boolean }> {
    try {
      return { row: await insertAlert(this.db, alert), isStored: true };
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      const now = new Date();
      const row: AlertRow = {
        id: randomUUID(),
        rule_id: alert.ruleId,
        instance: alert.instance,
        severity: alert.severity,
        type: alert.type,
        message: alert.message,
        created_at: now,
        resolved_at: alert.isResolved ? now : null,
        acknowledged_at: null,
        acknowledged_by: null,
        muted_reason: null,
      };
      return { row, isStored: false };
    }
  }

  private announce(row: AlertRow, stored: { isStored: boolean; evidence: AlertEvidence | null }): StoredAlert {
    const alert = presentAlert(row);
    this.bus.publish({ type: 'alert.raised', alert, ...stored });
    return alert;
  }
}
