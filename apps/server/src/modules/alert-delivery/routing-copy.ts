// This process's copy of where alerts go: the contact points (sealed, as stored), their routing, the silences and
// maintenance windows. Read when the app starts, after every change made here, and every minute for changes made
// by other processes; while PostgreSQL is down it is what the "PostgreSQL down" alert is sent by.
import type { StoredAlert } from '@guildhall/contract';
import type { AlertDeliveryDeps } from './alert-delivery-deps';
import { isInWindow } from './maintenance-window';
import {
  type ContactPointRow,
  type MaintenanceWindowRow,
  type SilenceRow,
  selectContactPoints,
  selectMaintenanceWindows,
  selectSilences,
} from './queries';

/** How often the copy is read again, for changes made by another process. */
export const ROUTING_COPY_REFRESH_MS = 60_000;

interface Routing {
  contactPoints: ContactPointRow[];
  silences: SilenceRow[];
  windows: MaintenanceWindowRow[];
}

export class RoutingCopy {
  private routing: Routing | null = null;

  constructor(private readonly deps: AlertDeliveryDeps) {}

  /** Reads the copy again; while the database cannot be read, the last copy stays. */
  async refresh(): Promise<void> {
    const [contactPoints, silences, windows] = await Promise.all([
      selectContactPoints(this.deps.db),
      selectSilences(this.deps.db, this.deps.now()),
      selectMaintenanceWindows(this.deps.db),
      // The key that opens the sealed URLs is loaded (and kept) now, while it can be read.
      this.deps.sealingKey(),
    ]);
    this.routing = { contactPoints, silences, windows };
  }

  /** Whether the copy was ever read. */
  get isLoaded(): boolean {
    return this.routing !== null;
  }

  /** Whether the copy's silences or windows mute an alert now: the rules of selectSilenceFor and muteReasonFor. */
  isMuted(alert: Pick<StoredAlert, 'ruleId' | 'instance'>, now: Date): boolean {
    const routing = this.routing;
    if (!routing) return false;
    const isSilenced = routing.silences.some(
      (candidate) =>
        candidate.starts_at <= now &&
        candidate.ends_at > now &&
        (candidate.rule_id !== null || candidate.instance !== null) &&
        (candidate.rule_id === null || candidate.rule_id === alert.ruleId) &&
        (candidate.instance === null || candidate.instance === alert.instance),
    );
    return isSilenced || routing.windows.some((window) => window.is_enabled && isInWindow(window, now));
  }

  /** The enabled contact points an alert of this severity and rule is routed to. */
  contactPointsFor(alert: Pick<StoredAlert, 'severity' | 'ruleId'>): ContactPointRow[] {
    return (this.routing?.contactPoints ?? []).filter(
      (contact) =>
        contact.is_enabled &&
        contact.severities.includes(alert.severity) &&
        (contact.rule_ids === null || (alert.ruleId !== null && contact.rule_ids.includes(alert.ruleId))),
    );
  }
}
