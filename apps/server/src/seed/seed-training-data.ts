import type { Db, Queryable } from '../services/db/db';
import { generateDemoData } from './demo-data';
import { type DemoTrainingData, generateDemoTrainingData, type TrainingSeedGuild } from './demo-training-data';
import { SEED_LOCK_KEY } from './seed-demo-data';

/** app_meta key recording that the demo agent turns and training samples were seeded; its own key, so older databases get them once. */
export const TRAINING_DATA_SEEDED_KEY = 'seeded_training_data';
/** Rows per INSERT: a few statements, each well under PGlite's and PostgreSQL's message sizes. */
const CHUNK = 1000;

const chunks = <T>(rows: readonly T[]) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

async function insertAll(tx: Queryable, data: DemoTrainingData) {
  for (const rows of chunks(data.turns)) {
    await tx.query(
      `INSERT INTO ai_turns (id, client_id, guild_id, discord_guild_id, channel_id, discord_user_id, username, trigger_message,
                             conversation, should_respond, intent_confidence, outcome, provider, model, temperature,
                             prompt_tokens, completion_tokens, latency_ms, tool_calls, reply, error, created_at, received_at)
       SELECT t.*, t.created_at FROM jsonb_to_recordset($1::jsonb) AS t(id uuid, client_id text, guild_id uuid, discord_guild_id text,
              channel_id text, discord_user_id text, username text, trigger_message text, conversation jsonb, should_respond boolean,
              intent_confidence real, outcome text, provider text, model text, temperature real, prompt_tokens int,
              completion_tokens int, latency_ms int, tool_calls jsonb, reply text, error text, created_at timestamptz)`,
      [JSON.stringify(rows)],
    );
  }
  for (const rows of chunks(data.intents)) {
    await tx.query(
      `INSERT INTO intent_samples (id, client_id, turn_id, guild_id, current_message, conversation_history, should_respond,
                                   confidence, temperature, vibe_classification, provider_used, model_used,
                                   actual_response_sent, was_correct, quality_score, human_verified, verified_at, created_at,
                                   received_at)
       SELECT s.*, s.created_at FROM jsonb_to_recordset($1::jsonb) AS s(id uuid, client_id text, turn_id uuid, guild_id uuid,
              current_message text, conversation_history jsonb, should_respond boolean, confidence real, temperature real,
              vibe_classification text, provider_used text, model_used text, actual_response_sent boolean, was_correct boolean,
              quality_score real, human_verified boolean, verified_at timestamptz, created_at timestamptz)`,
      [JSON.stringify(rows)],
    );
  }
  for (const rows of chunks(data.memories)) {
    await tx.query(
      `INSERT INTO memory_samples (id, client_id, turn_id, guild_id, message_content, extracted_event, extracted_gems,
                                   extracted_memories, conversation_history, llm_provider, llm_model, extraction_latency_ms,
                                   quality_score, human_verified, verified_at, created_at, received_at)
       SELECT s.*, s.created_at FROM jsonb_to_recordset($1::jsonb) AS s(id uuid, client_id text, turn_id uuid, guild_id uuid,
              message_content text, extracted_event jsonb, extracted_gems jsonb, extracted_memories jsonb,
              conversation_history jsonb, llm_provider text, llm_model text, extraction_latency_ms int, quality_score real,
              human_verified boolean, verified_at timestamptz, created_at timestamptz)`,
      [JSON.stringify(rows)],
    );
  }
}

/**
 * The bot's demo agent turns and the training samples they left (see generateDemoTrainingData), once, across the
 * demo guilds that have a Discord server and members; skipped when its app_meta record or any turn exists.
 * Returns the counts, or null when nothing was done.
 */
export async function seedTrainingData(db: Db, now = Date.now()) {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const seeded = await tx.query('SELECT 1 FROM app_meta WHERE key = $1', [TRAINING_DATA_SEEDED_KEY]);
    const existing = await tx.query('SELECT 1 FROM ai_turns LIMIT 1');
    if (seeded.rowCount > 0 || existing.rowCount > 0) return null;
    const demoIds = generateDemoData().guilds.map((guild) => guild.id);
    const { rows: guilds } = await tx.query<TrainingSeedGuild>(
      `SELECT g.id, g.guild_name, g.discord_guild_id,
              coalesce((SELECT jsonb_agg(jsonb_build_object('discord_user_id', m.discord_user_id, 'name', m.name)
                                         ORDER BY m.discord_user_id)
                          FROM (SELECT discord_user_id, coalesce(nickname, global_name, username) AS name
                                  FROM discord_members WHERE guild_id = g.id AND left_at IS NULL
                                 ORDER BY discord_user_id LIMIT 30) m), '[]'::jsonb) AS members
         FROM guilds g WHERE g.id = ANY($1::uuid[]) AND g.discord_guild_id IS NOT NULL ORDER BY g.id`,
      [demoIds],
    );
    const data = generateDemoTrainingData(guilds, now);
    if (data.turns.length === 0) return null;
    await insertAll(tx, data);
    await tx.query('INSERT INTO app_meta (key, value) VALUES ($1, $2)', [TRAINING_DATA_SEEDED_KEY, new Date(now).toISOString()]);
    return { turns: data.turns.length, intentSamples: data.intents.length, memorySamples: data.memories.length };
  });
}
