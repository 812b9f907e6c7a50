import type { SampleInput, TurnInput } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';

// The bot's batches as multi-row INSERTs: each batch goes in as one jsonb_to_recordset, and a row whose client id
// is already stored is skipped (ON CONFLICT DO NOTHING), so each insert answers how many were new.

/** A turn as one record of the jsonb_to_recordset below (snake_case, the columns' names). */
const turnRecord = (turn: TurnInput) => ({
  client_id: turn.id,
  discord_guild_id: turn.discordGuildId,
  channel_id: turn.channelId,
  discord_user_id: turn.discordUserId,
  username: turn.username ?? null,
  trigger_message: turn.triggerMessage,
  conversation: turn.conversation,
  should_respond: turn.shouldRespond,
  intent_confidence: turn.intentConfidence,
  outcome: turn.outcome,
  provider: turn.provider,
  model: turn.model,
  temperature: turn.temperature ?? null,
  prompt_tokens: turn.promptTokens,
  completion_tokens: turn.completionTokens,
  latency_ms: turn.latencyMs,
  tool_calls: turn.toolCalls,
  reply: turn.reply ?? null,
  error: turn.error ?? null,
  created_at: turn.timestamp,
});

/**
 * The whole batch in one multi-row INSERT: the guild is resolved from its Discord id on the way in, and a turn
 * whose client id is already stored (a retried batch, or twice in one batch) is skipped and counted as a duplicate.
 */
const INSERT_TURNS = `
  INSERT INTO ai_turns (client_id, guild_id, discord_guild_id, channel_id, discord_user_id, username, trigger_message,
    conversation, should_respond, intent_confidence, outcome, provider, model, temperature, prompt_tokens,
    completion_tokens, latency_ms, tool_calls, reply, error, created_at)
  SELECT r.client_id, g.id, r.discord_guild_id, r.channel_id, r.discord_user_id, r.username, r.trigger_message,
    r.conversation, r.should_respond, r.intent_confidence, r.outcome, r.provider, r.model, r.temperature,
    r.prompt_tokens, r.completion_tokens, r.latency_ms, r.tool_calls, r.reply, r.error, r.created_at
  FROM jsonb_to_recordset($1::jsonb) AS r(client_id text, discord_guild_id text, channel_id text,
    discord_user_id text, username text, trigger_message text, conversation jsonb, should_respond boolean,
    intent_confidence real, outcome text, provider text, model text, temperature real, prompt_tokens integer,
    completion_tokens integer, latency_ms integer, tool_calls jsonb, reply text, error text, created_at timestamptz)
  LEFT JOIN guilds g ON g.discord_guild_id = r.discord_guild_id
  ON CONFLICT (client_id) DO NOTHING`;

/** Stores the turns; answers how many were new. */
export async function insertTurns(db: Queryable, turns: readonly TurnInput[]): Promise<number> {
  const { rowCount } = await db.query(INSERT_TURNS, [JSON.stringify(turns.map(turnRecord))]);
  return rowCount;
}

export type MemoryInput = Extract<SampleInput, { type: 'memory' }>;
export type IntentInput = Extract<SampleInput, { type: 'intent' }>;

const memoryRecord = (sample: MemoryInput) => ({
  client_id: sample.id,
  turn_client_id: sample.turnId ?? null,
  discord_guild_id: sample.discordGuildId ?? null,
  message_content: sample.messageContent,
  extracted_event: sample.extractedEvent,
  extracted_gems: sample.extractedGems,
  extracted_memories: sample.extractedMemories,
  conversation_history: sample.conversationHistory,
  llm_provider: sample.llmProvider,
  llm_model: sample.llmModel,
  extraction_latency_ms: sample.extractionLatencyMs ?? null,
  quality_score: sample.qualityScore ?? null,
  created_at: sample.timestamp,
});

