// Silences and maintenance windows as the Alerts screen writes them, each change audited with the row it makes.
import {
  type MaintenanceWindow,
  MUTE_MESSAGES,
  type maintenanceWindowBody,
  type Silence,
  type silenceBody,
} from '@guildhall/contract';
import type { z } from 'zod';
import { AppError } from '../../core/app-error';
import { recordAudit } from '../../core/audit';
import type { AlertDeliveryDeps } from './alert-delivery-deps';
import { isInWindow, minuteOfDay, timeOfDay } from './maintenance-window';
import type { ContactPointEditor } from './manage-contact-points';
import {
  deleteMaintenanceWindowRow,
  endSilenceRow,
  insertMaintenanceWindow,
  insertSilence,
  type MaintenanceWindowRow,
  type SilenceRow,
  selectMaintenanceWindows,
  selectSilences,
  selectUnknownRuleIds,
} from './queries';

const nameOf = (editor: ContactPointEditor) =>
  'name' in editor.actor && typeof editor.actor.name === 'string' ? editor.actor.name : editor.actor.type;

export function presentSilence(row: SilenceRow): Silence {
  return {
    id: row.id,
    ruleId: row.rule_id,
    instance: row.instance,
    reason: row.reason,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    createdBy: row.created_by,
  };
}

export function presentWindow(row: MaintenanceWindowRow, now: Date): MaintenanceWindow {
  return {
    id: row.id,
    name: row.name,
    weekday: row.weekday,
    start: timeOfDay(row.start_minute),
    minutes: row.duration_minutes,
    isEnabled: row.is_enabled,
    isActive: row.is_enabled && isInWindow(row, now),
  };
}

export async function listSilences(deps: AlertDeliveryDeps): Promise<Silence[]> {
  return (await selectSilences(deps.db, deps.now())).map(presentSilence);
}

export async function createSilence(
  deps: AlertDeliveryDeps,
  body: z.output<typeof silenceBody>,
  editor: ContactPointEditor,
): Promise<Silence> {
  const [unknown] = await selectUnknownRuleIds(deps.db, body.ruleId ? [body.ruleId] : []);
  if (unknown !== undefined) throw AppError.invalidField('ruleId', MUTE_MESSAGES.unknownRule(unknown));
  const startsAt = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await insertSilence(tx, {
      ruleId: body.ruleId,
      instance: body.instance,
      reason: body.reason,
      startsAt,
      endsAt: new Date(startsAt.getTime() + body.minutes * 60_000),
      createdBy: nameOf(editor),
    });
    await recordAudit(tx, {
      actor: editor.actor,
      action: 'alert_silence.created',
      target: { type: 'alert_silence', id: row.id },
      details: { ruleId: body.ruleId, instance: body.instance, reason: body.reason, minutes: body.minutes },
      ip: editor.ip,
    });
    return presentSilence(row);
  });
}

export async function endSilence(deps: AlertDeliveryDeps, id: string, editor: ContactPointEditor): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await endSilenceRow(tx, id, deps.now());
    if (!row) throw AppError.notFound(MUTE_MESSAGES.silenceNotFound);
    await recordAudit(tx, {
      actor: editor.actor,
      action: 'alert_silence.ended',
      target: { type: 'alert_silence', id },
      details: { ruleId: row.rule_id, instance: row.instance, reason: row.reason },
      ip: editor.ip,
    });
  });
}

export async function listWindows(deps: AlertDeliveryDeps): Promise<MaintenanceWindow[]> {
  const now = deps.now();
  return (await selectMaintenanceWindows(deps.db)).map((row) => presentWindow(row, now));
}

export async function createWindow(
  deps: AlertDeliveryDeps,
  body: z.output<typeof maintenanceWindowBody>,
  editor: ContactPointEditor,
): Promise<MaintenanceWindow> {
  return deps.db.transaction(async (tx) => {
    const row = await insertMaintenanceWindow(tx, {
      name: body.name,
      weekday: body.weekday,
      startMinute: minuteOfDay(body.start),
      minutes: body.minutes,
      isEnabled: body.isEnabled,
      createdBy: nameOf(editor),
    });
    await recordAudit(tx, {
      actor: editor.actor,
      action: 'maintenance_window.created',
      target: { type: 'maintenance_window', id: row.id },
      details: { name: body.name, weekday: body.weekday, start: body.start, minutes: body.minutes },
      ip: editor.ip,
    });
    return presentWindow(row, deps.now());
  });
}

export async function deleteWindow(deps: AlertDeliveryDeps, id: string, editor: ContactPointEditor): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const removed = await deleteMaintenanceWindowRow(tx, id);
    if (!removed) throw AppError.notFound(MUTE_MESSAGES.windowNotFound);
    await recordAudit(tx, {
      actor: editor.actor,
      action: 'maintenance_window.deleted',
      target: { type: 'maintenance_window', id },
      details: { name: removed.name },
      ip: editor.ip,
    });
    return removed.name;
  });
}
