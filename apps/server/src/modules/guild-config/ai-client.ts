import { AI_TEST_TIMEOUT_MS, type AiCallResult, CONFIG_MESSAGES } from '@guildhall/contract';
import type { AllowedHost } from '../../config/allowed-hosts';
import { AppError } from '../../core/app-error';
import {
  OutboundFailedError,
  OutboundRefusedError,
  OutboundTimeoutError,
  requestOutbound,
} from '../../services/outbound-request';

/** What one chat completions call needs from a guild's AI settings. */
export interface AiCallSettings {
  endpointUrl: string;
  /** '' sends no Authorization header (a local provider without keys). */
  apiKey: string;
  model: string;
  temperature: number;
  maxTokens: number;
}

/** Where provider calls may go beyond public addresses (OUTBOUND_ALLOWED_HOSTS). */
export interface OutboundPolicy {
  allowedHosts: readonly AllowedHost[];
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

/**
 * Sends one prompt to an OpenAI-compatible `POST {endpointUrl}/chat/completions` through the outbound guard (no
 * private, loopback, link-local or metadata address unless the operator allowlists the host, redirects checked hop by
 * hop) and answers the model and reply, or what went wrong in our own words: the status, a timeout, a refused
 * address, an answer that is not JSON. The provider's body never reaches the answer: it may be an internal page.
 * An empty endpoint URL is a 400 on that field.
 */
export async function callChatCompletion(
  settings: AiCallSettings,
  prompt: AiPrompt,
  outbound: OutboundPolicy,
): Promise<AiCallResult> {
  if (settings.endpointUrl.trim() === '') throw AppError.invalidField('endpointUrl', CONFIG_MESSAGES.aiNotConfigured);
  const url = `${settings.endpointUrl.trim().replace(/\/+$/, '')}/chat/completions`;
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const failed = (error: string, status: number | null): AiCallResult => ({ ok: false, latencyMs: latency(), error, status });
  try {
    const response = await requestOutbound(url, {
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
      timeoutMs,
      allowedHosts: outbound.allowedHosts,
    });
    if (response.status < 200 || response.status >= 300) {
      return failed(CONFIG_MESSAGES.aiProviderError(response.status), response.status);
    }
    const json = jsonOf(response.body);
    if (json === undefined) return failed(CONFIG_MESSAGES.aiNotJson(response.status), response.status);
    const reply = completionOf(json);
    if (!reply) return failed(CONFIG_MESSAGES.aiNotCompletion(response.status), response.status);
    return { ok: true, latencyMs: latency(), model: reply.model || settings.model, reply: reply.content };
  } catch (error) {
    if (error instanceof OutboundTimeoutError) return failed(CONFIG_MESSAGES.aiTimeout, null);
    if (error instanceof OutboundRefusedError) return failed(CONFIG_MESSAGES.aiRefused(error.message), null);
    if (error instanceof OutboundFailedError) return failed(CONFIG_MESSAGES.aiUnreachable(error.message), null);
    throw error;
  }
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function completionOf(json: unknown): { model: string; content: string } | null {
  if (typeof json !== 'object' || json === null) return null;
  const body = json as { model?: unknown; choices?: { message?: { content?: unknown } }[] };
  const content = Array.isArray(body.choices) ? body.choices[0]?.message?.content : undefined;
  if (typeof content !== 'string') return null;
  return { model: typeof body.model === 'string' ? body.model : '', content };
}
