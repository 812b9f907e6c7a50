// Helpers that make sure the services the tests talk to are running on loopback.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Resolves true when something accepts TCP connections on host:port. */
export function isListening(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Polls until check() resolves true or the deadline passes. */
export async function waitFor(check, { timeoutMs = 30_000, intervalMs = 250, what = 'service' } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** InfluxDB 1.x for tests: Debian's influxd on a loopback port, its data under a temp folder. */
export const INFLUX_TEST_PORT = Number(process.env.TEST_INFLUX_PORT ?? 18086);

/** Starts influxd on INFLUX_TEST_PORT unless one already answers there. */
export async function ensureInfluxDb(port = INFLUX_TEST_PORT) {
  const ping = async () => {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/ping`);
      return res.status === 204;
    } catch {
      return false;
    }
  };
  if (await ping()) return;
  const influxd = ['/usr/bin/influxd', '/usr/local/bin/influxd'].find((p) => existsSync(p));
  if (!influxd) throw new Error('influxd is not installed: apt-get install -y influxdb');
  const dir = path.join(os.tmpdir(), `guildhall-influx-${port}`);
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, 'influxdb.conf');
  writeFileSync(
    config,
    [
      'reporting-disabled = true',
      `bind-address = "127.0.0.1:${port + 2}"`,
      '[meta]',
      `  dir = "${dir}/meta"`,
      '[data]',
      `  dir = "${dir}/data"`,
      `  wal-dir = "${dir}/wal"`,
      '  query-log-enabled = false',
      '[http]',
      `  bind-address = "127.0.0.1:${port}"`,
      '  log-enabled = false',
      '[monitor]',
      '  store-enabled = false',
      '',
    ].join('\n'),
  );
  const log = openSync(path.join(dir, 'influxd.log'), 'a');
  const child = spawn(influxd, ['-config', config], { detached: true, stdio: ['ignore', log, log] });
  child.unref();
  await waitFor(ping, { what: `InfluxDB on 127.0.0.1:${port}` });
}

/** Installs Debian packages a fresh machine lacks (chromium, influxdb) when running as root. */
export function ensureDebianPackages(commands) {
  const missing = Object.entries(commands)
    .filter(([command]) => spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0)
    .map(([, pkg]) => pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0)
    throw new Error(`missing packages: ${missing.join(' ')} (apt-get install -y ${missing.join(' ')})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const result = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`apt-get install ${missing.join(' ')} failed`);
}

/** Starts the machine's PostgreSQL cluster if nothing answers on 5432. */
export async function ensurePostgres() {
  if (await isListening(5432)) return;
  const versions = spawnSync('ls', ['/etc/postgresql'], { encoding: 'utf8' }).stdout.trim().split('\n');
  for (const version of versions.filter(Boolean)) {
    spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
  }
  await waitFor(() => isListening(5432), { what: 'PostgreSQL on 127.0.0.1:5432' });
}

/** Starts a Redis on 6379 (nothing kept on disk) if none answers. */
export async function ensureRedis() {
  if (await isListening(6379)) return;
  spawnSync('redis-server', ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', '6379', '--save', '', '--appendonly', 'no'], {
    stdio: 'inherit',
  });
  await waitFor(() => isListening(6379), { what: 'Redis on 127.0.0.1:6379' });
}
