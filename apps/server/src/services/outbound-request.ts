import { lookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { OUTBOUND_MESSAGES, type RefusedAddressKind } from '@guildhall/contract';
import { type AllowedHost, bareHost, isAllowedHost } from '../config/allowed-hosts';
import { classifyAddress } from './outbound-address';

/**
 * HTTP calls to a URL an admin or officer typed (a guild's AI provider): the host is resolved once, EVERY address
 * it has is checked (outbound-address.ts), and the connection goes to the checked address itself, so a DNS answer
 * that changes between the check and the connect cannot reach an internal service. Redirects are followed by hand,
 * each hop checked the same way, the Authorization header dropped when the origin changes. Operator-configured
 * services (Discord, Battle.net, InfluxDB) use fetchService instead.
 */

/** The call was not made (or not followed) because of where it would go. */
export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
  constructor(
    message: string,
    readonly kind: RefusedAddressKind | 'redirect' | 'protocol',
  ) {
    super(message);
  }
}

/** No answer within the time given (resolving, connecting and reading together). */
export class OutboundTimeoutError extends Error {
  override name = 'OutboundTimeoutError';
}

/** The host could not be resolved or reached, the connection broke, or the answer was too large. */
export class OutboundFailedError extends Error {
  override name = 'OutboundFailedError';
}

export interface OutboundRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** OUTBOUND_ALLOWED_HOSTS: these hosts are called whatever address they have. */
  allowedHosts: readonly AllowedHost[];
  /** Redirects followed before giving up (0: none). */
  maxRedirects?: number;
  /** The most of an answer's body read; more is a failure. */
  maxBytes?: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

const DEFAULT_MAX_REDIRECTS = 3;
const DEFAULT_MAX_BYTES = 1024 * 1024;

/** Calls `url` as described, refusing internal addresses; throws one of the three errors above. */
export async function requestOutbound(url: string, request: OutboundRequest): Promise<OutboundResponse> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  const maxRedirects = request.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let target = parseHttpUrl(url);
  let { method, body } = request;
  let headers = { ...request.headers };
  for (let hop = 0; ; hop++) {
    const address = await checkedAddress(target, request.allowedHosts, signal);
    const response = await send(target, address, { method, headers, body }, signal, request.maxBytes ?? DEFAULT_MAX_BYTES);
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || response.status === 304 || !location) return response;
    if (hop >= maxRedirects) throw new OutboundRefusedError(OUTBOUND_MESSAGES.tooManyRedirects(maxRedirects), 'redirect');
    let next: URL;
    try {
      next = parseHttpUrl(new URL(location, target).href);
    } catch {
      throw new OutboundRefusedError(OUTBOUND_MESSAGES.badRedirect, 'redirect');
    }
    if (next.origin !== target.origin) {
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'));
    }
    // As browsers do: 303, and 301/302 after a POST, become a GET without the body; 307/308 repeat the request.
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-type'));
    }
    target = next;
  }
}

function parseHttpUrl(url: string): URL {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new OutboundRefusedError(OUTBOUND_MESSAGES.notHttp, 'protocol');
  return parsed;
}

const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/** The address to connect to: the literal itself, or the first of the host's addresses once all of them pass. */
async function checkedAddress(url: URL, allowed: readonly AllowedHost[], signal: AbortSignal): Promise<string> {
  const host = bareHost(url.hostname);
  const isAllowed = isAllowedHost(allowed, host, portOf(url));
  const refuse = (address: string) => {
    const kind = isAllowed ? null : classifyAddress(address);
    if (kind) throw new OutboundRefusedError(OUTBOUND_MESSAGES.refusedAddress(host, address, kind), kind);
  };
  if (isIP(host)) {
    refuse(host);
    return host;
  }
  let addresses: { address: string }[];
  try {
    addresses = await abortable(lookup(host, { all: true, verbatim: true }), signal);
  } catch (error) {
    if (signal.aborted) throw new OutboundTimeoutError('timed out', { cause: error });
    const code = (error as { code?: unknown }).code;
    throw new OutboundFailedError(`${host} could not be resolved${typeof code === 'string' ? ` (${code})` : ''}`, {
      cause: error,
    });
  }
  if (addresses.length === 0) throw new OutboundFailedError(`${host} could not be resolved`);
  for (const { address } of addresses) refuse(address);
  return addresses[0]!.address;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** One request to the checked address; the URL's host still names the site (Host header, TLS server name). */
function send(
  url: URL,
  address: string,
  request: { method: string; headers: Record<string, string>; body: string | undefined },
  signal: AbortSignal,
  maxBytes: number,
): Promise<OutboundResponse> {
  const host = bareHost(url.hostname);
  const isHttps = url.protocol === 'https:';
  return new Promise<OutboundResponse>((resolve, reject) => {
    const fail = (error: unknown) =>
      reject(
        signal.aborted
          ? new OutboundTimeoutError('timed out', { cause: error })
          : error instanceof OutboundFailedError
            ? error
            : new OutboundFailedError(reasonOf(error), { cause: error }),
      );
    const options: https.RequestOptions = {
      host: address,
      port: portOf(url),
      path: `${url.pathname}${url.search}`,
      method: request.method,
      headers: {
        ...request.headers,
        host: url.host,
        ...(request.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(request.body)) }),
      },
      signal,
      ...(isHttps && !isIP(host) ? { servername: host } : {}),
    };
    const req = (isHttps ? https : http).request(options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy(new OutboundFailedError(OUTBOUND_MESSAGES.tooLarge(maxBytes)));
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', fail);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', fail);
    req.end(request.body);
  });
}

/** What went wrong on the wire, in the system's words (connect ECONNREFUSED 203.0.113.5:443), never a body. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return error.message || (typeof code === 'string' ? code : 'connection failed');
}
