import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { EventBus } from '../../core/event-bus';
import { type BattlenetOAuth, createBattlenetOAuth } from '../../services/battlenet/battlenet-oauth';
import type { Db } from '../../services/db/db';

/** What connecting Battle.net needs from the app. */
export interface BattlenetDeps {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  /** Null without BNET_CLIENT_ID and BNET_CLIENT_SECRET. */
  oauth: BattlenetOAuth | null;
  publicUrl: string;
}

/** The operations' dependencies, taken from the app. */
export const battlenetDepsOf = (app: FastifyInstance): BattlenetDeps => ({
  db: app.services.db,
  bus: app.bus,
  log: app.log,
  oauth: createBattlenetOAuth(app.config.battlenet),
  publicUrl: app.config.publicUrl.replace(/\/+$/, ''),
});
