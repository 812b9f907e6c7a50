import { describe, expect, it } from 'vitest';
import { isSameOrigin, needsCsrfCheck, passesCsrfCheck, type WriteRequest } from './same-origin';

const write = (headers: WriteRequest['headers'], overrides: Partial<WriteRequest> = {}): WriteRequest => ({
  method: 'POST',
  url: '/api/admin/auth/logout',
  headers,
  protocol: 'http',
  host: 'localhost:3000',
  ...overrides,
});
const PUBLIC = 'https://guildhall.example';

describe('isSameOrigin', () => {
  it('accepts the address the request came to and PUBLIC_URL', () => {
    expect(isSameOrigin('http://localhost:3000', 'http://localhost:3000', PUBLIC)).toBe(true);
    expect(isSameOrigin('https://guildhall.example', 'http://10.0.0.5:3000', PUBLIC)).toBe(true);
  });

  it('refuses other sites, other ports, "null" and garbage', () => {
    expect(isSameOrigin('https://evil.example', 'http://localhost:3000', PUBLIC)).toBe(false);
    expect(isSameOrigin('http://localhost:3001', 'http://localhost:3000', PUBLIC)).toBe(false);
    expect(isSameOrigin('null', 'http://localhost:3000', PUBLIC)).toBe(false);
    expect(isSameOrigin('not a url', 'http://localhost:3000', PUBLIC)).toBe(false);
  });
});

describe('the CSRF rule', () => {
  it('checks API writes that carry a cookie, and the cookieless login', () => {
    expect(needsCsrfCheck(write({ cookie: 'guildhall_admin=x' }))).toBe(true);
    expect(needsCsrfCheck(write({}, { url: '/api/admin/auth/login' }))).toBe(true);
    expect(needsCsrfCheck(write({ cookie: 'guildhall_session=x' }, { url: '/auth/guilds/select' }))).toBe(true);
    expect(needsCsrfCheck(write({}, { url: '/auth/login' }))).toBe(true);
  });

  it('leaves reads, non-API paths and bearer-only calls alone', () => {
    expect(needsCsrfCheck(write({ cookie: 'a=b' }, { method: 'GET' }))).toBe(false);
    expect(needsCsrfCheck(write({ cookie: 'a=b' }, { url: '/socket.io/?EIO=4' }))).toBe(false);
    expect(needsCsrfCheck(write({ authorization: 'Bearer abc' }))).toBe(false);
    expect(needsCsrfCheck(write({ authorization: 'Bearer abc', cookie: 'a=b' }))).toBe(true);
  });

  it('leaves Discord’s interactions to their signature, and only them', () => {
    expect(needsCsrfCheck(write({}, { url: '/api/discord/interactions' }))).toBe(false);
    expect(needsCsrfCheck(write({}, { url: '/api/discord/interactions?x=1' }))).toBe(false);
    expect(needsCsrfCheck(write({}, { url: '/api/discord/interactions-and-more' }))).toBe(true);
    expect(needsCsrfCheck(write({ cookie: 'guildhall_session=x' }, { url: '/api/discord/other' }))).toBe(true);
  });

  it('passes with X-Requested-With and no or a same-origin Origin', () => {
    expect(passesCsrfCheck(write({ 'x-requested-with': 'XMLHttpRequest' }), PUBLIC)).toBe(true);
    expect(passesCsrfCheck(write({ 'x-requested-with': 'XMLHttpRequest', origin: 'http://localhost:3000' }), PUBLIC)).toBe(true);
  });

  it('fails without the header or from a foreign origin', () => {
    expect(passesCsrfCheck(write({}), PUBLIC)).toBe(false);
    expect(passesCsrfCheck(write({ 'x-requested-with': 'fetch' }), PUBLIC)).toBe(false);
    expect(passesCsrfCheck(write({ 'x-requested-with': 'XMLHttpRequest', origin: 'https://evil.example' }), PUBLIC)).toBe(false);
  });
});
