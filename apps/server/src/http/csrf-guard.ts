import { SERVER_MESSAGES } from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import { needsCsrfCheck, passesCsrfCheck } from '../auth/same-origin';
import { AppError } from './app-error';

/** Refuses cross-site writes before anything else runs (DESIGN.md, identity and permissions). */
export function registerCsrfGuard(app: FastifyInstance, publicOrigin: string) {
  app.addHook('onRequest', async (request) => {
    const write = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      protocol: request.protocol,
      host: request.host,
    };
    if (needsCsrfCheck(write) && !passesCsrfCheck(write, publicOrigin)) {
      throw new AppError(403, 'CSRF_REJECTED', SERVER_MESSAGES.csrfRejected);
    }
  });
}
