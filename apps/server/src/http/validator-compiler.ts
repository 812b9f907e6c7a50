import { readableIssue } from '@guildhall/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

/**
 * Validates bodies, query strings and params with the contract's schemas, as fastify-type-provider-zod
 * does, but with the contract's readable error map: a query parameter out of range answers
 * "limit must be at most 100" instead of zod's default wording. Messages written in a schema win.
 */
export const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = z.core.safeParse(schema, data, { error: readableIssue });
    if (result.success) return { value: result.data };
    return {
      error: result.error.issues.map((issue) => ({
        keyword: issue.code,
        instancePath: `/${issue.path.join('/')}`,
        schemaPath: `#/${issue.path.join('/')}/${issue.code}`,
        message: issue.message,
        params: {},
      })),
    };
  };
