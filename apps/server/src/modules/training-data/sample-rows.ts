import type { ConversationEntry, IntentSample, MemorySample, SampleType } from '@guildhall/contract';

/** A memory_samples row as MEMORY_COLUMNS reads it. */
export interface MemoryRow {
  id: string;
  human_verified: boolean;
  quality_score: number | null;
  created_at: Date;
  message_content: string;
  extracted_event: { summary: string; timestamp: string | null } | null;
  extracted_gems: { fact: string; concepts: string[] }[];
  gem_count: number;
  llm_provider: string;
  llm_model: string;
  extraction_latency_ms: number | null;
  extracted_memories: { type: string; content: string; importance: number }[];
  conversation_history: ConversationEntry[];
  guild_id: string | null;
  turn_id: string | null;
  label_corrections: Record<string, unknown> | null;
}

/** An intent_samples row as INTENT_COLUMNS reads it. */
export interface IntentRow {
  id: string;
  human_verified: boolean;
  should_respond: boolean;
  confidence: number;
  created_at: Date;
  current_message: string;
  conversation_history: ConversationEntry[];
  temperature: number | null;
  vibe_classification: string | null;
  provider_used: string;
  model_used: string;
  actual_response_sent: boolean | null;
  was_correct: boolean | null;
  quality_score: number | null;
  guild_id: string | null;
  turn_id: string | null;
  label_corrections: Record<string, unknown> | null;
}

export const MEMORY_COLUMNS = `id, human_verified, quality_score, created_at, message_content, extracted_event,
  extracted_gems, gem_count, llm_provider, llm_model, extraction_latency_ms, extracted_memories, conversation_history,
  guild_id, turn_id, label_corrections`;

export const INTENT_COLUMNS = `id, human_verified, should_respond, confidence, created_at, current_message,
  conversation_history, temperature, vibe_classification, provider_used, model_used, actual_response_sent, was_correct,
  quality_score, guild_id, turn_id, label_corrections`;

/** The table of a sample type. */
export const TABLE: Record<SampleType, string> = { memory: 'memory_samples', intent: 'intent_samples' };

/** The columns a sample type's reads select. */
export const COLUMNS: Record<SampleType, string> = { memory: MEMORY_COLUMNS, intent: INTENT_COLUMNS };

/** Spec 2 §3 "Memory training sample" (provider and modelVersion repeat llmProvider and llmModel). */
export function presentMemorySample(row: MemoryRow): MemorySample {
  return {
    id: row.id,
    humanVerified: row.human_verified,
    qualityScore: row.quality_score,
    timestamp: row.created_at.toISOString(),
    messageContent: row.message_content,
    extractedEvent: row.extracted_event,
    extractedGems: row.extracted_gems,
    gemCount: row.gem_count,
    llmProvider: row.llm_provider,
    llmModel: row.llm_model,
    extractionLatencyMs: row.extraction_latency_ms,
    extractedMemories: row.extracted_memories,
    conversationHistory: row.conversation_history,
    provider: row.llm_provider,
    modelVersion: row.llm_model,
    guildId: row.guild_id,
    turnId: row.turn_id,
    labelCorrections: row.label_corrections,
  };
}

/** Spec 2 §3 "Intent training sample". */
export function presentIntentSample(row: IntentRow): IntentSample {
  return {
    id: row.id,
    humanVerified: row.human_verified,
    shouldRespond: row.should_respond,
    confidence: row.confidence,
    timestamp: row.created_at.toISOString(),
    currentMessage: row.current_message,
    conversationHistory: row.conversation_history,
    temperature: row.temperature,
    vibeClassification: row.vibe_classification,
    providerUsed: row.provider_used,
    modelUsed: row.model_used,
    actualResponseSent: row.actual_response_sent,
    wasCorrect: row.was_correct,
    qualityScore: row.quality_score,
    guildId: row.guild_id,
    turnId: row.turn_id,
    labelCorrections: row.label_corrections,
  };
}

/** A sample of either type, tagged with it (the ML API's shape). */
export type AnySample = { type: 'memory'; sample: MemorySample } | { type: 'intent'; sample: IntentSample };

/** Presents a row of the given type as AnySample. */
export function presentAny(type: SampleType, row: MemoryRow | IntentRow): AnySample {
  return type === 'memory'
    ? { type, sample: presentMemorySample(row as MemoryRow) }
    : { type, sample: presentIntentSample(row as IntentRow) };
}
