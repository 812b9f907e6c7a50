import type { FastifyInstance } from 'fastify';
import type { AllowedHost } from '../../config/allowed-hosts';
import type { Db } from '../../services/db/db';
import type { JobQueue } from '../../services/job-queue';
import type { Mailer } from '../../services/mail';
import type { RedisConnection } from '../../services/redis';

/** What alert delivery needs from the app. */
export interface AlertDeliveryDeps {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  /** Where processes agree who sends an alert PostgreSQL could not store (null: each process sends it). */
  redis: RedisConnection | null;
  /** Seals the webhook URLs and secrets (the key Discord tokens are sealed with). */
  sealingKey: () => Promise<Buffer>;
  allowedHosts: readonly AllowedHost[];
  /** Hosts a Discord webhook URL may name: Discord's own, and DISCORD_API_BASE's (a loopback fake in tests). */
  discordHosts: ReadonlySet<string>;
  timeoutMs: number;
  /** Where the console is, for the links in a message to the alert's page and its logs. */
  publicUrl: string;
  now: () => Date;
  /** Waits before trying a rate-limited delivery again in the same attempt; tests pass a shorter one. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const DISCORD_HOSTS = ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com'];

/** How long one delivery may take before it counts as a timeout. */
const DELIVERY_TIMEOUT_MS = 10_000;

const depsOfApp = new WeakMap<FastifyInstance, AlertDeliveryDeps>();

/** The alert delivery deps of a Fastify instance, made once for it. */
export function alertDeliveryDepsOf(app: FastifyInstance): AlertDeliveryDeps {
  const known = depsOfApp.get(app);
  if (known) return known;
  const deps = makeDeps(app);
  depsOfApp.set(app, deps);
  return deps;
}

function makeDeps(app: FastifyInstance): AlertDeliveryDeps {
  return {
    db: app.services.db,
    jobs: app.jobs,
    mailer: app.community.mailer,
    redis: app.services.redis,
    sealingKey: async () => (await app.signingKeys()).sealing,
    allowedHosts: app.config.outboundAllowedHosts,
    discordHosts: new Set([...DISCORD_HOSTS, new URL(app.config.discord.apiBase).host]),
    timeoutMs: DELIVERY_TIMEOUT_MS,
    publicUrl: app.config.publicUrl.replace(/\/+$/, ''),
    now: () => new Date(),
    sleep: (ms, signal) =>
      new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}
