import { REDIS_DATABASES } from '@guildhall/contract';

/** The database numbers the selector offers (spec 2 §9: 0-15). */
export const DATABASE_NUMBERS: readonly number[] = Array.from({ length: REDIS_DATABASES }, (_, database) => database);
