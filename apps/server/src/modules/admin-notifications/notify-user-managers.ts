import type { EventBus } from '../../core/event-bus';
import type { Queryable } from '../../services/db/db';
import { insertNotification } from './queries';

/**
 * An account security notice for the admins who manage admin users: stored, so it waits in the bell of each of
 * them until they read it (issue 29), then pushed to the ones connected now with its id.
 */
export async function notifyUserManagers(deps: { db: Queryable; bus: EventBus }, message: string): Promise<void> {
  const notificationId = await insertNotification(deps.db, message);
  deps.bus.publish({ type: 'admin.alert', message, notificationId });
}
