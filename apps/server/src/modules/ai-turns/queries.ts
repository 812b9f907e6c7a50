import type { AiTurnQuery, ConversationEntry, ToolCall, TurnOutcome } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';

/** The filters of the list and the charts, without paging. */
export type TurnFilter = Omit<AiTurnQuery, 'page' | 'limit'>;

/** One turn as the list reads it. */
export interface TurnRow {
  id: string;
  client_id: string;
  guild_id: string | null;
  guild_name: string | null;
  discord_guild_id: string;
  channel_id: string;
  discord_user_id: string;
  username: string | null;
  trigger_message: string;
  should_respond: boolean;
  intent_confidence: number;
  outcome: TurnOutcome;
  provider: string;
  model: string;
  prompt_tokens: number;
  completion_tokens: number;
  latency_ms: number;
  tool_call_count: number;
  created_at: Date;
}

/** One turn in full. */
export interface TurnDetailRow extends TurnRow {
  conversation: ConversationEntry[];
  temperature: number | null;
  tool_calls: ToolCall[];
  reply: string | null;
  error: string | null;
  received_at: Date;
}

/**
 * The search as a prefix query on the turn's tsvector: each word of letters and digits must start a word of the
 * trigger, reply or error ('vacat raid' finds 'vacation … raid'). Words only, so the text can never break to_tsquery.
 */
export function searchQuery(search: string | undefined): string | null {
  const words = search?.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
}

/** The WHERE clause of the filters on `t` (ai_turns), with its parameters. */
function whereOf(filter: TurnFilter) {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  if (filter.guildId) add((n) => `t.guild_id = ${n}::uuid`, filter.guildId);
  if (filter.provider) add((n) => `t.provider = ${n}`, filter.provider);
  if (filter.model) add((n) => `t.model = ${n}`, filter.model);
  if (filter.outcome) add((n) => `t.outcome = ${n}`, filter.outcome);
  if (filter.from) add((n) => `t.created_at >= ${n}::timestamptz`, filter.from);
  if (filter.to) add((n) => `t.created_at <= ${n}::timestamptz`, filter.to);
  const query = searchQuery(filter.search);
  if (query) add((n) => `t.search @@ to_tsquery('simple', ${n})`, query);
  return { where: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

const SUMMARY_COLUMNS = `t.id::text, t.client_id, t.guild_id::text, g.guild_name, t.discord_guild_id, t.channel_id,
  t.discord_user_id, t.username, t.trigger_message, t.should_respond, t.intent_confidence, t.outcome, t.provider, t.model,
  t.prompt_tokens, t.completion_tokens, t.latency_ms, jsonb_array_length(t.tool_calls) AS tool_call_count, t.created_at`;

/** A page of turns, newest first, with the total the filters match. */
export async function listTurns(db: Queryable, filter: TurnFilter, page: { limit: number; offset: number }) {
  const { where, params } = whereOf(filter);
  const n = params.length;
  const [rows, count] = await Promise.all([
    db.query<TurnRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM ai_turns t LEFT JOIN guilds g ON g.id = t.guild_id ${where}
        ORDER BY t.created_at DESC, t.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, page.limit, page.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ai_turns t ${where}`, params),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
}

/** Per UTC day, per provider, totals, and the providers and models there are (for the filter selects). */
export async function turnStats(db: Queryable, filter: TurnFilter) {
  const { where, params } = whereOf(filter);
  const [perDay, byProvider, totals, choices, guilds, latencyPerDay] = await Promise.all([
    db.query<{
      day: string;
      turns: number;
      responded: number;
      ignored: number;
      errors: number;
      prompt_tokens: number;
      completion_tokens: number;
    }>(
      `SELECT to_char(date_trunc('day', t.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, count(*)::int AS turns,
              (count(*) FILTER (WHERE t.outcome = 'responded'))::int AS responded,
              (count(*) FILTER (WHERE t.outcome = 'ignored'))::int AS ignored,
              (count(*) FILTER (WHERE t.outcome = 'error'))::int AS errors,
              coalesce(sum(t.prompt_tokens), 0)::float8 AS prompt_tokens,
              coalesce(sum(t.completion_tokens), 0)::float8 AS completion_tokens
         FROM ai_turns t ${where} GROUP BY 1 ORDER BY 1`,
      params,
    ),
    db.query<{ provider: string; turns: number; p50: number; p95: number; error_rate: number; tokens: number }>(
      `SELECT t.provider, count(*)::int AS turns,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY t.latency_ms) AS p50,
              percentile_cont(0.95) WITHIN GROUP (ORDER BY t.latency_ms) AS p95,
              (count(*) FILTER (WHERE t.outcome = 'error'))::float8 / count(*) AS error_rate,
              sum(t.prompt_tokens + t.completion_tokens)::float8 AS tokens
         FROM ai_turns t ${where} GROUP BY t.provider ORDER BY t.provider`,
      params,
    ),
    db.query<{ turns: number; error_rate: number | null; tokens: number; p95: number | null }>(
      `SELECT count(*)::int AS turns,
              (count(*) FILTER (WHERE t.outcome = 'error'))::float8 / nullif(count(*), 0) AS error_rate,
              coalesce(sum(t.prompt_tokens + t.completion_tokens), 0)::float8 AS tokens,
              percentile_cont(0.95) WITHIN GROUP (ORDER BY t.latency_ms) AS p95
         FROM ai_turns t ${where}`,
      params,
    ),
    // Index-only on (provider, model, created_at): every choice, whatever is selected, so a filter can be changed.
    db.query<{ provider: string; model: string }>('SELECT DISTINCT provider, model FROM ai_turns ORDER BY provider, model'),
    db.query<{ id: string; name: string }>(
      `SELECT g.id::text, g.guild_name AS name FROM guilds g
        WHERE EXISTS (SELECT 1 FROM ai_turns t WHERE t.guild_id = g.id) ORDER BY g.guild_name, g.id`,
    ),
    db.query<{ day: string; provider: string; p50: number; p95: number }>(
      `SELECT to_char(date_trunc('day', t.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, t.provider,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY t.latency_ms) AS p50,
              percentile_cont(0.95) WITHIN GROUP (ORDER BY t.latency_ms) AS p95
         FROM ai_turns t ${where} GROUP BY 1, 2 ORDER BY 1, 2`,
      params,
    ),
  ]);
  return {
    perDay: perDay.rows,
    byProvider: byProvider.rows,
    totals: totals.rows[0]!,
    choices: choices.rows,
    guilds: guilds.rows,
    latencyPerDay: latencyPerDay.rows,
  };
}

/** One turn in full with the samples it left, or null. */
export async function findTurn(db: Queryable, id: string) {
  const { rows } = await db.query<TurnDetailRow>(
    `SELECT ${SUMMARY_COLUMNS}, t.conversation, t.temperature, t.tool_calls, t.reply, t.error, t.received_at
       FROM ai_turns t LEFT JOIN guilds g ON g.id = t.guild_id WHERE t.id = $1`,
    [id],
  );
  if (!rows[0]) return null;
  const samples = await db.query<{ type: 'memory' | 'intent'; id: string; human_verified: boolean }>(
    `SELECT 'intent' AS type, id::text, human_verified, created_at FROM intent_samples WHERE turn_id = $1
     UNION ALL
     SELECT 'memory' AS type, id::text, human_verified, created_at FROM memory_samples WHERE turn_id = $1
     ORDER BY type, created_at, id`,
    [id],
  );
  return { turn: rows[0], samples: samples.rows };
}
