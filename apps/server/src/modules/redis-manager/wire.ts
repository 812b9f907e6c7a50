import { isUtf8 } from 'node:buffer';
import { REDIS_MESSAGES, type RedisBytes, type RedisKeyEncoding, redisKeyLabel } from '@guildhall/contract';
import { AppError } from '../../core/app-error';

/*
 * Redis keys and values are bytes; the contract carries them as text when they are valid UTF-8 and as hex
 * otherwise (keys: `key` + `keyEncoding`; values: a string or `{ hex }`).
 */

const HEX = /^(?:[0-9a-fA-F]{2})*$/;

/** A key as the browser sent it, as the bytes Redis knows. */
export function keyBytes(key: string, keyEncoding: RedisKeyEncoding): Buffer {
  if (keyEncoding === 'utf8') return Buffer.from(key, 'utf8');
  if (!HEX.test(key)) throw AppError.invalidField('key', REDIS_MESSAGES.invalidHex);
  return Buffer.from(key, 'hex');
}

/** A key's bytes as the contract spells them. */
export function wireKey(key: Buffer): { key: string; keyEncoding: 'utf8' | 'hex' } {
  return isUtf8(key) ? { key: key.toString('utf8'), keyEncoding: 'utf8' } : { key: key.toString('hex'), keyEncoding: 'hex' };
}

/** Value bytes as the contract spells them: text, or `{ hex }`. */
export function wireBytes(value: Buffer): RedisBytes {
  return isUtf8(value) ? value.toString('utf8') : { hex: value.toString('hex') };
}

/** Value bytes the browser sent. */
export function bytesOf(value: RedisBytes): Buffer {
  return typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value.hex, 'hex');
}

/** A key for messages and the audit log: its text, or its bytes with non-printable ones as \xNN. */
export function keyLabel(key: Buffer): string {
  return redisKeyLabel(wireKey(key));
}
