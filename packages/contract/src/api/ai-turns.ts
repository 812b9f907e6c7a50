import { z } from 'zod';
import { discordGuildId, discordGuildIdWith, tenantId } from '../guild-ids';
import { endpoint } from './common';
import { conversationEntry, TRAINING_DATA_LIMITS, TRAINING_DATA_MESSAGES } from './training-data';

/**
 * The bot's agent turns (issue 16; spec 1 `/admin/ai-turns` "Agent Logs") and the ingestion API the bot writes
 * them and its training samples through (POST /api/bot/*, bearer BOT_API_TOKEN).
 */

export const TURN_OUTCOMES = ['responded', 'ignored', 'error'] as const;
export type TurnOutcome = (typeof TURN_OUTCOMES)[number];

/** One tool the agent called during a turn, in call order. */
export const toolCall = z.object({
  name: z.string().min(1).max(100),
  arguments: z.record(z.string(), z.unknown()).default({}),
  result: z.string().max(20_000).nullable().default(null),
  error: z.string().max(4000).nullable().default(null),
  startedAt: z.iso.datetime({ offset: true }).nullable().default(null),
  durationMs: z.number().int().min(0).nullable().default(null),
});
export type ToolCall = z.infer<typeof toolCall>;

const clientId = z.string().trim().min(1).max(100);
const discordId = z.string().regex(/^\d{17,20}$/, 'Use a Discord id of 17 to 20 digits');
/** The bot names the server with the same message as its other Discord ids. */
const botDiscordGuildId = discordGuildIdWith('Use a Discord id of 17 to 20 digits');
const when = z.iso.datetime({ offset: true });

/** One agent turn as the bot sends it. */
export const turnInput = z.object({
  id: clientId,
  discordGuildId: botDiscordGuildId,
  channelId: discordId,
  discordUserId: discordId,
  username: z.string().max(100).optional(),
  triggerMessage: z.string().min(1).max(4000),
  conversation: z.array(conversationEntry).max(50).default([]),
  shouldRespond: z.boolean(),
  intentConfidence: z.number().min(0).max(1),
  outcome: z.enum(TURN_OUTCOMES),
  provider: z.string().trim().min(1).max(100),
  model: z.string().trim().min(1).max(100),
  temperature: z.number().min(0).max(2).optional(),
  promptTokens: z.number().int().min(0).default(0),
  completionTokens: z.number().int().min(0).default(0),
  latencyMs: z.number().int().min(0),
  toolCalls: z.array(toolCall).max(50).default([]),
  reply: z.string().max(4000).optional(),
  error: z.string().max(4000).optional(),
  timestamp: when,
});
export type TurnInput = z.infer<typeof turnInput>;

/** A memory sample as the bot sends it (spec 2 §3's fields). */
export const memorySampleInput = z.object({
  type: z.literal('memory'),
  id: clientId,
  /** The bot's id of the turn this sample came from, when there is one. */
  turnId: clientId.optional(),
  discordGuildId: botDiscordGuildId.optional(),
  messageContent: z.string().min(1).max(4000),
  extractedEvent: z
    .object({ summary: z.string().max(1000), timestamp: when.nullable().default(null) })
    .nullable()
    .default(null),
  extractedGems: z
    .array(z.object({ fact: z.string().min(1).max(1000), concepts: z.array(z.string().max(100)).max(20).default([]) }))
    .max(50)
    .default([]),
  extractedMemories: z
    .array(z.object({ type: z.string().max(50), content: z.string().max(1000), importance: z.number() }))
    .max(50)
    .default([]),
  conversationHistory: z.array(conversationEntry).max(50).default([]),
  llmProvider: z.string().trim().min(1).max(100),
  llmModel: z.string().trim().min(1).max(100),
  extractionLatencyMs: z.number().int().min(0).optional(),
  qualityScore: z.number().min(0).max(1).optional(),
  timestamp: when,
});

/** An intent sample as the bot sends it. */
export const intentSampleInput = z.object({
  type: z.literal('intent'),
  id: clientId,
  turnId: clientId.optional(),
  discordGuildId: botDiscordGuildId.optional(),
  currentMessage: z.string().min(1).max(4000),
  conversationHistory: z.array(conversationEntry).max(50).default([]),
  shouldRespond: z.boolean(),
  confidence: z.number().min(0).max(1),
  temperature: z.number().min(0).max(2).optional(),
  vibeClassification: z.string().max(100).optional(),
  providerUsed: z.string().trim().min(1).max(100),
  modelUsed: z.string().trim().min(1).max(100),
  actualResponseSent: z.boolean().optional(),
  wasCorrect: z.boolean().optional(),
  qualityScore: z.number().min(0).max(1).optional(),
  timestamp: when,
});

export const sampleInput = z.discriminatedUnion('type', [memorySampleInput, intentSampleInput]);
export type SampleInput = z.infer<typeof sampleInput>;

/**
 * What an ingestion call did. Items are checked one by one: the valid ones are stored, a known id counts as a
 * duplicate (stored once), and each invalid item is reported by its index with the contract's messages.
 */
export const ingestResult = z.object({
  success: z.literal(true),
  accepted: z.number(),
  duplicates: z.number(),
  rejected: z.array(z.object({ index: z.number(), id: z.string().nullable(), errors: z.record(z.string(), z.string()) })),
});
export type IngestResult = z.infer<typeof ingestResult>;

/** What the ingestion API answers when it refuses a call as a whole. */
export const BOT_INGEST_MESSAGES = {
  /** BOT_API_TOKEN is unset: the API is off. */
  notConfigured: 'The bot ingestion API is turned off: set BOT_API_TOKEN on the server to turn it on.',
  /** No bearer token, or not the configured one. */
  invalidToken: 'A valid bot token is required: send Authorization: Bearer <BOT_API_TOKEN>.',
} as const;

