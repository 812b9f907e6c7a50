import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorStatus, SERVER_MESSAGES } from '@guildhall/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Paths that belong to the server, never to the single-page app. */
const SERVER_PATHS = /^\/(api|auth|socket\.io)(\/|$)/;

function notFound(reply: FastifyReply, message: string = SERVER_MESSAGES.notFound) {
  return reply.code(errorStatus('NOT_FOUND')).send({ success: false, error: message, code: 'NOT_FOUND' });
}

/**
 * The built web app (WEB_DIST_DIR): files as they are, hashed assets cached for good, and index.html
 * for every other page path so the app's router takes over (history fallback). Unknown API paths
 * answer JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const hasWebApp = existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      cacheControl: false,
      // The build's own bookkeeping (.vite/manifest.json, read by the bundle budget check) is not for browsers.
      dotfiles: 'ignore',
      setHeaders: (reply, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir }, 'the web app is not built; only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !SERVER_PATHS.test(pathname);
    // A missing file (it has an extension) is a 404, not the app's page.
    if (!isPage || path.extname(pathname) !== '') return notFound(reply);
    if (!hasWebApp) return notFound(reply, SERVER_MESSAGES.webAppNotBuilt);
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
