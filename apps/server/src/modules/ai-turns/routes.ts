import { AI_TURN_MESSAGES, type AiTurnSummary, aiTurnsApi, findAdminScreen } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from '../../auth/require-admin';
import { AppError } from '../../core/app-error';
import { contractRoute } from '../../http/contract-route';
import { findTurn, listTurns, type TurnRow, turnStats } from './queries';

const presentTurn = (row: TurnRow): AiTurnSummary => ({
  id: row.id,
  clientId: row.client_id,
  guildId: row.guild_id,
  guildName: row.guild_name,
  discordGuildId: row.discord_guild_id,
  channelId: row.channel_id,
  discordUserId: row.discord_user_id,
  username: row.username,
  triggerMessage: row.trigger_message,
  shouldRespond: row.should_respond,
  intentConfidence: row.intent_confidence,
  outcome: row.outcome,
  provider: row.provider,
  model: row.model,
  promptTokens: row.prompt_tokens,
  completionTokens: row.completion_tokens,
  latencyMs: row.latency_ms,
  toolCallCount: row.tool_call_count,
  timestamp: row.created_at.toISOString(),
});

/** Agent Logs (issue 16): the bot's turns, paged and filtered in SQL, one turn's detail, charts. */
export const aiTurnRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, findAdminScreen('/admin/ai-turns')!.anyOf);

  app.route({
    ...contractRoute(aiTurnsApi.list, 'Agent Logs'),
    handler: async (request) => {
      const { page, limit, ...filter } = request.query;
      const { rows, total } = await listTurns(app.services.db, filter, { limit, offset: (page - 1) * limit });
      return {
        success: true as const,
        turns: rows.map(presentTurn),
        pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
      };
    },
  });

  app.route({
    ...contractRoute(aiTurnsApi.stats, 'Agent Logs'),
    handler: async (request) => {
      const { page: _page, limit: _limit, ...filter } = request.query;
      const stats = await turnStats(app.services.db, filter);
      return {
        success: true as const,
        data: {
          perDay: stats.perDay.map((day) => ({
            day: day.day,
            turns: day.turns,
            responded: day.responded,
            ignored: day.ignored,
            errors: day.errors,
            promptTokens: day.prompt_tokens,
            completionTokens: day.completion_tokens,
          })),
          byProvider: stats.byProvider.map((row) => ({
            provider: row.provider,
            turns: row.turns,
            latencyP50: row.p50,
            latencyP95: row.p95,
            errorRate: row.error_rate,
            tokens: row.tokens,
          })),
          latencyPerDay: stats.latencyPerDay.map((row) => ({
            day: row.day,
            provider: row.provider,
            latencyP50: row.p50,
            latencyP95: row.p95,
          })),
          totals: {
            turns: stats.totals.turns,
            errorRate: stats.totals.error_rate ?? 0,
            tokens: stats.totals.tokens,
            latencyP95: stats.totals.p95,
          },
          providers: [...new Set(stats.choices.map((choice) => choice.provider))],
          models: [...new Set(stats.choices.map((choice) => choice.model))].sort(),
          guilds: stats.guilds,
        },
      };
    },
  });

  app.route({
    ...contractRoute(aiTurnsApi.detail, 'Agent Logs'),
    handler: async (request) => {
      const found = await findTurn(app.services.db, request.params.id);
      if (!found) throw AppError.notFound(AI_TURN_MESSAGES.turnNotFound);
      const { turn, samples } = found;
      return {
        success: true as const,
        data: {
          ...presentTurn(turn),
          conversation: turn.conversation,
          temperature: turn.temperature,
          toolCalls: turn.tool_calls,
          reply: turn.reply,
          error: turn.error,
          receivedAt: turn.received_at.toISOString(),
          samples: samples.map((sample) => ({ type: sample.type, id: sample.id, humanVerified: sample.human_verified })),
        },
      };
    },
  });
};
