import { CSRF_HEADER, MESSAGES } from '@guildhall/contract';
import { ApiError, errorFromBody } from './api-error';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query values; undefined and null entries are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
  /**
   * What a 401 session error does: 'redirect' (default) hands it to the unauthorized handler, which
   * sends the browser to the admin login; 'throw' only throws (the session check and sign-in itself).
   */
  onUnauthorized?: 'redirect' | 'throw';
}

type UnauthorizedHandler = (error: ApiError) => void;

function loginRedirect(error: ApiError): void {
  const from = `${window.location.pathname}${window.location.search}`;
  const params = new URLSearchParams({ from });
  if (error.code === 'INVALID_SESSION') params.set('expired', '1');
  window.location.assign(`/admin/login?${params}`);
}

let unauthorizedHandler: UnauthorizedHandler = loginRedirect;

/** The admin session provider takes over 401 handling while it is mounted; the return value gives it back. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = loginRedirect;
  };
}

function withQuery(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The one caller of fetch: JSON in and out, cookies included, the CSRF header on every request.
 * Throws ApiError for a failed status, a `success: false` body, or a network failure.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, onUnauthorized = 'redirect' } = options;
  const headers: Record<string, string> = { Accept: 'application/json', [CSRF_HEADER.name]: CSRF_HEADER.value };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, MESSAGES.requestFailed, { code: 'NETWORK' });
  }

  const parsed = await readBody(response);
  const failed =
    !response.ok || (typeof parsed === 'object' && parsed !== null && 'success' in parsed && parsed.success === false);
  if (!failed) return parsed as T;

  const error = errorFromBody(response.status, parsed);
  if (error.isSessionError && onUnauthorized === 'redirect') unauthorizedHandler(error);
  throw error;
}
