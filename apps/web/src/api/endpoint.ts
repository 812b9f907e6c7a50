import type { Endpoint } from '@guildhall/contract';
import type { z } from 'zod';
import { apiRequest, type RequestOptions } from './client';

/** What an endpoint of the contract answers on success. */
export type EndpointResponse<E extends Endpoint> = z.infer<E['response']>;

/** What an endpoint of the contract takes as its body. */
export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;

/** What an endpoint of the contract takes as its query. */
export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : never;

/** Options of one call: the client's options, the typed body and the path parameters. */
export type CallOptions<E extends Endpoint> = Omit<RequestOptions, 'method' | 'body'> & {
  body?: EndpointBody<E>;
  /** Values of the path's `:name` parts. */
  params?: Record<string, string>;
};

/** The endpoint's path with each `:name` replaced by its encoded value. */
export function endpointPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_part, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** Calls one entry of the HTTP contract with its method and path, typed by its schemas. */
export function callEndpoint<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<EndpointResponse<E>> {
  const { params, ...rest } = options;
  return apiRequest<EndpointResponse<E>>(endpointPath(endpoint.path, params), { ...rest, method: endpoint.method });
}

/** Calls an entry of the contract as the community user: bearer token, X-Guild-ID, refresh on 401. */
export function callCommunityEndpoint<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<EndpointResponse<E>> {
  return callEndpoint(endpoint, { ...options, session: 'community' });
}
