import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect } from '@playwright/test';
import { ADMINS } from './accounts';
import { runCli } from './app-server';
import { STATE_FILE } from './global-setup';

/** The settings the main e2e server runs with (the CLI needs the same). */
export const mainServerEnv = () => (JSON.parse(readFileSync(STATE_FILE, 'utf8')) as { env: Record<string, string> }).env;

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** An admin session on the request context, for reading what the console shows (outbox, guilds). */
export async function signInAdminApi(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/admin/auth/login', { headers: XHR, data: ADMINS.owner });
  expect(res.ok()).toBe(true);
}

/** The link of the newest mail to `to` whose text holds `path` (with what follows its token), as the admin outbox lists it. */
export async function linkFromOutbox(request: APIRequestContext, to: string, path: '/verify-email' | '/reset-password') {
  await signInAdminApi(request);
  const res = await request.get(`/api/admin/mail/outbox?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBe(true);
  const { mails } = (await res.json()) as { mails: { text: string }[] };
  const link = mails
    .map((mail) => mail.text.match(new RegExp(`https?://\\S+${path}\\?token=[\\w-]+(?:&[\\w%.=-]+)*`))?.[0])
    .find(Boolean);
  if (!link) throw new Error(`no ${path} link in the outbox for ${to}`);
  return new URL(link);
}

/** Active guild tenants (with their Discord ids) from the admin API. */
export async function activeGuilds(request: APIRequestContext, region: string) {
  await signInAdminApi(request);
  const res = await request.get(`/api/admin/guilds?status=active&region=${region}&limit=5`);
  return ((await res.json()) as { guilds: { id: string; guild_name: string }[] }).guilds;
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
