import type { Endpoint } from '@guildhall/contract';

/** The route options of one contract entry: method, path and the schemas that validate and document it. */
export function contractRoute<const E extends Endpoint>(endpoint: E, tag: string) {
  const schema = {
    summary: endpoint.summary,
    tags: [tag],
    body: endpoint.body as E['body'],
    querystring: endpoint.query as E['query'],
    params: endpoint.params as E['params'],
    response: { 200: endpoint.response as E['response'] },
  };
  // Absent parts stay absent: Fastify and the OpenAPI transform expect missing keys, not undefined ones.
  for (const key of ['body', 'querystring', 'params'] as const) if (schema[key] === undefined) delete schema[key];
  return { method: endpoint.method, url: endpoint.path, schema };
}
