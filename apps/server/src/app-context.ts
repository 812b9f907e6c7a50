import type { AdminSessionContext } from './auth/admin-sessions';
import type { HitCounter } from './auth/hit-counter';
import type { Config } from './config';
import type { EventBus } from './live/event-bus';
import type { Monitoring } from './modules/monitoring/monitoring';
import type { Services } from './services/services';

// What buildApp puts on the Fastify instance and on each request, in boot order:
// config → services (database, Redis, InfluxDB, Discord) → event bus and counters → monitoring.
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    services: Services;
    bus: EventBus;
    /** Rate limits and sign-in failure counts: Redis when it answers, this process otherwise. */
    hitCounter: HitCounter;
    monitoring: Monitoring;
    /** True once migrations ran and the start-up data (first admin, demo set) is in place. */
    isDatabaseReady: boolean;
  }
  interface FastifyRequest {
    /** Set by the admin guard on routes that require a signed-in admin. */
    adminSession: AdminSessionContext | null;
  }
}
