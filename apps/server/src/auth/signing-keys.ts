import { hkdfSync, randomBytes } from 'node:crypto';
import type { Queryable } from '../services/db/db';

/** Keys derived from the one JWT secret: one signs access tokens, the other seals stored Discord tokens. */
export interface SigningKeys {
  accessToken: Buffer;
  sealing: Buffer;
}

/** app_meta key of the generated secret. */
const SECRET_KEY = 'jwt_secret';

/**
 * The generated secret: the first process to start stores one, every later start and every other process
 * reads that same one, so tokens stay valid across restarts and behind a load balancer.
 */
async function storedSecret(db: Queryable): Promise<string> {
  await db.query('INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    SECRET_KEY,
    randomBytes(48).toString('base64url'),
  ]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM app_meta WHERE key = $1', [SECRET_KEY]);
  if (!rows[0]) throw new Error('the JWT secret could not be stored');
  return rows[0].value;
}

const derive = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), `guildhall ${purpose}`, 32));

/** The keys one secret gives: one per purpose, so a sealing key never signs a token. */
export const signingKeysFrom = (secret: string): SigningKeys => ({
  accessToken: derive(secret, 'access token'),
  sealing: derive(secret, 'sealing'),
});

/**
 * The keys, loaded once on first use (after migrations): JWT_SECRET when set, otherwise the stored secret.
 * A failed load (database down) is retried on the next call.
 */
export function createSigningKeys(db: Queryable, configuredSecret: string | null): () => Promise<SigningKeys> {
  let loading: Promise<SigningKeys> | null = null;
  return () => {
    loading ??= (async () => {
      const secret = configuredSecret ?? (await storedSecret(db));
      return signingKeysFrom(secret);
    })().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
