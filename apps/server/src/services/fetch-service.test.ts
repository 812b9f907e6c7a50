import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchService, ServiceUnreachableError } from './fetch-service';

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));

describe('fetchService', () => {
  // A port that accepts connections and never answers, and one that refuses them.
  const held = new Set<Socket>();
  const silent = createServer((socket) => held.add(socket));
  let silentPort = 0;
  let closedPort = 0;

  beforeAll(async () => {
    silentPort = await listen(silent);
    const probe = createServer();
    closedPort = await listen(probe);
    await new Promise((resolve) => probe.close(resolve));
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('names the service and its address when the connection is refused', async () => {
    const call = fetchService('InfluxDB', `http://127.0.0.1:${closedPort}/ping`, { timeoutMs: 2000 });
    await expect(call).rejects.toBeInstanceOf(ServiceUnreachableError);
    await expect(call).rejects.toThrow(`InfluxDB is not reachable at http://127.0.0.1:${closedPort}`);
  });

  it('says how long it waited when the service does not answer', async () => {
    await expect(fetchService('Discord', `http://127.0.0.1:${silentPort}/users/@me`, { timeoutMs: 200 })).rejects.toThrow(
      'Discord did not answer within 200 ms',
    );
  });

  it('lets the caller’s own abort through unchanged', async () => {
    const controller = new AbortController();
    const call = fetchService('Discord', `http://127.0.0.1:${silentPort}/`, { timeoutMs: 5000, signal: controller.signal });
    controller.abort();
    await expect(call).rejects.not.toBeInstanceOf(ServiceUnreachableError);
  });
});
