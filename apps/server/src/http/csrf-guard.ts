import fp from 'fastify-plugin';
import { AppError } from '../core/app-error';
import { needsCsrfCheck, passesCsrfCheck } from './same-origin';

/**
 * Refuses cross-site writes before anything else runs (DESIGN.md, identity and permissions). Not on the probes:
 * they are reads.
 */
export const csrfGuard = fp(
  async (app) => {
    const { publicOrigin } = app.config;
    app.addHook('onRequest', async (request) => {
      const write = {
        method: request.method,
        url: request.url,
        headers: request.headers,
        protocol: request.protocol,
        host: request.host,
      };
      if (needsCsrfCheck(write) && !passesCsrfCheck(write, publicOrigin)) {
        throw new AppError('CSRF_REJECTED');
      }
    });
  },
  { name: 'csrf-guard' },
);
