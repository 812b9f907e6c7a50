import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat message as the chat completions API takes it. */
export interface FakeChatMessage {
  role: string;
  content: string;
}

/** One chat completions request the fake received, for assertions. */
export interface FakeCompletionRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  model: string | undefined;
  temperature: number | undefined;
  maxTokens: number | undefined;
  messages: FakeChatMessage[];
  /** When it arrived (ms since the epoch). */
  at: number;
}

/**
 * How the fake answers: `reply` as a chat completion; `error` with errorStatus and OpenAI's error JSON; `slow` only
 * after slowDelayMs (longer than the caller's timeout); `garbage` a 200 whose body is not JSON (a proxy's page);
 * `redirect` a 307 to redirectLocation.
 */
export type OpenAiFakeMode = 'reply' | 'error' | 'slow' | 'garbage' | 'redirect';

/** OpenAI's answer to a wrong key, as its API sends it. */
export const OPENAI_INVALID_KEY_ERROR = {
  error: {
    message: 'Incorrect API key provided',
    type: 'invalid_request_error',
    param: null,
    code: 'invalid_api_key',
  },
} as const;

/** The user message of a memory extraction request: the prompt says so with these words. */
const EXTRACTION_MARKER = /extract memories/i;

/**
 * A loopback stand-in for an OpenAI-compatible provider, speaking the chat completions wire format:
 * POST {baseUrl}/chat/completions answers a completion whose content echoes the requested model, or, when the
 * system prompt asks to extract memories, `{"memories":[…]}` derived from the user message (one per clause).
 * Switch `mode` for an error, a slow answer or a non-JSON body; `replyContent` fixes the content instead.
 * Point a guild's AI endpoint URL at `baseUrl`. No dependencies, so e2e imports it too.
 */
export class OpenAiFake {
  mode: OpenAiFakeMode = 'reply';
  /** `error` mode: the status and body sent (JSON, or a string sent as plain text). */
  errorStatus = 401;
  errorBody: unknown = OPENAI_INVALID_KEY_ERROR;
  /** `slow` mode: how long the fake waits before answering. */
  slowDelayMs = 2_000;
  /** `redirect` mode: where the 307 points. */
  redirectLocation = '';
  /** The content of every completion instead of the echo or the memories (e.g. prose for an extraction). */
  replyContent: string | null = null;
  /** Wrap memory replies in a ```json fence, as chat models often do. */
  isFencingMemories = false;
  readonly requests: FakeCompletionRequest[] = [];
  baseUrl = '';

  private server: Server | null = null;
  private readonly pending = new Set<NodeJS.Timeout>();

  /** Listens on 127.0.0.1:`port` (0: any free port; e2e gives a fixed one the server's OUTBOUND_ALLOWED_HOSTS names). */
  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) =>
        send(res, 500, { error: { message: String(error), type: 'server_error' } }),
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    const { port: bound } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${bound}/v1`;
    return this;
  }

  async stop(): Promise<void> {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Back to answering normally, with no requests recorded. */
  reset(): void {
    this.mode = 'reply';
    this.errorStatus = 401;
    this.errorBody = OPENAI_INVALID_KEY_ERROR;
    this.replyContent = null;
    this.isFencingMemories = false;
    this.requests.length = 0;
  }

  /** The last chat completions request, or undefined. */
  get lastRequest(): FakeCompletionRequest | undefined {
    return this.requests.at(-1);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/v1/, '');
    if (req.method !== 'POST' || path !== '/chat/completions') {
      send(res, 404, {
        error: {
          message: `Unknown request URL: ${req.method} ${url.pathname}`,
          type: 'invalid_request_error',
          param: null,
          code: 'unknown_url',
        },
      });
      return;
    }
    const text = await readBody(req);
    let body: { model?: unknown; temperature?: unknown; max_tokens?: unknown; messages?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      send(res, 400, {
        error: {
          message: 'We could not parse the JSON body of your request.',
          type: 'invalid_request_error',
          param: null,
          code: null,
        },
      });
      return;
    }
    const messages = Array.isArray(body.messages)
      ? (body.messages as { role?: unknown; content?: unknown }[]).map((m) => ({
          role: String(m.role),
          content: String(m.content),
        }))
      : [];
    const model = typeof body.model === 'string' ? body.model : undefined;
    this.requests.push({
      method: req.method,
      path,
      authorization: req.headers.authorization,
      model,
      temperature: typeof body.temperature === 'number' ? body.temperature : undefined,
      maxTokens: typeof body.max_tokens === 'number' ? body.max_tokens : undefined,
      messages,
      at: Date.now(),
    });

    if (this.mode === 'error' && typeof this.errorBody === 'string') {
      res.writeHead(this.errorStatus, { 'content-type': 'text/plain' });
      res.end(this.errorBody);
      return;
    }
    if (this.mode === 'error') return send(res, this.errorStatus, this.errorBody);
    if (this.mode === 'redirect') {
      res.writeHead(307, { location: this.redirectLocation });
      res.end();
      return;
    }
    if (this.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>502 Bad Gateway (from a proxy)</body></html>');
      return;
    }
    if (this.mode === 'slow') await this.wait(this.slowDelayMs);
    if (res.destroyed) return;
    if (!model) {
      send(res, 400, {
        error: { message: 'you must provide a model parameter', type: 'invalid_request_error', param: null, code: null },
      });
      return;
    }
    send(res, 200, completion(model, this.replyContent ?? this.contentFor(model, messages)));
  }

  private contentFor(model: string, messages: FakeChatMessage[]): string {
    const system = messages.find((m) => m.role === 'system')?.content ?? '';
    const user = messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
    if (!EXTRACTION_MARKER.test(system)) return `Hello from ${model}: I am working.`;
    const json = JSON.stringify({ memories: memoriesOf(user) }, null, 2);
    return this.isFencingMemories ? `Here is what I would remember:\n\`\`\`json\n${json}\n\`\`\`` : json;
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(timer);
        resolve();
      }, ms);
      this.pending.add(timer);
    });
  }
}

/** What a plain extraction model would pick: each clause of the message, with a rough category and importance. */
function memoriesOf(message: string) {
  return message
    .split(/[.!?]+\s*|,\s*and\s+|\s+and\s+(?=I\b)/)
    .map((clause) => clause.trim())
    .filter((clause) => clause.length > 0)
    .map((content) => {
      const isSchedule = /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|raid|night|weekend)s?\b/i.test(content);
      const isCharacter = /\b(main|alt|shaman|priest|paladin|warrior|mage|druid|rogue|hunter|warlock|monk|tank|healer)\b/i.test(
        content,
      );
      const category = isCharacter ? 'character' : isSchedule ? 'availability' : 'fact';
      return { content, category, importance: category === 'fact' ? 2 : 4 };
    });
}

/** A chat completion object as the API returns it. */
function completion(model: string, content: string) {
  return {
    id: `chatcmpl-fake${Date.now().toString(36)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    usage: {
      prompt_tokens: 20,
      completion_tokens: Math.ceil(content.length / 4),
      total_tokens: 20 + Math.ceil(content.length / 4),
    },
    system_fingerprint: 'fp_fake',
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
