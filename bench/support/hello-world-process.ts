// The baseline of bench/healthz.ts: a bare Fastify with one route and nothing else (no logger, no plugin), in a
// process of its own like the app, reporting its port over IPC and closing when told.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ type: 'ready', port: (app.server.address() as AddressInfo).port });
process.on('message', async () => {
  await app.close();
  process.exit(0);
});
