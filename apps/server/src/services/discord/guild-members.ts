import { fetchService } from '../fetch-service';

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
/** Tries of one page when Discord fails (5xx) or cannot be reached; 429s are waited out and do not count. */
const MAX_ATTEMPTS = 3;
/** Rate-limit pauses in a row we accept for one page before giving up. */
const MAX_RATE_LIMITS_PER_PAGE = 10;
/** A longer pause than this means a global or abuse limit: fail and say when to try again instead of hanging. */
const MAX_WAIT_MS = 60_000;
const TIMEOUT_MS = 15_000;

/** Where and how to read one guild's members. */
export interface MemberListRequest {
  apiBase: string;
  botToken: string;
  discordGuildId: string;
  /** Aborts waits and calls when the server shuts down. */
  signal?: AbortSignal;
  /** Read members after this id: '0' from the start, or the last member a resumed sync saved. */
  after?: string;
  /** The number of the first page read (a resumed sync goes on counting). */
  firstPage?: number;
  /** Given each page as it arrives; the next page is asked for once it resolves. */
  onPage: (page: number, members: DiscordGuildMember[]) => Promise<void>;
  /** Backoff before a retry after a failure, in ms (tests shorten it). */
  retryDelayMs?: number;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new MemberListError('The sync was stopped because the server is shutting down'));
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', stop);
      resolve();
    }
    function stop() {
      clearTimeout(timer);
      reject(new MemberListError('The sync was stopped because the server is shutting down'));
    }
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** Seconds Discord asks us to wait after a 429: the JSON body's retry_after, else the Retry-After header. */
async function retryAfterMs(response: Response): Promise<number> {
  const body = (await response.json().catch(() => ({}))) as { retry_after?: unknown };
  const seconds = typeof body.retry_after === 'number' ? body.retry_after : Number(response.headers.get('retry-after') ?? 1);
  return Math.ceil((Number.isFinite(seconds) ? seconds : 1) * 1000);
}

/** When the bucket is empty (X-RateLimit-Remaining 0), how long until it refills. */
function bucketResetMs(response: Response): number {
  if (response.headers.get('x-ratelimit-remaining') !== '0') return 0;
  const seconds = Number(response.headers.get('x-ratelimit-reset-after') ?? 0);
  return Number.isFinite(seconds) ? Math.ceil(seconds * 1000) : 0;
}

function refusal(status: number, page: number): MemberListError {
  if (status === 401) return new MemberListError('Discord rejected the bot token (401)', status);
  if (status === 403)
    return new MemberListError(
      'Discord refused the member list (403): the bot must be in the server and have the Server Members intent',
      status,
    );
  if (status === 404)
    return new MemberListError("Discord does not know this server (404): check the guild's Discord guild id", status);
  return new MemberListError(`Discord answered ${status} for member page ${page}`, status);
}

/** One page, retried on 5xx and network failures, waiting out 429s; returns the members and the wait before the next call. */
async function fetchPage(request: MemberListRequest, after: string, page: number) {
  const url = `${request.apiBase}/guilds/${request.discordGuildId}/members?limit=${MEMBER_PAGE_SIZE}&after=${after}`;
  const backoff = request.retryDelayMs ?? 500;
  let failures = 0;
  let rateLimits = 0;
  for (;;) {
    let response: Response;
    try {
      response = await fetchService('Discord', url, {
        headers: { Authorization: `Bot ${request.botToken}` },
        signal: request.signal,
        timeoutMs: TIMEOUT_MS,
      });
    } catch (error) {
      if (request.signal?.aborted) throw new MemberListError('The sync was stopped because the server is shutting down');
      if (++failures >= MAX_ATTEMPTS)
        throw new MemberListError(`Could not reach Discord for member page ${page}: ${(error as Error).message}`);
      await sleep(backoff * 2 ** (failures - 1), request.signal);
      continue;
    }
    if (response.status === 429) {
      const waitMs = await retryAfterMs(response);
      if (++rateLimits > MAX_RATE_LIMITS_PER_PAGE || waitMs > MAX_WAIT_MS)
        throw new MemberListError(`Discord is rate limiting member reads; try again in ${Math.ceil(waitMs / 1000)} s`, 429);
      await sleep(waitMs, request.signal);
      continue;
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      if (++failures >= MAX_ATTEMPTS)
        throw new MemberListError(
          `Discord answered ${response.status} for member page ${page} after ${MAX_ATTEMPTS} attempts`,
          response.status,
        );
      await sleep(backoff * 2 ** (failures - 1), request.signal);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw refusal(response.status, page);
    }
    const members = (await response.json()) as DiscordGuildMember[];
    return { members, waitBeforeNextMs: Math.min(bucketResetMs(response), MAX_WAIT_MS) };
  }
}

/**
 * Every member of a Discord server through the bot token, page by page to onPage: pages of 1,000 in snowflake order
 * following `after`, until a page comes back short. Honours Discord's rate limits: a 429 is waited out
 * (retry_after, or Retry-After) and the same page asked again; an empty bucket (X-RateLimit-Remaining 0)
 * waits X-RateLimit-Reset-After before the next call. Throws MemberListError saying why it stopped.
 */
export async function fetchGuildMembers(request: MemberListRequest): Promise<void> {
  let after = request.after ?? '0';
  for (let page = request.firstPage ?? 1; ; page++) {
    const { members, waitBeforeNextMs } = await fetchPage(request, after, page);
    await request.onPage(page, members);
    if (members.length < MEMBER_PAGE_SIZE) return;
    after = members[members.length - 1]!.user.id;
    if (waitBeforeNextMs > 0) await sleep(waitBeforeNextMs, request.signal);
  }
}
