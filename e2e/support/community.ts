import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect } from '@playwright/test';
import pg from 'pg';
import { ADMINS, PARALLEL_INDEX } from './accounts';
import { runCli } from './app-server';
import { type E2eState, STATE_FILE } from './global-setup';

/** The settings this worker's main e2e server runs with (the CLI needs the same). */
export const mainServerEnv = () => (JSON.parse(readFileSync(STATE_FILE, 'utf8')) as E2eState).servers[PARALLEL_INDEX]!.env;

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** An admin session on the request context, for reading what the console shows (outbox, guilds). */
export async function signInAdminApi(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/admin/auth/login', { headers: XHR, data: ADMINS.owner });
  expect(res.ok()).toBe(true);
}

/**
 * The link of the newest mail to `to` whose text holds `path` (with what follows its token), as the admin outbox
 * lists it. The server writes mail after it answers (so the answer cannot tell whether an address has an account),
 * so the outbox is asked again until the mail is there.
 */
export async function linkFromOutbox(request: APIRequestContext, to: string, path: '/verify-email' | '/reset-password') {
  await signInAdminApi(request);
  const pattern = new RegExp(`https?://\\S+${path}\\?token=[\\w-]+(?:&[\\w%.=-]+)*`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/admin/mail/outbox?to=${encodeURIComponent(to)}`);
        expect(res.ok()).toBe(true);
        // The outbox finds any address holding the text: this recipient's mails are the ones sent to it exactly.
        const { mails } = (await res.json()) as { mails: { to: string; text: string }[] };
        link = mails
          .filter((mail) => mail.to.toLowerCase() === to.toLowerCase())
          .map((mail) => mail.text.match(pattern)?.[0])
          .find(Boolean);
        return link;
      },
      { message: `no ${path} link in the outbox for ${to}`, timeout: 10_000 },
    )
    .toBeDefined();
  return new URL(link!);
}

/**
 * Up to five active guild tenants of a region that have a Discord guild, in the admin API's order. Guilds the
 * journeys create (the guild form's) have none, and a member cannot be granted one, so they are left out.
 */
export async function activeGuilds(request: APIRequestContext, region: string) {
  await signInAdminApi(request);
  const res = await request.get(`/api/admin/guilds?status=active&region=${region}&limit=50`);
  const { guilds } = (await res.json()) as { guilds: { id: string; guild_name: string }[] };
  const client = new pg.Client({ connectionString: mainServerEnv().DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      'SELECT id FROM guilds WHERE id = ANY($1::uuid[]) AND discord_guild_id IS NOT NULL',
      [guilds.map((guild) => guild.id)],
    );
    const withDiscord = new Set(rows.map((row) => row.id));
    return guilds.filter((guild) => withDiscord.has(guild.id)).slice(0, 5);
  } finally {
    await client.end();
  }
}

/** Grants a community user the member permissions in a guild tenant, as an operator does with the CLI. */
export function grantGuildAccess(email: string, guildId: string): void {
  runCli(mainServerEnv(), ['grant-guild-access', '--email', email, '--guild', guildId]);
}

/** A unique, valid account. */
export function newAccount(tag: string) {
  const id = `${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: id, email: `${id}@example.org`, password: `Raid-night ${id} on Thursday!` };
}
