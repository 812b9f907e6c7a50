import { type IngestResult, type TurnInput, turnInput } from '@guildhall/contract';
import type { Db } from '../../services/db/db';
import { parseBatch } from './parse-batch';

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

/** Stores the valid turns of a batch in one transaction; reports each invalid one by its index. */
export async function ingestTurns(db: Db, items: readonly unknown[]): Promise<IngestResult> {
  const { valid, rejected } = parseBatch(turnInput, items);
  let accepted = 0;
  if (valid.length > 0) {
    accepted = await db.transaction(async (tx) => {
      const { rowCount } = await tx.query(INSERT_TURNS, [JSON.stringify(valid.map(turnRecord))]);
      return rowCount;
    });
  }
  return { success: true, accepted, duplicates: valid.length - accepted, rejected };
}
