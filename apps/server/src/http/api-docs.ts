import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ADMIN_SESSION_COOKIE } from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the contract's zod schemas: UI at /api/docs, JSON at /api/docs/json. */
export async function registerApiDocs(app: FastifyInstance) {
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
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
