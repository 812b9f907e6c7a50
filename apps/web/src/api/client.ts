import { CSRF_HEADER, GUILD_HEADER, MESSAGES } from '@guildhall/contract';
import { ApiError, errorFromBody, SESSION_ENDED } from './api-error';
import { filenameFromDisposition } from './download-filename';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query values; undefined and null entries are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Which sign-in a call belongs to: the admin console's cookie session, or the community user's. */
export type ApiSession = 'admin' | 'community';

export interface RequestOptions {
  method?: Method;
  /** JSON, or a file (a Blob) sent as the body itself. */
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
  /**
   * The session the call belongs to. 'admin' (default): the admin cookie; a 401 session error goes to the admin
   * session. 'community': the bearer token and X-Guild-ID of the community session as well; a 401 triggers one
   * token refresh and one retry, then ends the community session.
   */
  session?: ApiSession;
  /** Community calls: the guild to name in X-Guild-ID instead of the selected one. */
  guildId?: string;
  /** A file body: called as it goes, with the bytes the server has so far and the file's size. */
  onUploadProgress?: (progress: TransferProgress) => void;
  /** Community calls: false leaves the access token out (the refresh call itself, the cookie session check). */
  sendAccessToken?: boolean;
  /**
   * What a 401 does: 'handle' (default) lets the call's session deal with it (admin: hand it to the unauthorized
   * handler, which sends the browser to the admin login; community: refresh and retry); 'throw' only throws
   * (the session checks and the sign-in calls themselves).
   */
  onUnauthorized?: 'handle' | 'throw';
}

/** What the community session lends the client for its calls. */
export interface CommunityRequestAuth {
  /** The stored access token to send as the bearer, if any. */
  accessToken: () => string | null;
  /** The selected guild, sent as X-Guild-ID. */
  selectedGuildId: () => string | null;
  /**
   * One refresh after a 401 made with `usedAccessToken`: true when a newer token is stored, false when the
   * refresh was refused. Throws when the server could not be reached.
   */
  refresh: (usedAccessToken: string | null) => Promise<boolean>;
  /** The refresh failed or the retry was refused again: the community session is over. */
  onExpired: (error: ApiError) => void;
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

let communityAuth: CommunityRequestAuth | null = null;

/** Lends community calls their tokens, guild and refresh; set once when the app starts. */
export function setCommunityRequestAuth(auth: CommunityRequestAuth | null): void {
  communityAuth = auth;
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
 * A file sent where the caller follows its upload: XMLHttpRequest is the one browser API that reports how much of a
 * request body has gone (fetch reports only the answer). Answers as fetch would, so `send` reads both alike.
 */
function sendFileWithProgress(
  url: string,
  init: { method: Method; headers: Record<string, string>; body: Blob; signal?: AbortSignal },
  onProgress: (progress: TransferProgress) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(init.method, url);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(init.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) =>
      onProgress({ received: event.loaded, total: event.lengthComputable ? event.total : init.body.size });
    request.onload = () => {
      const contentType = request.getResponseHeader('Content-Type');
      resolve(
        new Response(request.responseText || null, {
          status: request.status,
          headers: contentType ? { 'Content-Type': contentType } : {},
        }),
      );
    };
    request.onerror = () => reject(new TypeError('The upload failed'));
    request.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    init.signal?.addEventListener('abort', () => request.abort(), { once: true });
    onProgress({ received: 0, total: init.body.size });
    request.send(init.body);
  });
}

/** A file is sent as itself (the server reads it as it arrives); anything else as JSON, its type set in `headers`. */
function encodeBody(body: unknown, headers: Record<string, string>): Blob | string | undefined {
  if (body === undefined) return undefined;
  if (body instanceof Blob) {
    headers['Content-Type'] = 'text/plain';
    return body;
  }
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(body);
}

/** Sends with the cookie; a connection that fails (not one the caller stopped) is the network error every screen names. */
async function reachServer(url: string, init: RequestInit, upload?: () => Promise<Response>): Promise<Response> {
  try {
    return await (upload ? upload() : fetch(url, { ...init, credentials: 'include' }));
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiError(0, MESSAGES.requestFailed, { code: 'NETWORK' });
  }
}

