import type { EventBus } from '../../core/event-bus';
import type { Db } from '../../services/db/db';

/** What character linking needs from the app. */
export interface LinkingDeps {
  db: Db;
  bus: EventBus;
}