const intentRecord = (sample: IntentInput) => ({
  client_id: sample.id,
  turn_client_id: sample.turnId ?? null,
  discord_guild_id: sample.discordGuildId ?? null,
  current_message: sample.currentMessage,
  conversation_history: sample.conversationHistory,
  should_respond: sample.shouldRespond,
  confidence: sample.confidence,
  temperature: sample.temperature ?? null,
  vibe_classification: sample.vibeClassification ?? null,
  provider_used: sample.providerUsed,
  model_used: sample.modelUsed,
  actual_response_sent: sample.actualResponseSent ?? null,
  was_correct: sample.wasCorrect ?? null,
  quality_score: sample.qualityScore ?? null,
  created_at: sample.timestamp,
});

// The turn is found by the bot's id of it; the guild by its Discord id, else the turn's guild.
const RESOLVE = `
  LEFT JOIN ai_turns t ON t.client_id = r.turn_client_id
  LEFT JOIN guilds g ON g.discord_guild_id = r.discord_guild_id`;

const INSERT_MEMORY = `
  INSERT INTO memory_samples (client_id, turn_id, guild_id, message_content, extracted_event, extracted_gems,
    extracted_memories, conversation_history, llm_provider, llm_model, extraction_latency_ms, quality_score, created_at)
  SELECT r.client_id, t.id, coalesce(g.id, t.guild_id), r.message_content, r.extracted_event, r.extracted_gems,
    r.extracted_memories, r.conversation_history, r.llm_provider, r.llm_model, r.extraction_latency_ms,
    r.quality_score, r.created_at
  FROM jsonb_to_recordset($1::jsonb) AS r(client_id text, turn_client_id text, discord_guild_id text,
    message_content text, extracted_event jsonb, extracted_gems jsonb, extracted_memories jsonb,
    conversation_history jsonb, llm_provider text, llm_model text, extraction_latency_ms integer, quality_score real,
    created_at timestamptz)
  ${RESOLVE}
  ON CONFLICT (client_id) DO NOTHING`;

const INSERT_INTENT = `
  INSERT INTO intent_samples (client_id, turn_id, guild_id, current_message, conversation_history, should_respond,
    confidence, temperature, vibe_classification, provider_used, model_used, actual_response_sent, was_correct,
    quality_score, created_at)
  SELECT r.client_id, t.id, coalesce(g.id, t.guild_id), r.current_message, r.conversation_history, r.should_respond,
    r.confidence, r.temperature, r.vibe_classification, r.provider_used, r.model_used, r.actual_response_sent,
    r.was_correct, r.quality_score, r.created_at
  FROM jsonb_to_recordset($1::jsonb) AS r(client_id text, turn_client_id text, discord_guild_id text,
    current_message text, conversation_history jsonb, should_respond boolean, confidence real, temperature real,
    vibe_classification text, provider_used text, model_used text, actual_response_sent boolean, was_correct boolean,
    quality_score real, created_at timestamptz)
  ${RESOLVE}
  ON CONFLICT (client_id) DO NOTHING`;

/** Stores the memory samples; answers how many were new. */
export async function insertMemorySamples(db: Queryable, samples: readonly MemoryInput[]): Promise<number> {
  return (await db.query(INSERT_MEMORY, [JSON.stringify(samples.map(memoryRecord))])).rowCount;
}

/** Stores the intent samples; answers how many were new. */
export async function insertIntentSamples(db: Queryable, samples: readonly IntentInput[]): Promise<number> {
  return (await db.query(INSERT_INTENT, [JSON.stringify(samples.map(intentRecord))])).rowCount;
}

/** The guild tenants of these Discord servers (discord guild id → tenant id); a server without one is absent. */
export async function selectTenants(db: Queryable, discordGuildIds: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ id: string; discord_guild_id: string }>(
    'SELECT id, discord_guild_id FROM guilds WHERE discord_guild_id = ANY($1::text[])',
    [discordGuildIds],
  );
  return new Map(rows.map((row) => [row.discord_guild_id, row.id]));
}