/** Items are parsed one by one on the server, so the batch is a list of anything up to the batch size. */
const batch = z.array(z.unknown()).min(1).max(TRAINING_DATA_LIMITS.ingestBatch);

/** The bot's ingestion API: bearer BOT_API_TOKEN, rate limited per token, idempotent on each item's id. */
export const botIngestApi = {
  turns: endpoint({
    method: 'POST',
    path: '/api/bot/ai-turns',
    summary: 'Store up to 500 agent turns (turnInput each)',
    body: z.object({ turns: batch }),
    response: ingestResult,
  }),
  samples: endpoint({
    method: 'POST',
    path: '/api/bot/training-samples',
    summary: 'Store up to 500 memory and intent samples (sampleInput each)',
    body: z.object({ samples: batch }),
    response: ingestResult,
  }),
  loot: endpoint({
    method: 'POST',
    path: '/api/bot/loot',
    summary: 'Store up to 500 RCLootCouncil awards the bot saw (botLootInput each; keyed by player, time and item string)',
    body: z.object({ loot: batch }),
    response: ingestResult,
  }),
  characters: endpoint({
    method: 'POST',
    path: '/api/bot/characters',
    summary: "Merge up to 500 characters the bot saw into their guilds' (botCharacterInput each)",
    body: z.object({ characters: batch }),
    response: ingestResult,
  }),
} as const;

/** Agent Logs' user-facing messages. */
export const AI_TURN_MESSAGES = {
  turnNotFound: 'Agent turn not found',
  turnsFailed: 'Failed to load agent turns',
  noTurns: 'The bot has not logged any turn yet',
  noTurnsMatch: 'No turns match these filters',
} as const;

/** A turn in the Agent Logs list. */
export const aiTurnSummary = z.object({
  id: z.string().uuid(),
  clientId: z.string(),
  guildId: tenantId.nullable(),
  guildName: z.string().nullable(),
  discordGuildId,
  channelId: z.string(),
  discordUserId: z.string(),
  username: z.string().nullable(),
  triggerMessage: z.string(),
  shouldRespond: z.boolean(),
  intentConfidence: z.number(),
  outcome: z.enum(TURN_OUTCOMES),
  provider: z.string(),
  model: z.string(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  latencyMs: z.number(),
  toolCallCount: z.number(),
  timestamp: z.string(),
});
export type AiTurnSummary = z.infer<typeof aiTurnSummary>;

/** One turn in full, with the samples it produced. */
export const aiTurnDetail = aiTurnSummary.extend({
  conversation: z.array(conversationEntry),
  temperature: z.number().nullable(),
  toolCalls: z.array(toolCall),
  reply: z.string().nullable(),
  error: z.string().nullable(),
  receivedAt: z.string(),
  samples: z.array(z.object({ type: z.enum(['memory', 'intent']), id: z.string().uuid(), humanVerified: z.boolean() })),
});
export type AiTurnDetail = z.infer<typeof aiTurnDetail>;

export const aiTurnQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    guildId: tenantId.optional(),
    provider: z.string().trim().max(100).optional(),
    model: z.string().trim().max(100).optional(),
    outcome: z.enum(TURN_OUTCOMES).optional(),
    from: when.optional(),
    to: when.optional(),
    search: z.string().trim().max(200).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: TRAINING_DATA_MESSAGES.dateOrder,
    path: ['to'],
  });
export type AiTurnQuery = z.infer<typeof aiTurnQuery>;

/** Agent Logs' charts: per day, and per provider. */
export const aiTurnStats = z.object({
  perDay: z.array(
    z.object({
      day: z.string(),
      turns: z.number(),
      responded: z.number(),
      ignored: z.number(),
      errors: z.number(),
      promptTokens: z.number(),
      completionTokens: z.number(),
    }),
  ),
  byProvider: z.array(
    z.object({
      provider: z.string(),
      turns: z.number(),
      latencyP50: z.number(),
      latencyP95: z.number(),
      errorRate: z.number(),
      tokens: z.number(),
    }),
  ),
  /** Latency per UTC day and provider, for the latency chart. */
  latencyPerDay: z.array(z.object({ day: z.string(), provider: z.string(), latencyP50: z.number(), latencyP95: z.number() })),
  totals: z.object({ turns: z.number(), errorRate: z.number(), tokens: z.number(), latencyP95: z.number().nullable() }),
  /** Every provider, model and guild with turns, whatever the filters: the choices of the filter selects. */
  providers: z.array(z.string()),
  models: z.array(z.string()),
  guilds: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
});
export type AiTurnStats = z.infer<typeof aiTurnStats>;

/** Agent Logs (admin.full_access). */
export const aiTurnsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/ai-turns',
    summary: "The bot's agent turns, newest first, filtered and paged in SQL",
    query: aiTurnQuery,
    response: z.object({
      success: z.literal(true),
      turns: z.array(aiTurnSummary),
      pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), totalPages: z.number() }),
    }),
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/admin/ai-turns/stats',
    summary: 'Turns per day, latency p50/p95 by provider, tokens and error rate, for the same filters',
    query: aiTurnQuery,
    response: z.object({ success: z.literal(true), data: aiTurnStats }),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/admin/ai-turns/:id',
    summary: 'One turn with its conversation, tool calls and linked samples',
    params: z.object({ id: z.string().uuid() }),
    response: z.object({ success: z.literal(true), data: aiTurnDetail }),
  }),
} as const;
