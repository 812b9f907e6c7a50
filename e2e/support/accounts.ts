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
  redisOutageRedis: 16390,
} as const;
