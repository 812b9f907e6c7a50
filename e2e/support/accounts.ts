/** Admin accounts the global setup creates for the browser journeys. */
export const ADMINS = {
  /** The first admin, created from ADMIN_USERNAME / ADMIN_PASSWORD on the first start. */
  owner: { username: 'admin', password: 'e2e-Owner-Password-1' },
  /** Holds only admin.system_monitoring. */
  monitor: { username: 'monitor', password: 'e2e-Monitor-Password-1' },
  /** Used by the sign-in failure journey, so its failures lock no one else. */
  target: { username: 'lockme', password: 'e2e-Target-Password-1' },
} as const;

/**
 * Ports of the e2e servers of the first worker. Parallel workers each run their own servers (see global-setup.ts),
 * PORT_STRIDE apart, so no journey shares a server, a database or a port with one running beside it.
 */
const BASE_PORTS = {
  main: 3210,
  redisOutage: 3211,
  discord: 3212,
  sync: 3213,
  /** A server at the default admin sign-in limit (the main one raises it). */
  signInLimit: 3214,
  /** Servers without an InfluxDB, and with one that does not answer (e2e/influx-manager.spec.ts). */
  influxUnset: 3220,
  influxDown: 3221,
  redisOutageRedis: 16390,
  /** Servers without a Redis, and with one that stops (e2e/redis-manager.spec.ts), and that Redis. */
  redisUnset: 3222,
  redisDown: 3223,
  redisDownRedis: 16391,
  /** A server whose Battle.net is the loopback fake (e2e/battlenet.spec.ts). */
  battlenet: 3224,
  /** A server whose Discord is the loopback fake, for the player accounts' Discord lookup (e2e/player-accounts.spec.ts). */
  playersDiscord: 3225,
  /** A server whose Discord is the loopback fake, for Discord role mapping on the Permissions screen (e2e/permissions.spec.ts). */
  permissionsDiscord: 3226,
  /** A server of its own for the monitoring journeys, whose alert rules they change (e2e/monitoring.spec.ts). */
  monitoring: 3227,
  /** A server of its own for the live logs journey (e2e/live-logs.spec.ts). */
  liveLogs: 3228,
  /** A server of its own for the configuration journeys, with the OpenAI-compatible fake (e2e/configuration.spec.ts). */
  configuration: 3229,
  /** A server of its own whose system settings the journey changes (e2e/system-settings.spec.ts). */
  systemSettings: 3230,
  /** A server of its own with BOT_API_TOKEN set, for the bot ingestion and training data journeys. */
  trainingData: 3231,
  /** A server of its own for the analytics journeys' fixed data set (e2e/analytics.spec.ts). */
  analytics: 3232,
  /**
   * The OpenAI-compatible fake of the configuration journeys: a fixed port, so the main server's
   * OUTBOUND_ALLOWED_HOSTS can let its Test AI reach this one loopback port (and no other).
   */
  openAiFake: 3233,
  /** A server without demo data whose Battle.net is the loopback fake, for the guild's data sources (e2e/data-sources.spec.ts). */
  dataSources: 3234,
  /** A server of its own for the Alerts journeys, whose rule they make fire, with the Discord fake (e2e/alerts.spec.ts). */
  alerts: 3235,
  /** A server whose Discord is the loopback fake, for the bot's raid posts and buttons (e2e/discord-bot.spec.ts). */
  discordBot: 3236,
} as const;

/** How far apart two workers' ports are. */
export const PORT_STRIDE = 100;

/**
 * Moves every port of a run, so a second Playwright run on the same machine (an engineer's beside CI's) meets
 * none of the first one's servers: E2E_PORT_OFFSET=1000 puts worker 0's main server on 4210.
 */
const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);

/** The ports of the worker with this parallel index (0 for the first). */
export const portsOf = (parallelIndex: number) =>
  Object.fromEntries(
    Object.entries(BASE_PORTS).map(([name, port]) => [name, port + PORT_OFFSET + parallelIndex * PORT_STRIDE]),
  ) as {
    [Name in keyof typeof BASE_PORTS]: number;
  };

/** The parallel index of this worker (Playwright sets it in each worker process; the runner itself is 0). */
export const PARALLEL_INDEX = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** The ports of this worker's servers. */
export const PORTS = portsOf(PARALLEL_INDEX);
