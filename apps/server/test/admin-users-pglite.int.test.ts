import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminRole, AdminSessionRow, AdminUserRow, AuditEntry } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let dataDir: string;
let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-admin-users-pglite-'));
  ({ environment, server, owner } = await startSignedInApp({ GUILDHALL_DATA_DIR: dataDir }));
}, 120_000);

afterAll(async () => {
  await stopTestApp(server, environment);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('admin users, roles and the audit log on embedded PGlite', () => {
  it('creates a role and an admin holding it, lists, ends sessions, and reads the audit log with its facets and export', async () => {
    expect(
      (await owner.post('/api/admin/roles', { name: 'auditor', label: 'Auditor', permissions: ['admin.audit_logs'] })).status,
    ).toBe(200);
    const roles = await owner.get<{ data: AdminRole[] }>('/api/admin/roles');
    expect(roles.body.data.map((role) => role.name)).toEqual(['superadmin', 'admin', 'operator', 'support', 'viewer', 'auditor']);

    const created = await owner.post<{ data: AdminUserRow }>('/api/admin/users', {
      username: 'pglite_auditor',
      role: 'auditor',
      password: 'pglite-Password-123',
    });
    expect(created.status).toBe(200);
    const auditor = new HttpClient(server.url);
    expect((await auditor.signIn('pglite_auditor', 'pglite-Password-123')).status).toBe(200);
    expect((await auditor.get('/api/admin/audit-logs')).status).toBe(200);

    const listed = await owner.get<{ data: AdminUserRow[] }>('/api/admin/users?search=auditor&sortBy=lastLoginAt&sortOrder=desc');
    expect(listed.body.data.map((row) => [row.username, row.activeSessions])).toEqual([['pglite_auditor', 1]]);
    const sessions = await owner.get<{ data: AdminSessionRow[] }>(`/api/admin/users/${created.body.data.id}/sessions`);
    const ended = await owner.request('DELETE', `/api/admin/users/${created.body.data.id}/sessions/${sessions.body.data[0]!.id}`);
    expect(ended.status).toBe(200);
    expect((await auditor.get('/api/admin/audit-logs')).status).toBe(401);

    const audit = await owner.get<{ data: AuditEntry[] }>('/api/admin/audit-logs?action=admin.&actor=OWNER');
    expect(audit.body.data.map((entry) => entry.action)).toEqual(['admin.session_ended', 'admin.created', 'admin.signed_in']);
    const facets = await owner.get<{ targetTypes: string[] }>('/api/admin/audit-logs/facets');
    expect(facets.body.targetTypes).toEqual(expect.arrayContaining(['admin_role', 'admin_user']));
    const exported = await owner.get('/api/admin/audit-logs/export?action=role.');
    expect(exported.text.trimEnd().split('\r\n')).toHaveLength(2);
  });
});
