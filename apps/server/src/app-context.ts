import type { AdminSessionContext } from './auth/admin-sessions';
import type { CommunityPrincipal } from './auth/community-user';
import type { HitCounter } from './auth/hit-counter';
import type { GuildScope } from './auth/require-guild';
import type { SigningKeys } from './auth/signing-keys';
import type { Config } from './config';
import type { EventBus } from './core/event-bus';
import type { LogHub } from './core/logs/log-hub';
import type { CommunityKit } from './modules/community-auth/community-kit';
import type { Monitoring } from './modules/monitoring/monitoring';
import type { JobQueue } from './services/job-queue';
import type { Services } from './services/services';
import type { SystemSettings } from './services/system-settings';

// What buildApp puts on the Fastify instance and on each request, in boot order (app-plugins.ts, each a named plugin):
// config → services (database, Redis, InfluxDB, Discord) → event bus and counters → monitoring → system settings →
// signing keys → community sign-in → job runner.
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    services: Services;
    bus: EventBus;
    /** Rate limits and sign-in failure counts: Redis when it answers, this process otherwise. */
    hitCounter: HitCounter;
    monitoring: Monitoring;
    /** This process's logs: the ring and live tails (streamCount()), and the files. */
    logHub: LogHub;
    /** The keys of community access tokens and sealed Discord tokens: JWT_SECRET, or a secret kept in app_meta. */
    signingKeys: () => Promise<SigningKeys>;
    /** Community sign-in: Discord, mail, background work. */
    community: CommunityKit;
    /** The job runner: modules register their kinds and enqueue on it (issue 27). */
    jobs: JobQueue;
    /** Platform settings changed at run time (issue 15): read `current()` per request. */
    systemSettings: SystemSettings;
    /** True once migrations ran and the start-up data (first admin, demo set) is in place. */
    isDatabaseReady: boolean;
  }
  interface FastifyRequest {
    /** Set by the admin guard on routes that require a signed-in admin. */
    adminSession: AdminSessionContext | null;
    /** Set once a community route has authenticated its caller (bearer token or Discord session). */
    communityPrincipal: CommunityPrincipal | null;
    /** Set by the guild guard on guild-scoped community routes. */
    guildScope: GuildScope | null;
  }
}
