import type { EventBus } from '../../core/event-bus';
import type { Db } from '../../services/db/db';

/** What guild operations need from the app. */
export interface GuildDeps {
  db: Db;
  bus: EventBus;
}
