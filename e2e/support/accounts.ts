/** Admin accounts the global setup creates for the browser journeys. */
export const ADMINS = {
  /** The first admin, created from ADMIN_USERNAME / ADMIN_PASSWORD on the first start. */
  owner: { username: 'admin', password: 'e2e-Owner-Password-1' },
  /** Holds only admin.system_monitoring. */
  monitor: { username: 'monitor', password: 'e2e-Monitor-Password-1' },
  /** Used by the sign-in failure journey, so its failures lock no one else. */
  target: { username: 'lockme', password: 'e2e-Target-Password-1' },
} as const;

/** Ports of the e2e servers. */
export const PORTS = {
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
} as const;
