import { DISCORD_BOT_MESSAGES, DISCORD_SIGNATURE_MAX_AGE_S } from '@guildhall/contract';
import { InteractionResponseType, InteractionType } from 'discord-api-types/v10';
import { AppError } from '../../core/app-error';
import { isSignedByDiscord } from '../../services/discord/interaction-signature';
import { answerInteraction, isAnswerEphemeral } from './answer-interaction';
import type { DiscordBotDeps } from './discord-bot-deps';
import {
  type BotReply,
  deferredResponse,
  followUpBody,
  type Interaction,
  interactionResponse,
  interactionSchema,
} from './interaction';
import { recordInteraction } from './queries';

/** A request to the interactions endpoint as it arrived: the two signature headers and the body's raw bytes. */
export interface SignedRequest {
  signature: string | undefined;
  timestamp: string | undefined;
  rawBody: Buffer;
}

/** Follow-ups still being sent: the app waits for them on close, so none is cut off half-way. */
const pendingFollowUps = new Set<Promise<void>>();

/** Waits for every deferred answer still on its way. */
export async function settleFollowUps(): Promise<void> {
  await Promise.allSettled([...pendingFollowUps]);
}

/** Checks the signature, the timestamp and that the interaction is new; the parsed interaction when all hold. */
export async function verifiedInteraction(deps: DiscordBotDeps, request: SignedRequest): Promise<Interaction> {
  if (!deps.publicKey) throw new AppError('DISCORD_NOT_CONFIGURED', DISCORD_BOT_MESSAGES.notConfigured);
  if (!isSignedByDiscord(deps.publicKey, request.signature, request.timestamp, request.rawBody)) {
    throw new AppError('INVALID_TOKEN', DISCORD_BOT_MESSAGES.badSignature);
  }
  const sentAt = Number(request.timestamp);
  if (!Number.isInteger(sentAt) || Math.abs(Date.now() / 1000 - sentAt) > DISCORD_SIGNATURE_MAX_AGE_S) {
    throw new AppError('INVALID_TOKEN', DISCORD_BOT_MESSAGES.staleTimestamp);
  }
  let body: unknown;
  try {
    body = JSON.parse(request.rawBody.toString('utf8'));
  } catch {
    throw new AppError('VALIDATION_FAILED', DISCORD_BOT_MESSAGES.badInteraction);
  }
  const parsed = interactionSchema.safeParse(body);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', DISCORD_BOT_MESSAGES.badInteraction);
  // A PING carries nothing to replay; anything else is answered once, whoever sends its bytes again.
  if (parsed.data.type !== InteractionType.Ping && !(await recordInteraction(deps.db, parsed.data.id))) {
    throw new AppError('INVALID_TOKEN', DISCORD_BOT_MESSAGES.replayed);
  }
  return parsed.data;
}

/** Completes a deferred interaction through the follow-up webhook (PATCH …/messages/@original). */
async function completeDeferred(deps: DiscordBotDeps, interaction: Interaction, reply: BotReply): Promise<void> {
  // A modal cannot follow a deferral; the question it asks comes back as a message to press again.
  const message =
    reply.kind === 'message'
      ? reply.message
      : { content: reply.kind === 'modal' ? reply.modal.title : DISCORD_BOT_MESSAGES.failed };
  try {
    await deps.rest.editOriginalResponse(interaction.application_id, interaction.token, followUpBody(message));
  } catch (error) {
    deps.log.error({ err: error, interaction: interaction.id }, 'Discord follow-up failed');
  }
}

/**
 * The answer Discord gets within its 3-second window: the reply itself when the work is done within
 * DISCORD_DEFER_AFTER_MS, otherwise "thinking…" at once and the reply through the follow-up webhook when it is ready.
 * Autocomplete cannot be deferred: late, it offers no choices.
 */
export async function answerWithinWindow(deps: DiscordBotDeps, interaction: Interaction): Promise<Record<string, unknown>> {
  if (interaction.type === InteractionType.Ping) return { type: InteractionResponseType.Pong };
  const work = answerInteraction(deps, interaction);
  let timer: NodeJS.Timeout | undefined;
  const deferral = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), deps.settings.deferAfterMs);
  });
  const reply = await Promise.race([work, deferral]);
  clearTimeout(timer);
  if (reply) return interactionResponse(reply);
  if (interaction.type === InteractionType.ApplicationCommandAutocomplete)
    return interactionResponse({ kind: 'choices', choices: [] });
  const followUp = work.then((late) => completeDeferred(deps, interaction, late));
  pendingFollowUps.add(followUp);
  void followUp.finally(() => pendingFollowUps.delete(followUp));
  return deferredResponse(isAnswerEphemeral(interaction));
}
