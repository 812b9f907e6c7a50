import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { ADMIN_SESSION_COOKIE, CSRF_HEADER } from '@guildhall/contract';

/** One answer: status, parsed JSON (or text) and headers. */
export interface HttpAnswer<Body = Record<string, unknown>> {
  status: number;
  body: Body;
  text: string;
  headers: IncomingHttpHeaders;
}

/** Per-request options. */
export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Send X-Requested-With like the web app does (default true). */
  isXhr?: boolean;
  /** Send this text as the body, as it is (malformed JSON, say). */
  rawBody?: string;
  /** Leave from this local address (127.0.0.2 looks like another client to the server). */
  localAddress?: string;
}

/**
 * A browser-like client: keeps cookies between calls (a cookie jar) and sends the CSRF header by
 * default. Built on node:http so a request can leave from another loopback address.
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** The admin session token the jar holds, if any. */
  get sessionToken(): string | undefined {
    return this.cookies.get(ADMIN_SESSION_COOKIE);
  }

  /** The Cookie header this jar sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get<Body = Record<string, unknown>>(path: string, options: RequestOptions = {}) {
    return this.request<Body>('GET', path, options);
  }

  post<Body = Record<string, unknown>>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<Body>('POST', path, { ...options, body });
  }

  /** Signs in as an admin; the jar keeps the session cookie. */
  signIn(username: string, password: string, options: RequestOptions = {}) {
    return this.post('/api/admin/auth/login', { username, password }, options);
  }

  request<Body = Record<string, unknown>>(method: string, path: string, options: RequestOptions = {}): Promise<HttpAnswer<Body>> {
    const url = new URL(path, this.baseUrl);
    const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const headers: Record<string, string> = {
      // Content-Length, as browsers send it: node:http frames no body of a DELETE without one.
      ...(payload !== undefined
        ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
        : {}),
      ...(options.isXhr === false ? {} : { [CSRF_HEADER.name]: CSRF_HEADER.value }),
      ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
      ...options.headers,
    };
    return new Promise((resolve, reject) => {
      const req = httpRequest(url, { method, headers, localAddress: options.localAddress }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          this.keepCookies(res.headers['set-cookie'] ?? []);
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: body as Body, text, headers: res.headers });
        });
      });
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  private keepCookies(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', ...rest] = pair.split('=');
      const value = rest.join('=');
      const isExpired = attributes.some((a) => /^\s*expires=thu, 01 jan 1970/i.test(a) || /^\s*max-age=0$/i.test(a));
      if (!value || isExpired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
  }
}

/**
 * A browser-like client leaving from a loopback address of its own (127.0.0.x is another "IP" to the server), so the
 * per-address sign-in limit one test reaches does not reach another.
 */
export function clientFrom(baseUrl: string, localAddress: string) {
  const http = new HttpClient(baseUrl);
  const options = { localAddress };
  return {
    http,
    localAddress,
    get: <B = Record<string, unknown>>(path: string) => http.get<B>(path, options),
    post: <B = Record<string, unknown>>(path: string, body?: unknown) => http.post<B>(path, body, options),
    patch: <B = Record<string, unknown>>(path: string, body?: unknown) => http.request<B>('PATCH', path, { body, localAddress }),
    delete: <B = Record<string, unknown>>(path: string, body?: unknown) =>
      http.request<B>('DELETE', path, { body, localAddress }),
    signIn: (admin: { username: string; password: string }) => http.signIn(admin.username, admin.password, options),
  };
}

/** A client of clientFrom. */
export type AddressedClient = ReturnType<typeof clientFrom>;
