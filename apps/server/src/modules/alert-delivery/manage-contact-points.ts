// Contact points as the Alerts screen writes them (issue 34): URLs and secrets sealed and never read back,
// every change audited in the transaction that makes it.
import { randomBytes } from 'node:crypto';
import {
  ALERT_DELIVERY_MESSAGES,
  type AlertDelivery,
  type ContactPoint,
  type contactPointBody,
  MUTE_MESSAGES,
} from '@guildhall/contract';
import type { z } from 'zod';
import { openSealedText, sealText } from '../../auth/sealed-text';
import { AppError } from '../../core/app-error';
import { type AuditActor, recordAudit } from '../../core/audit';
import type { AlertDeliveryDeps } from './alert-delivery-deps';
import { deliver } from './deliver';
import {
  type ContactPointRow,
  type ContactPointValues,
  type DeliveryRow,
  deleteContactPoint,
  insertContactPoint,
  insertTestDelivery,
  selectContactPoint,
  selectContactPoints,
  selectDelivery,
  selectUnknownRuleIds,
  updateContactPoint,
} from './queries';

/** Who changes a contact point, and from where. */
export interface ContactPointEditor {
  actor: AuditActor;
  ip: string | null;
}

type Body = z.output<typeof contactPointBody>;

/** Where a contact point sends, without what makes it a secret: a webhook's host and path start, an address. */
function targetOf(row: ContactPointRow, url: string | null): string {
  if (row.kind === 'email') return row.email ?? '';
  if (!url) return '';
  const parsed = new URL(url);
  return row.kind === 'discord' ? `${parsed.host} webhook` : `${parsed.host}${parsed.pathname === '/' ? '' : '/…'}`;
}

export function presentContactPoint(row: ContactPointRow, url: string | null): ContactPoint {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    target: targetOf(row, url),
    hasSecret: row.secret_sealed !== null,
    severities: row.severities,
    ruleIds: row.rule_ids,
    repeatHours: row.repeat_hours,
    isEnabled: row.is_enabled,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    lastDelivery:
      row.last_status && row.last_at ? { status: row.last_status, at: row.last_at.toISOString(), error: row.last_error } : null,
  };
}

export function presentDelivery(row: DeliveryRow): AlertDelivery {
  return {
    id: row.id,
    alertId: row.alert_id,
    contactPointId: row.contact_point_id,
    contactPointName: row.contact_point_name,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
  };
}

export async function listContactPoints(deps: AlertDeliveryDeps): Promise<ContactPoint[]> {
  const key = await deps.sealingKey();
  const rows = await selectContactPoints(deps.db);
  return rows.map((row) => presentContactPoint(row, row.url_sealed ? openSealedText(key, row.url_sealed) : null));
}

/** Creates a contact point; a webhook without a secret gets one, answered this once. */
export async function createContactPoint(
  deps: AlertDeliveryDeps,
  body: Body,
  editor: ContactPointEditor,
): Promise<{ contactPoint: ContactPoint; secret: string | null }> {
  if (body.kind !== 'email' && !body.url) throw AppError.invalidField('url', ALERT_DELIVERY_MESSAGES.urlRequired);
  const generated = body.kind === 'webhook' && !body.secret ? randomBytes(32).toString('base64url') : null;
  const values = await valuesOf(deps, body, null, generated);
  const id = await deps.db.transaction(async (tx) => {
    const created = await insertContactPoint(tx, values);
    await recordAudit(tx, {
      actor: editor.actor,
      action: 'contact_point.created',
      target: { type: 'contact_point', id: created },
      details: { name: body.name, kind: body.kind, severities: body.severities },
      ip: editor.ip,
    });
    return created;
  });
  return { contactPoint: await readContactPoint(deps, id), secret: generated };
}

