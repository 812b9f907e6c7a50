import {
  type AiCallResult,
  CONFIG_MESSAGES,
  SAMPLE_MEMORY_MESSAGE,
  type SettingValue,
  settingsErrors,
  type TestMemoryResult,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { type AiCallSettings, callChatCompletion, type OutboundPolicy } from './ai-client';
import { MEMORY_EXTRACTION_PROMPT, memoriesToStore, parseMemories } from './ai-memory';
import { refuseFields } from './settings-catalog';

/** A guild's effective values of one category (secrets decrypted, '' when unset); 404 for an unknown guild. */
export type CategoryReader = (guildId: string, category: 'ai' | 'memory') => Promise<Record<string, SettingValue>>;

/** What Test AI says to the model when the admin gives no prompt. */
export const DEFAULT_TEST_PROMPT = 'Reply with one short sentence to confirm you are working.';

/** The call settings in a guild's AI category (defaults fill what is missing). */
function callSettingsOf(ai: Record<string, SettingValue>): AiCallSettings & { systemPrompt: string } {
  const text = (key: string) => (typeof ai[key] === 'string' ? (ai[key] as string) : '');
  return {
    endpointUrl: text('endpointUrl'),
    apiKey: text('apiKey'),
    model: text('model'),
    temperature: Number(ai.temperature),
    maxTokens: Number(ai.maxTokens),
    systemPrompt: text('systemPrompt'),
  };
}

/** Where an endpoint URL sends calls: the same after trimming and without trailing slashes. */
const sameEndpoint = (a: SettingValue | undefined, b: SettingValue | undefined) =>
  String(a ?? '')
    .trim()
    .replace(/\/+$/, '') ===
  String(b ?? '')
    .trim()
    .replace(/\/+$/, '');

/**
 * Test AI: the guild's saved AI settings overlaid with the form's unsaved ones (each checked against the catalog), sent
 * to its provider with a short prompt. A blank API key means the saved key, but ONLY for the saved endpoint URL: with
 * another URL the key must be typed (400 on apiKey), so a test cannot carry the stored key anywhere new. A test
 * changes nothing.
 */
export async function testGuildAi(
  read: CategoryReader,
  guildId: string,
  body: { config?: Record<string, SettingValue>; prompt?: string },
  outbound: OutboundPolicy,
): Promise<{ result: AiCallResult; settings: AiCallSettings }> {
  const saved = await read(guildId, 'ai');
  const config = { ...body.config };
  if (config.apiKey === '') delete config.apiKey;
  refuseFields(settingsErrors('ai', config));
  const isNewEndpoint = 'endpointUrl' in config && !sameEndpoint(config.endpointUrl, saved.endpointUrl);
  const isEndpointGiven = String(config.endpointUrl ?? '').trim() !== '';
  if (isNewEndpoint && isEndpointGiven && !('apiKey' in config) && saved.apiKey)
    throw AppError.invalidField('apiKey', CONFIG_MESSAGES.aiKeyRetype);
  const settings = callSettingsOf({ ...saved, ...(isNewEndpoint ? { apiKey: '' } : {}), ...config });
  const prompt = body.prompt?.trim() || DEFAULT_TEST_PROMPT;
  return {
    result: await callChatCompletion(settings, { system: settings.systemPrompt, user: prompt }, outbound),
    settings,
  };
}

/**
 * Test Memory: runs the guild's extraction model on a message (the sample by default) and shows what would be stored,
 * capped and with its expiry; stores nothing. Memory off: no call at all.
 */
export async function testGuildMemory(
  read: CategoryReader,
  guildId: string,
  message: string | undefined,
  outbound: OutboundPolicy,
): Promise<TestMemoryResult> {
  const memory = await read(guildId, 'memory');
  const text = message?.trim() || SAMPLE_MEMORY_MESSAGE;
  const retentionDays = Number(memory.retentionDays);
  const maxPerUser = Number(memory.maxPerUser);
  const model = String(memory.extractionModel);
  const base = { enabled: memory.enabled === true, message: text, model, retentionDays, maxPerUser };
  if (!base.enabled) return { ...base, call: null, memories: [] };

  const ai = callSettingsOf(await read(guildId, 'ai'));
  // Extraction wants the same answer every time, not the chat's creativity.
  const call = await callChatCompletion(
    { ...ai, model, temperature: 0 },
    { system: MEMORY_EXTRACTION_PROMPT, user: text },
    outbound,
  );
  if (!call.ok) return { ...base, call, memories: [] };
  const candidates = parseMemories(call.reply);
  if (!candidates) {
    return {
      ...base,
      call: { ok: false, latencyMs: call.latencyMs, error: CONFIG_MESSAGES.memoryUnreadable, status: 200 },
      memories: [],
    };
  }
  return { ...base, call, memories: memoriesToStore(candidates, { maxPerUser, retentionDays }) };
}
