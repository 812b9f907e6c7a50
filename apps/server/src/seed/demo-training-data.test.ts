import { aiTurnDetail, TURN_OUTCOMES } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_MODELS, generateDemoTrainingData, type TrainingSeedGuild } from './demo-training-data';

const NOW = Date.UTC(2026, 10, 24, 12);
const guilds: TrainingSeedGuild[] = ['Crimson Covenant', 'Ashen Wardens', 'Stormbound'].map((name, g) => ({
  id: `00000000-0000-4000-8000-00000000000${g}`,
  guild_name: name,
  discord_guild_id: `11111111111111111${g}`,
  members: ['Kaethas', 'Morwenna', 'Brannock', 'Tyrelle', 'Ysolde'].map((member, m) => ({
    discord_user_id: `22222222222222222${g}${m}`,
    name: `${member}${g}`,
  })),
}));

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.floor(p * (values.length - 1))]!;

// Generating the demo set is a second or two of CPU work per test; on a machine busy with other runs it has taken
// longer than the default 5 s, so these tests get 30 s.
describe('the demo agent turns and training samples', { timeout: 30_000 }, () => {
  const data = generateDemoTrainingData(guilds, NOW);

  it('is the same on every run', () => {
    expect(generateDemoTrainingData(guilds, NOW)).toEqual(data);
  });

  it('spreads a few thousand turns over the last 90 days, every outcome and every demo model', () => {
    expect(data.turns).toHaveLength(3000);
    const times = data.turns.map((turn) => Date.parse(turn.created_at));
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW);
    expect(Math.min(...times)).toBeGreaterThan(NOW - 91 * 86_400_000);
    const days = new Set(data.turns.map((turn) => turn.created_at.slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(85);
    for (const outcome of TURN_OUTCOMES) expect(data.turns.some((turn) => turn.outcome === outcome)).toBe(true);
    for (const { model } of DEMO_MODELS) expect(data.turns.filter((turn) => turn.model === model).length).toBeGreaterThan(100);
    expect(new Set(data.turns.map((turn) => turn.guild_id))).toEqual(new Set(guilds.map((guild) => guild.id)));
  });

  it('gives each provider its own latency and error profile', () => {
    const latencies = (provider: string) =>
      data.turns.filter((t) => t.provider === provider && t.outcome === 'responded').map((t) => t.latency_ms);
    const errorRate = (provider: string) => {
      const answered = data.turns.filter((t) => t.provider === provider && t.should_respond);
      return answered.filter((t) => t.outcome === 'error').length / answered.length;
    };
    expect(percentile(latencies('ollama'), 0.5)).toBeGreaterThan(2 * percentile(latencies('openai'), 0.5));
    expect(percentile(latencies('openai'), 0.5)).toBeGreaterThan(300);
    expect(percentile(latencies('anthropic'), 0.95)).toBeLessThan(10_000);
    expect(errorRate('ollama')).toBeGreaterThan(errorRate('openai'));
    expect(errorRate('ollama')).toBeLessThan(0.2);
  });

  it('answers with tools and a reply, ignores chatter, and reports errors', () => {
    for (const turn of data.turns) {
      expect(() => aiTurnDetail.parse({ ...turnAsApi(turn) })).not.toThrow();
      expect(turn.outcome === 'ignored').toBe(!turn.should_respond);
      expect(turn.reply !== null).toBe(turn.outcome === 'responded');
      expect(turn.error !== null).toBe(turn.outcome === 'error');
      expect(turn.prompt_tokens).toBeGreaterThan(0);
      const toolTime = turn.tool_calls.reduce((sum, call) => sum + (call.durationMs ?? 0), 0);
      expect(turn.latency_ms).toBeGreaterThanOrEqual(toolTime);
    }
    const tools = new Set(data.turns.flatMap((turn) => turn.tool_calls.map((call) => call.name)));
    expect(tools).toEqual(new Set(['lookup_raid_schedule', 'search_loot_history', 'remember_fact']));
    expect(data.turns.some((turn) => turn.trigger_message.includes('Kaethas0') || turn.username === 'Kaethas0')).toBe(true);
  });

  it('links intent samples to most turns and memory samples to some, verified or not, outcomes known or not', () => {
    const turnIds = new Set(data.turns.map((turn) => turn.id));
    expect(data.intents.length).toBeGreaterThan(0.6 * data.turns.length);
    expect(data.memories.length).toBeGreaterThan(0.15 * data.turns.length);
    expect(data.memories.length).toBeLessThan(0.35 * data.turns.length);
    for (const sample of [...data.intents, ...data.memories]) {
      expect(turnIds.has(sample.turn_id)).toBe(true);
      expect(sample.quality_score).toBeGreaterThanOrEqual(0);
      expect(sample.quality_score).toBeLessThanOrEqual(1);
      expect(sample.verified_at !== null).toBe(sample.human_verified);
    }
    const share = (rows: { human_verified: boolean }[]) => rows.filter((row) => row.human_verified).length / rows.length;
    expect(share(data.intents)).toBeGreaterThan(0.2);
    expect(share(data.intents)).toBeLessThan(0.5);
    expect(share(data.memories)).toBeGreaterThan(0.15);
    const known = data.intents.filter((sample) => sample.was_correct !== null);
    expect(known.length).toBeGreaterThan(0.3 * data.intents.length);
    expect(known.length).toBeLessThan(0.9 * data.intents.length);
    expect(known.some((s) => s.was_correct === false)).toBe(true);
    expect(data.intents.some((s) => s.should_respond) && data.intents.some((s) => !s.should_respond)).toBe(true);
    expect(data.memories.every((sample) => sample.extracted_gems.length > 0)).toBe(true);
    expect(data.memories.some((sample) => sample.extracted_event !== null)).toBe(true);
  });

  it('makes nothing for guilds nobody talks on', () => {
    expect(generateDemoTrainingData([], NOW).turns).toEqual([]);
  });
});

function turnAsApi(turn: ReturnType<typeof generateDemoTrainingData>['turns'][number]) {
  return {
    id: turn.id,
    clientId: turn.client_id,
    guildId: turn.guild_id,
    guildName: null,
    discordGuildId: turn.discord_guild_id,
    channelId: turn.channel_id,
    discordUserId: turn.discord_user_id,
    username: turn.username,
    triggerMessage: turn.trigger_message,
    shouldRespond: turn.should_respond,
    intentConfidence: turn.intent_confidence,
    outcome: turn.outcome,
    provider: turn.provider,
    model: turn.model,
    promptTokens: turn.prompt_tokens,
    completionTokens: turn.completion_tokens,
    latencyMs: turn.latency_ms,
    toolCallCount: turn.tool_calls.length,
    timestamp: turn.created_at,
    conversation: turn.conversation,
    temperature: turn.temperature,
    toolCalls: turn.tool_calls,
    reply: turn.reply,
    error: turn.error,
    receivedAt: turn.created_at,
    samples: [],
  };
}
