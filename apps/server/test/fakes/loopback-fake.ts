import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake received, for assertions. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: string;
}

/**
 * What the game-data fakes share: a loopback HTTP server that records each request, counts the calls in flight, and
 * on demand answers 429 with Retry-After (the next `rateLimitNext` calls), fails every call with a status (an
 * outage), or waits before answering (a slow service). Each fake answers the rest in its service's wire format.
 */
export abstract class LoopbackFake {
  readonly requests: FakeRequest[] = [];
  rateLimitNext = 0;
  retryAfterSeconds = 1;
  failureStatus: number | null = null;
  delayMs = 0;
  maxInFlight = 0;
  base = '';
  private inFlight = 0;
  private server: Server | null = null;

  protected abstract answer(request: FakeRequest, res: ServerResponse): void | Promise<void>;
  /** The service's 429 body. */
  protected abstract rateLimitedBody(): unknown;
  /** The service's body for a failure status. */
  protected abstract failureBody(status: number): unknown;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    this.requests.push(request);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      if (this.rateLimitNext > 0) {
        this.rateLimitNext--;
        return send(res, 429, this.rateLimitedBody(), { 'retry-after': String(this.retryAfterSeconds) });
      }
      if (this.failureStatus) return send(res, this.failureStatus, this.failureBody(this.failureStatus));
      await this.answer(request, res);
    } finally {
      this.inFlight--;
    }
  }
}

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}
