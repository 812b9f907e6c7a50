import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ADMIN_SESSION_COOKIE } from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { requireAdmin } from './auth/require-admin';
import { cspDirectives } from './http/security-headers';

/** The one inline <style> of Swagger UI (its own logo's SVG), allowed by hash on the docs pages only. */
const SWAGGER_UI_STYLE_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/**
 * The OpenAPI document, generated from the contract's zod schemas of every route registered after it (the probes
 * too): on the root, so it sees every context.
 */
export const apiDocument = fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Guildhall API',
          description: 'Every request and response shape comes from @guildhall/contract.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: { adminSession: { type: 'apiKey', in: 'cookie', name: ADMIN_SESSION_COOKIE } },
        },
      },
      transform: jsonSchemaTransform,
    });
  },
  { name: 'api-document' },
);

/**
 * The document's pages: UI at /api/docs, JSON at /api/docs/json. Only for signed-in admins (401 otherwise, in every
 * environment): the list of every route is a map for an attacker.
 */
export async function registerApiDocsPages(app: FastifyInstance) {
  const directives = cspDirectives(app.config.publicUrl);
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // The app's CSP plus that hash; no validator badge, which would send the document to validator.swagger.io.
    staticCSP: { ...directives, 'style-src': [...(directives['style-src'] ?? []), SWAGGER_UI_STYLE_HASH] },
    uiConfig: { validatorUrl: null },
    uiHooks: { onRequest: requireAdmin() },
  });
}
