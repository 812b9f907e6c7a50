import { type Endpoint, errorResponse } from '@guildhall/contract';

// Refusals may carry more than the envelope (the login's attempt counters), so extra keys pass through.
const refusal = errorResponse.loose();

/** The route options of one contract entry: method, path and the schemas that validate and document it. */
export function contractRoute<const E extends Endpoint>(endpoint: E, tag: string) {
  const schema = {
    summary: endpoint.summary,
    tags: [tag],
    body: endpoint.body as E['body'],
    querystring: endpoint.query as E['query'],
    params: endpoint.params as E['params'],
    response: { 200: endpoint.response as E['response'], '4xx': refusal, '5xx': refusal },
  };
  // Absent parts stay absent: Fastify and the OpenAPI transform expect missing keys, not undefined ones.
  for (const key of ['body', 'querystring', 'params'] as const) if (schema[key] === undefined) delete schema[key];
  return { method: endpoint.method, url: endpoint.path, schema };
}
