import { REDIS_DATABASES } from '@guildhall/contract';

/** The database a ?db= value names (0-15), else 0. */
export function parseRedisDatabase(value: string | null): number {
  if (value === null || !/^\d{1,2}$/.test(value)) return 0;
  const database = Number(value);
  return database < REDIS_DATABASES ? database : 0;
}

/** The database numbers the selector offers (spec 2 §9: 0-15). */
export const DATABASE_NUMBERS: readonly number[] = Array.from({ length: REDIS_DATABASES }, (_, database) => database);
