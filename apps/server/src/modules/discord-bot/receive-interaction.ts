import { DISCORD_BOT_MESSAGES, DISCORD_SIGNATURE_MAX_AGE_S } from '@guildhall/contract';
import { InteractionResponseType, InteractionType } from 'discord-api-types/v10';
import { AppError } from '../../core/app-error';
import { isSignedByDiscord } from '../../services/discord/interaction-signature';
import { answerInteraction, isAnswerEphemeral } from './answer-interaction';
import type { DiscordBotDeps } from './discord-bot-deps';
import {
  type BotReply,
  deferredResponse,
  ephemeral,
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

/** Interaction ids this process answered lately: a replay to the same process is refused without the database. */
const recentIds = new Map<string, number>();
const RECENT_IDS_MAX = 50_000;

/** Remembers an id for twice the signature window; false when this process saw it already. */
function isNewHere(interactionId: string): boolean {
  const now = Date.now();
  if ((recentIds.get(interactionId) ?? 0) > now) return false;
  recentIds.set(interactionId, now + 2 * DISCORD_SIGNATURE_MAX_AGE_S * 1000);
  for (const [id, expiresAt] of recentIds) {
    if (expiresAt > now && recentIds.size <= RECENT_IDS_MAX) break;
    recentIds.delete(id);
  }
  return true;
}

/**
 * Checks the signature over the raw bytes, the timestamp and the shape: all in this thread, without the database, so
 * a flood of forged or stale requests costs no connection. The parsed interaction when all hold.
 */
export function verifiedInteraction(deps: DiscordBotDeps, request: SignedRequest): Interaction {
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
  return parsed.data;
}

/** What the work of a replayed interaction comes to: nothing done, and a refusal when there is still time to say so. */
const REPLAYED = Symbol('replayed');

/** The interaction's answer, once the database agrees it is new (every process shares that record). */
async function answerOnce(deps: DiscordBotDeps, interaction: Interaction): Promise<BotReply | typeof REPLAYED> {
  if (!(await recordInteraction(deps.db, interaction.id))) return REPLAYED;
  return answerInteraction(deps, interaction);
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
 * Interactions waiting to be answered in place, each with what defers it now. A press that finds this many already
 * waiting is part of a rush: it and every one waiting are deferred at once, since the work of each now queues behind
 * the others' and would answer late (the first presses of a rush were the slowest answers, at DISCORD_DEFER_AFTER_MS).
 */
const waitingInPlace = new Set<() => void>();
const RUSH_WAITING = 3;

/** Defers every interaction still waiting to be answered in place. */
function deferAllWaiting() {
  for (const defer of waitingInPlace) defer();
  waitingInPlace.clear();
}

/**
 * Whether work started now would wait for a database connection (every one taken, or callers queued): the interaction is then
 * deferred at once rather than after DISCORD_DEFER_AFTER_MS, so a rush of presses is answered in milliseconds whatever
 * the pool is doing. PGlite has no pool to ask.
 */
function isDatabaseBusy(deps: DiscordBotDeps): boolean {
  const pool = deps.db.pool;
  if (!pool) return false;
  return pool.waitingCount > 0 || (pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? 10));
}

/**
 * The answer Discord gets within its 3-second window, counted from the request's arrival (`elapsedMs` ago): the reply
 * itself when the work is done within DISCORD_DEFER_AFTER_MS, otherwise "thinking…" (at once when the database is
 * busy) and the reply through the follow-up webhook when it is ready. Autocomplete cannot be deferred: late, it offers no choices. A replay is refused
 * (401) when the record of answered ids says so in time; found later, it is dropped: nothing is done twice.
 */
export async function answerWithinWindow(
  deps: DiscordBotDeps,
  interaction: Interaction,
  elapsedMs = 0,
): Promise<Record<string, unknown>> {
  if (interaction.type === InteractionType.Ping) return { type: InteractionResponseType.Pong };
  if (!isNewHere(interaction.id)) throw new AppError('INVALID_TOKEN', DISCORD_BOT_MESSAGES.replayed);
  const canDefer = interaction.type !== InteractionType.ApplicationCommandAutocomplete;
  const isRush = canDefer && (isDatabaseBusy(deps) || waitingInPlace.size >= RUSH_WAITING);
  if (isRush) deferAllWaiting();
  const deferAfterMs = isRush ? 0 : Math.max(0, deps.settings.deferAfterMs - elapsedMs);
  const work = answerOnce(deps, interaction);
  let timer: NodeJS.Timeout | undefined;
  let deferNow = () => {};
  const deferral = new Promise<null>((resolve) => {
    deferNow = () => resolve(null);
    timer = setTimeout(deferNow, deferAfterMs);
  });
  if (canDefer && !isRush) waitingInPlace.add(deferNow);
  const reply = await Promise.race([work, deferral]);
  clearTimeout(timer);
  waitingInPlace.delete(deferNow);
  if (reply === REPLAYED) throw new AppError('INVALID_TOKEN', DISCORD_BOT_MESSAGES.replayed);
  if (reply) return interactionResponse(reply);
  if (!canDefer) return interactionResponse({ kind: 'choices', choices: [] });
  // The work may still fail after the deferral (the database unreachable for the replay record): the member is told so.
  const followUp = work.then(
    (late) => (late === REPLAYED ? undefined : completeDeferred(deps, interaction, late)),
    (error: unknown) => {
      deps.log.error({ err: error, interaction: interaction.id }, 'Discord interaction failed after its deferral');
      return completeDeferred(deps, interaction, ephemeral(DISCORD_BOT_MESSAGES.failed));
    },
  );
  pendingFollowUps.add(followUp);
  void followUp.finally(() => pendingFollowUps.delete(followUp));
  return deferredResponse(isAnswerEphemeral(interaction));
}
