import { fetchService } from '../fetch-service';

/** A Discord answer that was not a success. */
export class DiscordApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** With 429: how long Discord asked to wait, in ms. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'DiscordApiError';
  }
}

/** How long one Discord call may take. */
const TIMEOUT_MS = 10_000;
/** Longest rate-limit pause we wait out inside a request; longer ones fail instead. */
const MAX_RETRY_AFTER_MS = 5000;

/**
 * One Discord call with a timeout. A 429 is waited out once when Discord asks for a short pause, so a
 * busy moment does not fail a sign-in.
 */
export async function discordFetch(url: string, init: RequestInit = {}): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetchService('Discord', url, { ...init, timeoutMs: TIMEOUT_MS });
    if (response.status === 429 && attempt === 0) {
      const body = (await response.json().catch(() => ({}))) as { retry_after?: number };
      const waitMs = Math.ceil((body.retry_after ?? Number(response.headers.get('retry-after') ?? 1)) * 1000);
      if (waitMs <= MAX_RETRY_AFTER_MS) {
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        continue;
      }
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new DiscordApiError(
        response.status,
        `Discord answered ${response.status} for ${new URL(url).pathname}: ${text.slice(0, 200)}`,
      );
    }
    return response.json();
  }
}

/** A guild as /users/@me/guilds lists it (for a user or for the bot). */
export interface DiscordGuildSummary {
  id: string;
  name: string;
  icon: string | null;
  owner?: boolean;
  /** Discord's permission integer as a decimal string. */
  permissions?: string;
}

/** Discord allows 200 guilds per page; 50 pages covers far more guilds than a bot may join unverified. */
const GUILD_PAGE_SIZE = 200;
const MAX_GUILD_PAGES = 50;

/** Every guild /users/@me/guilds lists, page by page through `fetchPage`, following Discord's `after` paging. */
export async function allGuildPages(
  fetchPage: (query: URLSearchParams) => Promise<DiscordGuildSummary[]>,
): Promise<DiscordGuildSummary[]> {
  const guilds: DiscordGuildSummary[] = [];
  let after = '0';
  for (let page = 0; page < MAX_GUILD_PAGES; page++) {
    const batch = await fetchPage(new URLSearchParams({ limit: String(GUILD_PAGE_SIZE), after }));
    guilds.push(...batch);
    if (batch.length < GUILD_PAGE_SIZE) break;
    after = batch[batch.length - 1]!.id;
  }
  return guilds;
}

/**
 * Every guild of a user's OAuth2 token. Not through the bot's REST client: a user's token has its own limits, which
 * the bot's buckets would mix up.
 */
export function fetchAllGuilds(apiBase: string, authorization: string): Promise<DiscordGuildSummary[]> {
  return allGuildPages(
    async (query) =>
      (await discordFetch(`${apiBase}/users/@me/guilds?${query}`, {
        headers: { Authorization: authorization },
      })) as DiscordGuildSummary[],
  );
}
