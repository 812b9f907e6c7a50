import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** Where Discord serves user avatars and guild icons. */
const DISCORD_CDN = 'https://cdn.discordapp.com';
/** Where Blizzard serves the armory avatars and renders a roster sync and Raider.IO name (issue 30). */
const ARMORY_RENDER = 'https://render.worldofwarcraft.com';

/** Content-Security-Policy directives by name, as both helmet and @fastify/swagger-ui take them. */
export type CspDirectives = Record<string, string[]>;

const isHttps = (publicUrl: string) => new URL(publicUrl).protocol === 'https:';

/**
 * The Content-Security-Policy of every answer. The built app is script and style files only (Vite emits no
 * inline script; React sets style props through the DOM, which CSP allows), so scripts and styles need no
 * 'unsafe-inline', nonce or hash. A <style> tag or style="" attribute in served HTML would be refused.
 */
export function cspDirectives(publicUrl: string): CspDirectives {
  const publicAddress = new URL(publicUrl);
  // CSP 3 lets 'self' cover same-origin WebSockets (Socket.IO); older browsers need the ws(s) origin spelled out.
  const socketOrigin = `${isHttps(publicUrl) ? 'wss' : 'ws'}://${publicAddress.host}`;
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'connect-src': ["'self'", socketOrigin],
    'font-src': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // data: for the inline SVG favicon and the CSS background icons.
    'img-src': ["'self'", 'data:', DISCORD_CDN, ARMORY_RENDER],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    // Over plain http (development, the e2e run) it would send every request to an https port nobody listens on.
    ...(isHttps(publicUrl) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The security headers of every answer (pages, API, probes, errors), from helmet: the CSP above, X-Frame-Options
 * DENY, nosniff, Referrer-Policy no-referrer, same-origin COOP/CORP, and HSTS behind https. They are the same on every
 * answer, so helmet runs once, here, into a map: @fastify/helmet built its middleware again on every request, a
 * sixth of a probe's time.
 */
export function securityHeaderMap(publicUrl: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => undefined,
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(publicUrl) },
    frameguard: { action: 'deny' },
    // Only behind https: over http it means nothing, and on a local https proxy it would pin the host for a year.
    strictTransportSecurity: isHttps(publicUrl) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  })({} as IncomingMessage, collector as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Sets the security headers on the root, before any other hook, so answers refused early (CSRF, database not ready,
 * 404) carry them too; on the raw response, so streams that write it themselves (SSE, files) keep them.
 */
export const securityHeaders = fp(
  async (app) => {
    const headers = Object.entries(securityHeaderMap(app.config.publicUrl));
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
