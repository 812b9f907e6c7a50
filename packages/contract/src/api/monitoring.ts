import { z } from 'zod';
import { endpoint } from './common';

/** States a backing service can be in. */
export const SERVICE_STATES = ['healthy', 'degraded', 'down', 'not_configured'] as const;

/** One backing service's health. */
export const serviceHealth = z.object({
  status: z.enum(SERVICE_STATES),
  responseTimeMs: z.number().nullable(),
  message: z.string().nullable(),
  version: z.string().nullable(),
  checkedAt: z.string(),
});
/** One service's health. */
export type ServiceHealth = z.infer<typeof serviceHealth>;

/** The four services on the dashboard. */
export const SERVICES = ['postgresql', 'influxdb', 'redis', 'discord'] as const;
/** A dashboard service. */
export type ServiceName = (typeof SERVICES)[number];

/** How each dashboard service is named on screen. */
export const SERVICE_LABELS: Readonly<Record<ServiceName, string>> = {
  postgresql: 'PostgreSQL',
  influxdb: 'InfluxDB',
  redis: 'Redis',
  discord: 'Discord',
};

/** The overall verdict of the health rule (spec 1 §4), as overallHealth returns it. */
export const overallHealthState = z.enum(['healthy', 'degraded', 'warning', 'critical']);

/** Why the verdict is what it is, and since when it has held (issue 29: "Critical" alone said nothing). */
export const healthVerdictFields = {
  reasons: z
    .array(z.string())
    .describe('Each figure above the warning line and each service down: "CPU 98 %"; empty when healthy'),
  overallSince: z.string().describe('When this process first saw the current verdict (ISO time)'),
};

/** Health of every backing service and the overall verdict. */
export const healthOverview = z.object({
  success: z.literal(true),
  overall: overallHealthState,
  postgresql: serviceHealth,
  influxdb: serviceHealth,
  redis: serviceHealth,
  discord: serviceHealth,
  checkedAt: z.string(),
  /** Warnings about how services are set up, to show on the dashboard (e.g. DATABASE_URL signs in as a superuser). */
  warnings: z.array(z.string()),
});
/** The health overview. */
export type HealthOverview = z.infer<typeof healthOverview>;

/** Host and process figures, measured. */
export const systemPerformance = z.object({
  cpuUsage: z.number().describe('Host CPU use in percent over the last sampling interval'),
  memoryUsage: z.number().describe('Host memory use in percent'),
  memory: z.object({ total: z.number(), used: z.number(), usagePercent: z.number() }),
  process: z.object({ cpuUsage: z.number(), rss: z.number(), heapUsed: z.number(), uptime: z.number() }),
  uptime: z.number().describe('Host uptime in seconds'),
  loadAverage: z.array(z.number()),
  requestsPerSecond: z.number().describe('HTTP requests per second over the last minute'),
  errorRate: z.number().describe('Share of responses with status 500 or above over the last minute, in percent'),
});
/** System performance figures. */
export type SystemPerformance = z.infer<typeof systemPerformance>;

/** Guild tenant counts (spec 1 §3). */
export const guildStats = z.object({
  success: z.literal(true),
  total: z.number(),
  active: z.number(),
  inactive: z.number(),
  regions: z.record(z.string(), z.number()),
});
/** Guild stats. */
export type GuildStats = z.infer<typeof guildStats>;

/** Community user counts (spec 1 §3). */
export const userStats = z.object({
  success: z.literal(true),
  total: z.number(),
  discordMembers: z.number(),
  admins: z.number(),
});
/** User stats. */
export type UserStats = z.infer<typeof userStats>;

/** The dashboard's calls (spec 1 §7). */
export const monitoringApi = {
  healthOverview: endpoint({
    method: 'GET',
    path: '/api/monitoring/health-overview',
    summary: 'Health of PostgreSQL, InfluxDB, Redis and Discord',
    response: healthOverview,
  }),
  guildStats: endpoint({ method: 'GET', path: '/api/admin/guild-stats', summary: 'Guild tenant counts', response: guildStats }),
  userStats: endpoint({ method: 'GET', path: '/api/admin/user-stats', summary: 'User counts', response: userStats }),
  system: endpoint({
    method: 'GET',
    path: '/api/backend-performance/system',
    summary: 'Host and process performance',
    response: z.object({
      success: z.literal(true),
      system: systemPerformance,
      overall: overallHealthState.describe(
        'Overall health computed from this same CPU and memory sample and the last service check, so it never contradicts the figures beside it',
      ),
      ...healthVerdictFields,
      timestamp: z
        .string()
        .describe(
          'When the sample behind these figures and the verdict was taken: the live push of the same sample carries the same time',
        ),
    }),
  }),
} as const;
