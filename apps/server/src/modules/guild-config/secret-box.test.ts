import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

const HEX_KEY = '0f'.repeat(32);

describe('the secret box', () => {
  it('encrypts with a fresh IV each time and decrypts back, with a hex or base64 key', () => {
    const box = createSecretBox(HEX_KEY);
    expect(box.available).toBe(true);
    const one = box.encrypt('sk-secret');
    const two = box.encrypt('sk-secret');
    expect(one).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(one).not.toBe(two);
    expect(one).not.toContain('sk-secret');
    expect(box.decrypt(one)).toBe('sk-secret');
    const sameKeyBase64 = createSecretBox(Buffer.from(HEX_KEY, 'hex').toString('base64'));
    expect(sameKeyBase64.decrypt(one)).toBe('sk-secret');
    expect(box.decrypt(box.encrypt(''))).toBe('');
    expect(box.decrypt(box.encrypt('ключ 🔑'))).toBe('ключ 🔑');
  });

  it('refuses another key, altered ciphertext and unknown formats', () => {
    const stored = createSecretBox(HEX_KEY).encrypt('sk-secret');
    expect(() => createSecretBox('1e'.repeat(32)).decrypt(stored)).toThrow();
    const [version, iv, tag, sealed] = stored.split(':');
    const altered = Buffer.from(sealed!, 'base64');
    altered[0] = altered[0]! ^ 1;
    expect(() => createSecretBox(HEX_KEY).decrypt([version, iv, tag, altered.toString('base64')].join(':'))).toThrow();
    expect(() => createSecretBox(HEX_KEY).decrypt('plain')).toThrow(/Unknown secret format/);
  });

  it('refuses a malformed key at once with a clear error, and without a key stores nothing', () => {
    for (const bad of ['short', 'zz'.repeat(32), Buffer.alloc(16).toString('base64'), '0f'.repeat(31)]) {
      expect(() => createSecretBox(bad)).toThrow(/CONFIG_SECRET_KEY must be 32 bytes/);
    }
    const none = createSecretBox(null);
    expect(none.available).toBe(false);
    expect(() => none.encrypt('x')).toThrow(/CONFIG_SECRET_KEY is not set/);
  });
});
