import { randomUUID } from 'node:crypto';
import { type Alert, LIVE_BUFFERS } from '@guildhall/contract';
import type { EventBus } from '../../live/event-bus';

/** The latest alerts this process raised (LIVE_BUFFERS.alerts of them), newest last. */
export class AlertLog {
  private readonly alerts: Alert[] = [];

  constructor(private readonly bus: EventBus) {}

  /** Records an alert and publishes it. */
  raise(alert: Pick<Alert, 'severity' | 'type' | 'message'>): Alert {
    const full: Alert = { ...alert, id: randomUUID(), timestamp: new Date().toISOString(), acknowledged: false };
    this.alerts.push(full);
    if (this.alerts.length > LIVE_BUFFERS.alerts) this.alerts.shift();
    this.bus.publish({ type: 'alert.raised', alert: full });
    return full;
  }

  /** Marks an alert seen; false when it is not (or no longer) in the log. */
  acknowledge(id: string): boolean {
    const alert = this.alerts.find((candidate) => candidate.id === id);
    if (!alert) return false;
    alert.acknowledged = true;
    this.bus.publish({ type: 'alert.acknowledged', alertId: id });
    return true;
  }

  /** The buffered alerts, oldest first. */
  recent(): Alert[] {
    return this.alerts.map((alert) => ({ ...alert }));
  }
}
