import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Where Discord serves user avatars and guild icons. */
const DISCORD_CDN = 'https://cdn.discordapp.com';

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
    'img-src': ["'self'", 'data:', DISCORD_CDN],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    // Over plain http (development, the e2e run) it would send every request to an https port nobody listens on.
    ...(isHttps(publicUrl) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every answer (pages, API, errors), from @fastify/helmet: the CSP above, X-Frame-Options
 * DENY, nosniff, Referrer-Policy no-referrer, same-origin COOP/CORP, and HSTS behind https. Registered before
 * any other hook, so answers refused early (CSRF, database not ready, 404) carry them too.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(publicUrl) },
    frameguard: { action: 'deny' },
    // Only behind https: over http it means nothing, and on a local https proxy it would pin the host for a year.
    strictTransportSecurity: isHttps(publicUrl) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}

/**
 * The same headers as a plain map, for the router's own refusals (broken percent-encoding, an over-long path part):
 * Fastify sends those before any hook runs, helmet's included.
 */
export function routerRefusalHeaders(publicUrl: string): Record<string, string> {
  const csp = Object.entries(cspDirectives(publicUrl))
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
  return {
    'content-security-policy': csp,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    ...(isHttps(publicUrl) ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
