import type { FastifyInstance } from 'fastify';
import type { Config } from '../../src/config';
import type { DiscordFake, FakeDiscordUser } from '../fakes/discord-fake';
import { sql } from './factories';
import { HttpClient } from './http-client';
import { uniqueSuffix } from './test-database';

/** Tests sign many users up from 127.0.0.1: per-IP limits go up, per-account limits stay as shipped. */
export function raiseCommunityIpLimits(config: Config): void {
  const limits = config.communityAuth.rateLimits;
  for (const key of Object.keys(limits) as (keyof typeof limits)[]) {
    if (key.endsWith('PerIp')) limits[key] = { ...limits[key], limit: 10_000 };
  }
}

/** A fresh address and a password the rule accepts. */
export const newAccount = () => {
  const suffix = uniqueSuffix();
  return { username: `member_${suffix}`, email: `member-${suffix}@example.com`, password: `a long phrase ${suffix}` };
};

/** An e-mail of the outbox. */
export interface OutboxMail {
  id: string;
  subject: string;
  text: string;
}

/** Every outbox mail to an address, oldest first, once the mail sent after the last answers is written. */
export async function mailsTo(app: FastifyInstance, to: string): Promise<OutboxMail[]> {
  await app.community.afterReply.settle();
  return sql<OutboxMail>(app, 'SELECT id::text, subject, text FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY id', [
    to,
  ]);
}

/** The token of the newest mailed link to `path` (/verify-email or /reset-password) for an address. */
export async function mailedToken(app: FastifyInstance, to: string, path: string): Promise<string> {
  const mails = await mailsTo(app, to);
  for (const mail of mails.reverse()) {
    const match = new RegExp(`${path}\\?token=([\\w%-]+)`).exec(mail.text);
    if (match) return decodeURIComponent(match[1]!);
  }
  throw new Error(`no ${path} link mailed to ${to}`);
}

/** Authorization header of an access token. */
export const bearer = (accessToken: string) => ({ headers: { authorization: `Bearer ${accessToken}` } });

/** Registers, verifies through the outbox link and logs in; returns the login answer's body. */
export async function registerVerifiedUser(app: FastifyInstance, client: HttpClient, account = newAccount()) {
  await client.post('/auth/register', account);
  const token = await mailedToken(app, account.email, '/verify-email');
  await client.post('/auth/verify-email', { token });
  const login = await client.post<{ accessToken: string; refreshToken: string; user: { id: string } }>('/auth/login', {
    email: account.email,
    password: account.password,
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.text}`);
  return { account, ...login.body };
}

/**
 * Signs `as` in with Discord as a browser does (start, the fake's authorize page, the callback); returns the browser,
 * which holds the session cookie. Sign-in lists the user's guilds, so their bot guilds have their tenants after.
 */
export async function signInWithDiscord(fake: DiscordFake, baseUrl: string, as: FakeDiscordUser): Promise<HttpClient> {
  const browser = new HttpClient(baseUrl);
  fake.loginAs = as;
  const start = await browser.get<{ authUrl: string }>('/auth/discord');
  if (start.status !== 200) throw new Error(`Discord sign-in did not start: ${start.text}`);
  const authorize = await fetch(start.body.authUrl, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location')!);
  const callback = await browser.get(`${back.pathname}${back.search}`);
  if (callback.status !== 302) throw new Error(`Discord sign-in failed: ${callback.text}`);
  return browser;
}
