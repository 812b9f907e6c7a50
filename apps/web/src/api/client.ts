import { CSRF_HEADER, MESSAGES } from '@guildhall/contract';
import { ApiError, errorFromBody } from './api-error';
import { filenameFromDisposition } from './download-filename';

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

/** Progress of a download: bytes so far and the total when the server announced one. */
export interface DownloadProgress {
  received: number;
  total: number | null;
}

/** A finished download: the file and the name the server suggested, if any. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
  contentType: string;
}

interface DownloadOptions {
  query?: QueryParams;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
}

/**
 * Downloads a file through the same door as apiRequest (cookies, CSRF header, error envelope, 401 hand-off),
 * reading the body as a stream so the caller can show how many bytes have arrived.
 */
export async function apiDownload(path: string, options: DownloadOptions = {}): Promise<DownloadedFile> {
  const { query, signal, onProgress } = options;
  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      headers: { [CSRF_HEADER.name]: CSRF_HEADER.value },
      credentials: 'include',
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, MESSAGES.requestFailed, { code: 'NETWORK' });
  }

  if (!response.ok) {
    const error = errorFromBody(response.status, await readBody(response));
    if (error.isSessionError) unauthorizedHandler(error);
    throw error;
  }

  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const contentType = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const filename = filenameFromDisposition(response.headers.get('Content-Disposition'));
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress?.({ received, total });

  const reader = response.body?.getReader();
  if (!reader) {
    const blob = await response.blob();
    onProgress?.({ received: blob.size, total });
    return { blob, filename, contentType };
  }
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress?.({ received, total });
  }
  return { blob: new Blob(chunks, { type: contentType }), filename, contentType };
}
