import type { FastifyInstance } from 'fastify';
import { registerAdminGateway } from './admin-gateway';
import { createAdminNamespace } from './admin-namespace';
import { createCommunityNamespace } from './community-namespace';
import { registerInfluxDebugGateway } from './influx-debug-gateway';
import { createInfluxDebugNamespace } from './influx-debug-namespace';
import { bridgeEventsToSockets } from './socket-bridge';
import { closeSocketServer, createSocketServer } from './socket-server';

/**
 * Socket.IO on the app's HTTP server: the /admin and /community namespaces with the bridge from the event bus, and
 * /influx-debug.
 */
export function attachLiveConnection(app: FastifyInstance) {
  const io = createSocketServer(app.server, app.services.redis);
  const adminNamespace = createAdminNamespace(io, app);
  registerAdminGateway(app, adminNamespace);
  const communityNamespace = createCommunityNamespace(io, app);
  const unbridge = bridgeEventsToSockets(app.bus, adminNamespace, communityNamespace);
  const influxDebug = createInfluxDebugNamespace(io, app);
  registerInfluxDebugGateway(app, influxDebug);
  // Before Fastify closes the HTTP server: open WebSockets would otherwise hold its close open.
  app.addHook('preClose', async () => {
    unbridge();
    await closeSocketServer(io, [adminNamespace, influxDebug, communityNamespace]);
  });
  return io;
}
