import type { Endpoint } from '@guildhall/contract';
import type { z } from 'zod';
import { apiRequest, type RequestOptions } from './client';

/** What an endpoint of the contract answers on success. */
export type EndpointResponse<E extends Endpoint> = z.infer<E['response']>;

/** What an endpoint of the contract takes as its body. */
export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;

type CallOptions<E extends Endpoint> = Omit<RequestOptions, 'method' | 'body'> & { body?: EndpointBody<E> };

/** Calls one entry of the HTTP contract with its method and path, typed by its schemas. */
export function callEndpoint<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<EndpointResponse<E>> {
  return apiRequest<EndpointResponse<E>>(endpoint.path, { ...options, method: endpoint.method });
}
