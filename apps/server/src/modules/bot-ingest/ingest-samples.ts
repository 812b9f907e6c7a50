import { type IngestResult, type SampleInput, sampleInput } from '@guildhall/contract';
import type { Db } from '../../services/db/db';
import { parseBatch } from './parse-batch';

type MemoryInput = Extract<SampleInput, { type: 'memory' }>;
type IntentInput = Extract<SampleInput, { type: 'intent' }>;

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

/**
 * Stores the valid memory and intent samples of a batch in one transaction (one multi-row INSERT per type); a
 * sample whose client id is already stored counts as a duplicate, and each invalid one is reported by its index.
 */
export async function ingestSamples(db: Db, items: readonly unknown[]): Promise<IngestResult> {
  const { valid, rejected } = parseBatch(sampleInput, items);
  const memory = valid.filter((sample): sample is MemoryInput => sample.type === 'memory').map(memoryRecord);
  const intent = valid.filter((sample): sample is IntentInput => sample.type === 'intent').map(intentRecord);
  let accepted = 0;
  if (valid.length > 0) {
    accepted = await db.transaction(async (tx) => {
      let stored = 0;
      if (memory.length > 0) stored += (await tx.query(INSERT_MEMORY, [JSON.stringify(memory)])).rowCount;
      if (intent.length > 0) stored += (await tx.query(INSERT_INTENT, [JSON.stringify(intent)])).rowCount;
      return stored;
    });
  }
  return { success: true, accepted, duplicates: valid.length - accepted, rejected };
}
