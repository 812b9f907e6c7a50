import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The guild settings' secrets (an AI provider's key) at rest: AES-256-GCM with CONFIG_SECRET_KEY, stored as
 * 'v1:' + iv:tag:ciphertext in base64. Without a key nothing can be stored (available is false).
 */
export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  readonly available: boolean;
}

const VERSION = 'v1:';

/** The 32 key bytes of CONFIG_SECRET_KEY: 64 hex characters or base64 of 32 bytes; anything else is refused. */
export function parseConfigSecretKey(key: string): Buffer {
  const trimmed = key.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{42,44}={0,2}$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes;
  }
  throw new Error('CONFIG_SECRET_KEY must be 32 bytes: 64 hex characters or base64 (e.g. the output of `openssl rand -hex 32`)');
}

/** A SecretBox over CONFIG_SECRET_KEY; null: one that refuses to encrypt or decrypt (available false). */
export function createSecretBox(key: string | null): SecretBox {
  if (key === null || key.trim() === '') {
    return {
      available: false,
      encrypt() {
        throw new Error('CONFIG_SECRET_KEY is not set');
      },
      decrypt() {
        throw new Error('CONFIG_SECRET_KEY is not set');
      },
    };
  }
  const bytes = parseConfigSecretKey(key);
  return {
    available: true,
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', bytes, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${sealed.toString('base64')}`;
    },
    decrypt(stored) {
      if (!stored.startsWith(VERSION)) throw new Error('Unknown secret format');
      const [iv, tag, sealed] = stored.slice(VERSION.length).split(':');
      if (iv === undefined || tag === undefined || sealed === undefined) throw new Error('Unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', bytes, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

const boxes = new WeakMap<object, SecretBox>();

/** The app's SecretBox over app.config.configSecretKey, made once (a bad key refuses the start with a clear error). */
export function secretBoxOf(app: { config: { configSecretKey: string | null } }): SecretBox {
  let box = boxes.get(app.config);
  if (!box) {
    box = createSecretBox(app.config.configSecretKey);
    boxes.set(app.config, box);
  }
  return box;
}
