// Whether an alert's delivery is muted now: a silence of its rule or instance, or a maintenance window in force.
import { MUTE_MESSAGES } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { isInWindow } from './maintenance-window';
import { selectMaintenanceWindows, selectSilenceFor } from './queries';

/** Why an alert of this rule and instance is not to be sent at `now`, or null. */
export async function muteReasonFor(
  db: Queryable,
  alert: { rule_id: string | null; instance: string | null },
  now: Date,
): Promise<string | null> {
  const silence = await selectSilenceFor(db, alert, now);
  if (silence) return MUTE_MESSAGES.silenced(silence.reason);
  const window = (await selectMaintenanceWindows(db)).find((candidate) => candidate.is_enabled && isInWindow(candidate, now));
  return window ? MUTE_MESSAGES.inWindow(window.name) : null;
}