async function send<T>(path: string, options: RequestOptions, extraHeaders: Record<string, string>): Promise<T> {
  const { method = 'GET', body, query, signal, onUploadProgress } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [CSRF_HEADER.name]: CSRF_HEADER.value,
    ...extraHeaders,
  };
  const encoded = encodeBody(body, headers);
  const url = withQuery(path, query);
  const response = await reachServer(
    url,
    { method, headers, body: encoded, signal },
    encoded instanceof Blob && onUploadProgress
      ? () => sendFileWithProgress(url, { method, headers, body: encoded, signal }, onUploadProgress)
      : undefined,
  );

  const parsed = await readBody(response);
  const failed =
    !response.ok || (typeof parsed === 'object' && parsed !== null && 'success' in parsed && parsed.success === false);
  if (!failed) return parsed as T;
  throw errorFromBody(response.status, parsed);
}

function communityHeaders(options: RequestOptions): { headers: Record<string, string>; accessToken: string | null } {
  const accessToken = options.sendAccessToken === false ? null : (communityAuth?.accessToken() ?? null);
  const guildId = options.guildId ?? communityAuth?.selectedGuildId() ?? null;
  const headers: Record<string, string> = {};
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  if (guildId) headers[GUILD_HEADER] = guildId;
  return { headers, accessToken };
}

const isUnauthorized = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 401;

/** Ends the community session and marks the error, so callers do not toast what the session already said. */
function sessionEnded(auth: CommunityRequestAuth, error: ApiError): ApiError {
  auth.onExpired(error);
  return new ApiError(401, error.message, { code: SESSION_ENDED, fields: error.fields, body: error.body });
}

/** A community call: bearer and guild headers; on a 401 one shared refresh, one retry, else the session ends. */
async function communityRequest<T>(path: string, options: RequestOptions): Promise<T> {
  const first = communityHeaders(options);
  try {
    return await send<T>(path, options, first.headers);
  } catch (error) {
    const auth = communityAuth;
    if (!auth || options.onUnauthorized === 'throw' || !isUnauthorized(error)) throw error;
    let isRefreshed: boolean;
    try {
      isRefreshed = await auth.refresh(first.accessToken);
    } catch {
      // The refresh could not be made (offline): the sign-in may still be good, so nothing is cleared.
      throw error;
    }
    if (!isRefreshed) throw sessionEnded(auth, error);
    try {
      return await send<T>(path, options, communityHeaders(options).headers);
    } catch (retryError) {
      throw isUnauthorized(retryError) ? sessionEnded(auth, retryError) : retryError;
    }
  }
}

/**
 * The one caller of fetch: JSON in and out, cookies included, the CSRF header on every request, and the
 * headers and 401 handling of the session the call belongs to (`session`).
 * Throws ApiError for a failed status, a `success: false` body, or a network failure.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if (options.session === 'community') return communityRequest<T>(path, options);
  try {
    return await send<T>(path, options, {});
  } catch (error) {
    if (error instanceof ApiError && error.isSessionError && options.onUnauthorized !== 'throw') unauthorizedHandler(error);
    throw error;
  }
}

/** Progress of a transfer: bytes so far and the total when known (a download's when the server announced one). */
export interface TransferProgress {
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
  /** POST with a JSON body for a file made from a request (a query's result); GET otherwise. */
  body?: unknown;
  signal?: AbortSignal;
  onProgress?: (progress: TransferProgress) => void;
}

/**
 * Downloads a file through the same door as apiRequest (cookies, CSRF header, error envelope, 401 hand-off),
 * reading the body as a stream so the caller can show how many bytes have arrived.
 */
export async function apiDownload(path: string, options: DownloadOptions = {}): Promise<DownloadedFile> {
  const { query, body, signal, onProgress } = options;
  const headers: Record<string, string> = { [CSRF_HEADER.name]: CSRF_HEADER.value };
  const response = await reachServer(withQuery(path, query), {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: encodeBody(body, headers),
    signal,
  });

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
