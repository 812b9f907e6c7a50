import { Routes } from 'discord-api-types/v10';
import { DiscordApiError } from './discord-api';
import { DISCORD_REQUEST_ATTEMPTS, type DiscordRest } from './discord-rest';

/** A guild member as GET /guilds/{id}/members returns it (the fields Guildhall keeps). */
export interface DiscordGuildMember {
  user: { id: string; username: string; global_name: string | null; avatar: string | null; bot?: boolean };
  nick: string | null;
  roles: string[];
  joined_at: string | null;
}

/** Why the member list could not be read; the sync job records the message as it is. */
export class MemberListError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'MemberListError';
  }
}

/** Discord's largest member page. */
export const MEMBER_PAGE_SIZE = 1000;
/** Tries of one page when Discord cannot be reached; 5xx answers are retried by the REST client, 429s waited out. */
const MAX_ATTEMPTS = 3;

/** Where and how to read one guild's members. */
export interface MemberListRequest {
  /** The bot's one REST client: member pages share its buckets, global limit and 429 waits with every other call. */
  rest: DiscordRest;
  discordGuildId: string;
  /** Aborts waits and calls when the server shuts down. */
  signal?: AbortSignal;
  /** Read members after this id: '0' from the start, or the last member a resumed sync saved. */
  after?: string;
  /** The number of the first page read (a resumed sync goes on counting). */
  firstPage?: number;
  /** Given each page as it arrives; the next page is asked for once it resolves. */
  onPage: (page: number, members: DiscordGuildMember[]) => Promise<void>;
  /** Backoff before a retry after Discord could not be reached, in ms (tests shorten it). */
  retryDelayMs?: number;
}

const stopped = () => new MemberListError('The sync was stopped because the server is shutting down');

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(stopped());
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', stop);
      resolve();
    }
    function stop() {
      clearTimeout(timer);
      reject(stopped());
    }
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** Discord's answer to a page, in words the sync records. */
function refusal(error: DiscordApiError, page: number): MemberListError {
  const { status } = error;
  if (status === 401) return new MemberListError('Discord rejected the bot token (401)', status);
  if (status === 403)
    return new MemberListError(
      'Discord refused the member list (403): the bot must be in the server and have the Server Members intent',
      status,
    );
  if (status === 404)
    return new MemberListError("Discord does not know this server (404): check the guild's Discord guild id", status);
  if (status === 429) {
    const seconds = Math.max(1, Math.round((error.retryAfterMs ?? 1000) / 1000));
    return new MemberListError(`Discord is rate limiting member reads; try again in ${seconds} s`, status);
  }
  if (status >= 500)
    return new MemberListError(
      `Discord answered ${status} for member page ${page} after ${DISCORD_REQUEST_ATTEMPTS} attempts`,
      status,
    );
  return new MemberListError(`Discord answered ${status} for member page ${page}`, status);
}

/**
 * One page through the REST client, which waits out 429s and empty buckets and retries 5xx answers; a failure to
 * reach Discord at all is tried again here after a backoff.
 */
async function fetchPage(request: MemberListRequest, after: string, page: number): Promise<DiscordGuildMember[]> {
  const backoff = request.retryDelayMs ?? 500;
  for (let attempt = 1; ; attempt++) {
    try {
      return await request.rest.get<DiscordGuildMember[]>(Routes.guildMembers(request.discordGuildId), {
        query: new URLSearchParams({ limit: String(MEMBER_PAGE_SIZE), after }),
        signal: request.signal,
      });
    } catch (error) {
      if (request.signal?.aborted) throw stopped();
      if (error instanceof DiscordApiError && error.status > 0) throw refusal(error, page);
      if (attempt >= MAX_ATTEMPTS)
        throw new MemberListError(`Could not reach Discord for member page ${page}: ${(error as Error).message}`);
      await sleep(backoff * 2 ** (attempt - 1), request.signal);
    }
  }
}

/**
 * Every member of a Discord server through the bot's REST client, page by page to onPage: pages of 1,000 in snowflake
 * order following `after`, until a page comes back short. The client keeps to Discord's rate limits as for every
 * other call: a 429 is waited out for its retry_after and the same page asked again, an empty bucket
 * (X-RateLimit-Remaining 0) waits X-RateLimit-Reset-After before the next page, and a pause longer than a minute fails
 * the read. Throws MemberListError saying why it stopped.
 */
export async function fetchGuildMembers(request: MemberListRequest): Promise<void> {
  let after = request.after ?? '0';
  for (let page = request.firstPage ?? 1; ; page++) {
    const members = await fetchPage(request, after, page);
    await request.onPage(page, members);
    if (members.length < MEMBER_PAGE_SIZE) return;
    after = members[members.length - 1]!.user.id;
  }
}
