import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the defaults of .env.example and treats blank values as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', REDIS_URL: '  ', PORT: '' });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.database).toEqual({ url: null, dataDir: path.resolve('./data'), readonlyUrl: null, poolMax: 10 });
    expect(config.redis).toEqual({ url: null, prefix: 'guildhall:' });
    expect(config.admin).toMatchObject({ username: 'admin', password: null, loginRateLimit: 20 });
    expect(config.healthCheckIntervalMs).toBe(5000);
    expect(config.seedDemoData).toBe(true);
    expect(config.publicOrigin).toBe('http://localhost:3000');
    expect(config.isSecureCookie).toBe(false);
    expect(config.webDistDir.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
    expect(config.discord.redirectUri).toBe('http://localhost:3000/auth/discord/callback');
    expect(config.communityAuth).toMatchObject({ jwtSecret: null, requireEmailVerification: true });
    expect(config.communityAuth.rateLimits.registerPerIp).toEqual({ limit: 10, windowMs: 3_600_000 });
    expect(loadConfig({ REGISTER_RATE_LIMIT: '200' }).communityAuth.rateLimits.registerPerIp.limit).toBe(200);
    expect(config.communityAuth.rateLimits.loginPerIp).toEqual({ limit: 30, windowMs: 900_000 });
    expect(loadConfig({ LOGIN_RATE_LIMIT: '500' }).communityAuth.rateLimits.loginPerIp.limit).toBe(500);
  });

  it('reads the community sign-in settings and refuses a short JWT_SECRET', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://guildhall.example/', REQUIRE_EMAIL_VERIFICATION: 'false' });
    expect(config.discord.redirectUri).toBe('https://guildhall.example/auth/discord/callback');
    expect(config.communityAuth.requireEmailVerification).toBe(false);
    expect(loadConfig({ DISCORD_REDIRECT_URI: 'https://x.example/cb' }).discord.redirectUri).toBe('https://x.example/cb');
    expect(() => loadConfig({ JWT_SECRET: 'too short' })).toThrow(/JWT_SECRET/);
  });

  it('refuses to start with a bot or metrics token shorter than 32 characters', () => {
    expect(() => loadConfig({ BOT_API_TOKEN: 'short-bot-token' })).toThrow(/BOT_API_TOKEN must be at least 32 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'x'.repeat(31) })).toThrow(/METRICS_TOKEN must be at least 32 characters/);
    const long = 'x'.repeat(32);
    expect(loadConfig({ BOT_API_TOKEN: long, METRICS_TOKEN: long })).toMatchObject({
      bot: { apiToken: long },
      metrics: { token: long },
    });
    expect(loadConfig({ BOT_API_TOKEN: '  ' }).bot.apiToken).toBeNull();
  });

  it('makes cookies Secure behind an https PUBLIC_URL and reads TRUST_PROXY forms', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://guildhall.example/', TRUST_PROXY: 'true', SEED_DEMO_DATA: 'false' });
    expect(config.isSecureCookie).toBe(true);
    expect(config.publicOrigin).toBe('https://guildhall.example');
    expect(config.trustProxy).toBe(true);
    expect(config.seedDemoData).toBe(false);
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect([hops('x', 0), hops('x', 1)]).toEqual([true, false]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it("takes the passkeys' relying party from PUBLIC_URL, or from its settings when they agree with each other", () => {
    expect(loadConfig({}).webAuthn).toEqual({ rpId: 'localhost', rpName: 'Guildhall', origins: ['http://localhost:3000'] });
    expect(loadConfig({ PUBLIC_URL: 'https://Console.Guild.example/admin' }).webAuthn).toMatchObject({
      rpId: 'console.guild.example',
      origins: ['https://console.guild.example'],
    });
    const set = loadConfig({
      PUBLIC_URL: 'https://console.guild.example',
      WEBAUTHN_RP_ID: 'guild.example',
      WEBAUTHN_RP_NAME: 'Our guild',
      WEBAUTHN_ORIGIN: 'https://console.guild.example, https://guild.example:8443',
    }).webAuthn;
    expect(set).toEqual({
      rpId: 'guild.example',
      rpName: 'Our guild',
      origins: ['https://console.guild.example', 'https://guild.example:8443'],
    });
    // Browsers refuse an origin outside the relying party's domain, so the server refuses to start with one.
    expect(() => loadConfig({ WEBAUTHN_RP_ID: 'guild.example', WEBAUTHN_ORIGIN: 'https://evilguild.example' })).toThrow(
      /not on guild.example/,
    );
    expect(() => loadConfig({ WEBAUTHN_ORIGIN: 'http://localhost:3000/admin' })).toThrow(/is not an origin/);
    expect(() => loadConfig({ WEBAUTHN_ORIGIN: 'not a url' })).toThrow(/is not an origin/);
  });

  it('refuses malformed values', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow();
    expect(() => loadConfig({ INFLUX_URL: 'not a url' })).toThrow();
  });

  it("signs the SQL runner's read-only connection in as guildhall_readonly without the app's password", () => {
    const derived = loadConfig({ DATABASE_URL: 'postgres://app:secret@db.example:5432/guildhall?sslmode=require' });
    expect(derived.database.readonlyUrl).toBe('postgres://guildhall_readonly@db.example:5432/guildhall?sslmode=require');
    const explicit = loadConfig({ DATABASE_URL: 'postgres://app@db/g', DATABASE_READONLY_URL: 'postgres://ro:pw@db/g' });
    expect(explicit.database.readonlyUrl).toBe('postgres://ro:pw@db/g');
  });
});
