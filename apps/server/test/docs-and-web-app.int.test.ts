import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminAuthApi, monitoringApi, SERVER_MESSAGES } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './helpers/http-client';
import { createTestEnvironment, OWNER, startTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

let environment: TestEnvironment;
let server: TestApp;
let webDist: string;
const INDEX = '<!doctype html><title>Guildhall</title><div id="root"></div>';

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'guildhall-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log("app")');
  mkdirSync(path.join(webDist, '.vite'));
  writeFileSync(path.join(webDist, '.vite', 'manifest.json'), '{}');
  environment = await createTestEnvironment({ WEB_DIST_DIR: webDist });
  server = await startTestApp(environment.env);
});

afterAll(async () => {
  await server?.close();
  await environment?.dispose();
  rmSync(webDist, { recursive: true, force: true });
});

describe('OpenAPI document', () => {
  it('is for signed-in admins only: 401 to anyone else, the UI and the document alike', async () => {
    for (const path of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      const answer = await new HttpClient(server.url).get(path);
      expect(answer.status, path).toBe(401);
      expect(answer.text, path).not.toContain('/api/admin/');
    }
  });

  it('lists the admin sign-in and dashboard paths with their summaries', async () => {
    const admin = new HttpClient(server.url);
    expect((await admin.signIn(OWNER.username, OWNER.password)).status).toBe(200);
    const answer = await admin.get<{ paths: Record<string, Record<string, { summary?: string }>> }>('/api/docs/json');
    expect(answer.status).toBe(200);
    for (const endpoint of [...Object.values(adminAuthApi), ...Object.values(monitoringApi)]) {
      const operation = answer.body.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation, endpoint.path).toBeDefined();
      expect(operation!.summary).toBe(endpoint.summary);
    }
    const ui = await admin.get('/api/docs');
    expect([200, 302]).toContain(ui.status);
  });
});

describe('web app and fallbacks', () => {
  const client = () => new HttpClient(server.url);

  it('serves index.html for app routes (history fallback) and assets as files', async () => {
    for (const page of ['/', '/admin', '/admin/monitoring/logs']) {
      const answer = await client().get(page);
      expect(answer.status, page).toBe(200);
      expect(answer.text).toBe(INDEX);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
    const asset = await client().get('/assets/app-1234.js');
    expect(asset.text).toContain('console.log');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('answers JSON 404s for unknown API paths and missing files', async () => {
    for (const missing of ['/api/nothing-here', '/api/admin/unknown', '/assets/missing.js', '/.vite/manifest.json']) {
      const answer = await client().get(missing);
      expect(answer.status, missing).toBe(404);
      expect(answer.body).toEqual({ success: false, error: SERVER_MESSAGES.notFound, code: 'NOT_FOUND' });
    }
    expect((await client().post('/api/nothing-here', {})).status).toBe(404);
  });

  it('answers probes', async () => {
    expect((await client().get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await client().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', database: { isMigrated: true, status: 'healthy' } });
  });

  it('never answers 500 to malformed input', async () => {
    const broken = await client().request('POST', '/api/admin/auth/login', {
      headers: { 'content-type': 'application/json' },
      body: undefined,
    });
    expect(broken.status).toBe(400);
    const badJson = await client().request('POST', '/api/admin/auth/login', { rawBody: '{"username": ' });
    expect(badJson.status).toBe(400);
    expect(badJson.body).toMatchObject({ success: false });
    const wrongTypes = await client().post('/api/admin/auth/login', { username: 42, password: ['x'] });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.fields).toHaveProperty('username');
  });
});
