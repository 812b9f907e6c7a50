import type { FastifyInstance } from 'fastify';
import { sql } from './factories';

/** The fixed training set: sample ids by key (M1…M4, I1…I5) and keys by id. */
export interface TrainingSet {
  ids: Record<string, string>;
  keyOf: Record<string, string>;
}

/** Memory samples: provider, quality (null: unscored), verified, created at. */
const MEMORY = [
  { key: 'M1', provider: 'openai', quality: 0.7, verified: true, at: '2026-01-10T11:00:00Z' },
  { key: 'M2', provider: 'anthropic', quality: 0.2, verified: false, at: '2026-01-12T08:00:00Z' },
  { key: 'M3', provider: 'openai', quality: null, verified: false, at: '2026-01-15T09:00:00Z' },
  { key: 'M4', provider: 'openai', quality: 1.0, verified: false, at: '2026-01-21T10:00:00Z' },
] as const;

/** Intent samples: provider, decision, confidence, quality, outcome (null: unknown), verified, created at. */
const INTENT = [
  {
    key: 'I1',
    provider: 'openai',
    respond: true,
    confidence: 0.9,
    quality: 0.8,
    correct: true,
    verified: true,
    at: '2026-01-10T10:00:00Z',
  },
  {
    key: 'I2',
    provider: 'openai',
    respond: true,
    confidence: 0.6,
    quality: 0.4,
    correct: false,
    verified: false,
    at: '2026-01-11T10:00:00Z',
  },
  {
    key: 'I3',
    provider: 'anthropic',
    respond: false,
    confidence: 0.7,
    quality: null,
    correct: true,
    verified: false,
    at: '2026-01-12T12:00:00Z',
  },
  {
    key: 'I4',
    provider: 'anthropic',
    respond: false,
    confidence: 0.3,
    quality: 0.95,
    correct: null,
    verified: true,
    at: '2026-01-13T10:00:00Z',
  },
  {
    key: 'I5',
    provider: 'openai',
    respond: false,
    confidence: 0.5,
    quality: 0.7,
    correct: false,
    verified: false,
    at: '2026-01-20T10:00:00Z',
  },
] as const;

/**
 * Inserts the fixed set the training data tests work their figures out from (by hand, in the tests):
 * memory avg quality (0.7 + 0.2 + 1.0) / 3, intent avg confidence 3.0 / 5, and so on.
 */
export async function insertTrainingSamples(app: FastifyInstance): Promise<TrainingSet> {
  const ids: Record<string, string> = {};
  for (const m of MEMORY) {
    const [row] = await sql<{ id: string }>(
      app,
      `INSERT INTO memory_samples (client_id, message_content, extracted_event, extracted_gems, conversation_history,
         llm_provider, llm_model, extraction_latency_ms, quality_score, human_verified, created_at)
       VALUES ($1, 'Thrall swaps to holy next tier', '{"summary": "Roster change", "timestamp": null}',
         '[{"fact": "Thrall plays holy", "concepts": ["roster"]}]', '[{"username": "Thrall", "content": "hello"}]',
         $2, 'gpt-4o-mini', 300, $3, $4, $5) RETURNING id`,
      [`fixed-${m.key}`, m.provider, m.quality, m.verified, m.at],
    );
    ids[m.key] = row!.id;
  }
  for (const i of INTENT) {
    const [row] = await sql<{ id: string }>(
      app,
      `INSERT INTO intent_samples (client_id, current_message, conversation_history, should_respond, confidence,
         temperature, vibe_classification, provider_used, model_used, actual_response_sent, was_correct, quality_score,
         human_verified, created_at)
       VALUES ($1, '@Guildbot raid time?', '[]', $2, $3, 0.7, 'question', $4, 'gpt-4o-mini', $2, $5, $6, $7, $8)
       RETURNING id`,
      [`fixed-${i.key}`, i.respond, i.confidence, i.provider, i.correct, i.quality, i.verified, i.at],
    );
    ids[i.key] = row!.id;
  }
  return { ids, keyOf: Object.fromEntries(Object.entries(ids).map(([key, id]) => [id, key])) };
}
