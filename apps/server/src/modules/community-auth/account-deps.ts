import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { HitCounter } from '../../auth/hit-counter';
import type { Db } from '../../services/db/db';
import type { CommunityKit } from './community-kit';

/** What the community sign-in operations need from the app. */
export interface AccountDeps {
  db: Db;
  kit: CommunityKit;
  counter: HitCounter;
  log: FastifyBaseLogger;
}

/** The operations' dependencies, taken from the app. */
export const accountDepsOf = (app: FastifyInstance): AccountDeps => ({
  db: app.services.db,
  kit: app.community,
  counter: app.hitCounter,
  log: app.log,
});
