import { MESSAGES, REGIONS } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  ({ environment, server, owner } = await startSignedInApp({ SEED_DEMO_DATA: 'true' }));
});

afterAll(async () => {
  await stopTestApp(server, environment);
});

describe('dashboard figures', () => {
  it('guild stats equal the counts in SQL on the seeded data', async () => {
    const answer = await owner.get('/api/admin/guild-stats');
    expect(answer.status).toBe(200);
    const [counts] = await sql<{ total: number; active: number }>(
      server.app,
      'SELECT count(*)::int AS total, count(*) FILTER (WHERE is_active)::int AS active FROM guilds',
    );
    expect(counts!.total).toBeGreaterThanOrEqual(60);
    expect(answer.body).toMatchObject({
      success: true,
      total: counts!.total,
      active: counts!.active,
      inactive: counts!.total - counts!.active,
    });
    const regions = answer.body.regions as Record<string, number>;
    for (const region of REGIONS) {
      const [row] = await sql<{ n: number }>(server.app, 'SELECT count(*)::int AS n FROM guilds WHERE region = $1', [region]);
      expect(regions[region]).toBe(row!.n);
      expect(row!.n).toBeGreaterThan(0);
    }
  });

  it('user stats count community users, distinct Discord members and admins', async () => {
    const answer = await owner.get('/api/admin/user-stats');
    const [counts] = await sql<{ users: number; members: number }>(
      server.app,
      `SELECT (SELECT count(*)::int FROM users) AS users,
              (SELECT count(DISTINCT discord_user_id)::int FROM discord_members WHERE left_at IS NULL) AS members`,
    );
    expect(answer.body).toMatchObject({ success: true, total: counts!.users, discordMembers: counts!.members });
    expect(answer.body.total).toBeGreaterThan(0);
    expect(answer.body.admins).toBeGreaterThanOrEqual(1);
  });

  it('backend performance reports measured host, process and request figures', async () => {
    for (let i = 0; i < 5; i++) await owner.get('/api/admin/auth/me');
    const answer = await owner.get<{ system: Record<string, number> & { memory: { total: number }; process: { rss: number } } }>(
      '/api/backend-performance/system',
    );
    const { system } = answer.body;
    expect(system.cpuUsage).toBeGreaterThanOrEqual(0);
    expect(system.cpuUsage).toBeLessThanOrEqual(100);
    expect(system.memoryUsage).toBeGreaterThan(0);
    expect(system.memory.total).toBeGreaterThan(0);
    expect(system.process.rss).toBeGreaterThan(0);
    expect(system.requestsPerSecond).toBeGreaterThan(0);
    expect(system.errorRate).toBe(0);
  });

  it('computes one verdict a tick, from the same sample it reports CPU and memory from, read by every caller', async () => {
    const { monitoring } = server.app;
    // The background sampler, checks and feed would tick too: only the test ticks here.
    monitoring.stop();
    const reading = (cpuPercent: number) => ({
      cpuPercent,
      processCpuPercent: 1,
      memory: { total: 1000, used: 400, usagePercent: 40 },
    });
    // The tick's reading is the one that counts; any later reading of the host would disagree with it.
    const tickAt = (cpuPercent: number) => {
      vi.spyOn(monitoring.host, 'read').mockReturnValueOnce(reading(cpuPercent)).mockReturnValue(reading(10));
      monitoring.tick();
    };
    type SystemAnswer = {
      system: { cpuUsage: number; memoryUsage: number };
      overall: string;
      reasons: string[];
      overallSince: string;
      timestamp: string;
    };
    const system = async () => (await owner.get<SystemAnswer>('/api/backend-performance/system')).body;
    try {
      tickAt(97.6);
      const busy = await system();
      expect(busy.system).toMatchObject({ cpuUsage: 97.6, memoryUsage: 40 });
      expect(busy.overall).toBe('critical');
      // The verdict says why, and since when: a second critical reading keeps the first one's start.
      expect(busy.reasons).toEqual(['CPU 98 %']);
      // The sidebar's push, the health overview and a second look at the dashboard read the same verdict.
      expect(monitoring.snapshot()).toMatchObject({
        timestamp: busy.timestamp,
        system: { cpu: { usage: 97.6 } },
        overall: 'critical',
        reasons: ['CPU 98 %'],
      });
      expect((await owner.get('/api/monitoring/health-overview')).body.overall).toBe('critical');
      expect(await system()).toMatchObject({ overall: 'critical', timestamp: busy.timestamp });

      tickAt(95);
      expect(await system()).toMatchObject({ overall: 'critical', reasons: ['CPU 95 %'], overallSince: busy.overallSince });

      tickAt(85);
      expect(await system()).toMatchObject({ system: { cpuUsage: 85 }, overall: 'warning', reasons: ['CPU 85 %'] });

      tickAt(12);
      const calm = await system();
      expect(calm).toMatchObject({ system: { cpuUsage: 12 }, overall: 'healthy', reasons: [] });
      expect(Date.parse(calm.overallSince)).toBeGreaterThanOrEqual(Date.parse(busy.overallSince));
      expect(monitoring.snapshot()).toMatchObject({ overall: 'healthy', timestamp: calm.timestamp });
    } finally {
      vi.restoreAllMocks();
      await monitoring.start();
    }
  });

  it('health overview reports PostgreSQL, Redis and InfluxDB healthy with versions; Discord not configured', async () => {
    const answer = await owner.get<Record<string, { status: string; version: string | null }>>('/api/monitoring/health-overview');
    expect(answer.status).toBe(200);
    for (const service of ['postgresql', 'redis', 'influxdb'] as const) {
      expect(answer.body[service]).toMatchObject({ status: 'healthy' });
      expect(answer.body[service]!.version).toBeTruthy();
    }
    expect(answer.body.discord).toMatchObject({ status: 'not_configured' });
    expect(['healthy', 'warning', 'critical']).toContain(answer.body.overall);
  });

  it('is open to every admin, even one holding only admin.system_monitoring, and to no one signed out', async () => {
    const viewer = await createTestAdmin(server.app, { role: 'viewer' });
    const client = new HttpClient(server.url);
    await client.signIn(viewer.username, viewer.password);
    for (const path of [
      '/api/admin/guild-stats',
      '/api/admin/user-stats',
      '/api/backend-performance/system',
      '/api/monitoring/health-overview',
    ]) {
      expect((await client.get(path)).status).toBe(200);
      const anonymous = await new HttpClient(server.url).get(path);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error).toBe(MESSAGES.adminAccessRequired);
    }
  });
});
