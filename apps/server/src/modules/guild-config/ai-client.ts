import { AI_TEST_TIMEOUT_MS, type AiCallResult, CONFIG_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../http/app-error';

/** What one chat completions call needs from a guild's AI settings. */
export interface AiCallSettings {
  endpointUrl: string;
  /** '' sends no Authorization header (a local provider without keys). */
  apiKey: string;
  model: string;
  temperature: number;
  maxTokens: number;
}

/** The two messages of a test: the instructions and what the "member" says. */
export interface AiPrompt {
  system: string;
  user: string;
}

// Tests shorten the wait to see a timeout quickly; production always waits AI_TEST_TIMEOUT_MS.
let timeoutMs = AI_TEST_TIMEOUT_MS;

/** For tests: how long a call waits for the provider (null: back to AI_TEST_TIMEOUT_MS). */
export function setAiTestTimeoutForTests(ms: number | null): void {
  timeoutMs = ms ?? AI_TEST_TIMEOUT_MS;
}

const REASON_MAX = 300;

/**
 * Sends one prompt to an OpenAI-compatible `POST {endpointUrl}/chat/completions` and answers what came back: the
 * model and reply, or the provider's error (its own text), a timeout or why it could not be reached. Only the
 * guild's endpoint URL is called; an empty one is a 400 on that field.
 */
export async function callChatCompletion(settings: AiCallSettings, prompt: AiPrompt): Promise<AiCallResult> {
  if (settings.endpointUrl.trim() === '') throw AppError.invalidField('endpointUrl', CONFIG_MESSAGES.aiNotConfigured);
  const url = `${settings.endpointUrl.trim().replace(/\/+$/, '')}/chat/completions`;
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const failed = (error: string, status: number | null): AiCallResult => ({ ok: false, latencyMs: latency(), error, status });
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: settings.model,
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
        temperature: settings.temperature,
        max_tokens: settings.maxTokens,
      }),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) return failed(CONFIG_MESSAGES.aiProviderError(response.status, errorText(text, response)), response.status);
    const reply = completionOf(text);
    if (!reply) {
      const reason = `not a chat completion: ${cut(text) || 'empty answer'}`;
      return failed(CONFIG_MESSAGES.aiProviderError(response.status, reason), response.status);
    }
    return { ok: true, latencyMs: latency(), model: reply.model || settings.model, reply: reply.content };
  } catch (error) {
    if (isTimeout(error)) return failed(CONFIG_MESSAGES.aiTimeout, null);
    return failed(CONFIG_MESSAGES.aiUnreachable(unreachableReason(error)), null);
  }
}

/** OpenAI's `{error:{message}}` (or a plain `{message}` / `{error:"…"}`), else the body's text, else the status text. */
function errorText(text: string, response: Response): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message =
      typeof body.error === 'string' ? body.error : typeof body.error?.message === 'string' ? body.error.message : body.message;
    if (typeof message === 'string' && message.trim() !== '') return cut(message);
  } catch {
    // not JSON: the text itself
  }
  return cut(text) || response.statusText || 'no reason given';
}

function completionOf(text: string): { model: string; content: string } | null {
  try {
    const body = JSON.parse(text) as { model?: unknown; choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') return null;
    return { model: typeof body.model === 'string' ? body.model : '', content };
  } catch {
    return null;
  }
}

const cut = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > REASON_MAX ? `${flat.slice(0, REASON_MAX - 1)}…` : flat;
};

const isTimeout = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'TimeoutError' || (error.cause instanceof Error && error.cause.name === 'TimeoutError'));

/** fetch says only "fetch failed"; the cause says what happened (connect ECONNREFUSED 127.0.0.1:1, getaddrinfo ENOTFOUND …). */
function unreachableReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { message?: unknown; code?: unknown } | undefined;
  if (cause && typeof cause.message === 'string' && cause.message !== '') return cut(cause.message);
  if (cause && typeof cause.code === 'string') return cause.code;
  return cut(error.message);
}