/** Saves an edit; a URL or secret left out keeps the stored one (they are never sent back to be re-sent). */
export async function editContactPoint(
  deps: AlertDeliveryDeps,
  id: string,
  body: Body,
  editor: ContactPointEditor,
): Promise<ContactPoint> {
  const stored = await selectContactPoint(deps.db, id);
  if (!stored) throw AppError.notFound(ALERT_DELIVERY_MESSAGES.notFound);
  const keepsUrl = body.kind === stored.kind && body.kind !== 'email';
  if (body.kind !== 'email' && !body.url && !keepsUrl) {
    throw AppError.invalidField('url', ALERT_DELIVERY_MESSAGES.urlRequired);
  }
  const values = await valuesOf(deps, body, keepsUrl ? stored : null, null);
  await deps.db.transaction(async (tx) => {
    await updateContactPoint(tx, id, values);
    await recordAudit(tx, {
      actor: editor.actor,
      action: 'contact_point.updated',
      target: { type: 'contact_point', id },
      details: {
        name: body.name,
        kind: body.kind,
        severities: body.severities,
        urlChanged: body.url !== undefined,
        secretChanged: body.secret !== undefined,
      },
      ip: editor.ip,
    });
  });
  return readContactPoint(deps, id);
}

export async function removeContactPoint(deps: AlertDeliveryDeps, id: string, editor: ContactPointEditor): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const removed = await deleteContactPoint(tx, id);
    if (!removed) throw AppError.notFound(ALERT_DELIVERY_MESSAGES.notFound);
    await recordAudit(tx, {
      actor: editor.actor,
      action: 'contact_point.deleted',
      target: { type: 'contact_point', id },
      details: { name: removed.name },
      ip: editor.ip,
    });
    return removed.name;
  });
}

/** Sends a test now and answers with its outcome (the receiver's answer when it refused). */
export async function testContactPoint(
  deps: AlertDeliveryDeps,
  id: string,
  editor: ContactPointEditor,
): Promise<{ delivery: AlertDelivery; message: string }> {
  const stored = await selectContactPoint(deps.db, id);
  if (!stored) throw AppError.notFound(ALERT_DELIVERY_MESSAGES.notFound);
  const deliveryId = await insertTestDelivery(deps.db, id);
  const outcome = await deliver(deps, deliveryId, { isLast: true });
  await recordAudit(deps.db, {
    actor: editor.actor,
    action: 'contact_point.tested',
    target: { type: 'contact_point', id },
    details: { name: stored.name, status: outcome?.status ?? 'sent' },
    ip: editor.ip,
  });
  const delivery = presentDelivery((await selectDelivery(deps.db, deliveryId))!);
  const message =
    outcome?.status === 'failed'
      ? ALERT_DELIVERY_MESSAGES.testFailed(stored.name, outcome.error)
      : ALERT_DELIVERY_MESSAGES.testSent(stored.name);
  return { delivery, message };
}

async function readContactPoint(deps: AlertDeliveryDeps, id: string): Promise<ContactPoint> {
  const row = (await selectContactPoint(deps.db, id))!;
  const key = await deps.sealingKey();
  return presentContactPoint(row, row.url_sealed ? openSealedText(key, row.url_sealed) : null);
}

async function valuesOf(
  deps: AlertDeliveryDeps,
  body: Body,
  kept: ContactPointRow | null,
  generatedSecret: string | null,
): Promise<ContactPointValues> {
  const [unknown] = await selectUnknownRuleIds(deps.db, body.ruleIds ?? []);
  if (unknown !== undefined) throw AppError.invalidField('ruleIds', MUTE_MESSAGES.unknownRule(unknown));
  if (body.kind === 'discord' && body.url && !deps.discordHosts.has(new URL(body.url).host)) {
    throw AppError.invalidField('url', ALERT_DELIVERY_MESSAGES.discordUrlInvalid);
  }
  const key = await deps.sealingKey();
  const secret = body.kind === 'webhook' ? (body.secret ?? generatedSecret) : null;
  return {
    name: body.name,
    kind: body.kind,
    urlSealed: body.kind === 'email' ? null : body.url ? sealText(key, body.url) : (kept?.url_sealed ?? null),
    email: body.kind === 'email' ? body.email! : null,
    secretSealed: secret ? sealText(key, secret) : body.kind === 'webhook' ? (kept?.secret_sealed ?? null) : null,
    severities: body.severities,
    ruleIds: body.ruleIds,
    repeatHours: body.repeatHours,
    isEnabled: body.isEnabled,
  };
}
