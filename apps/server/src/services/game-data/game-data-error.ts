import { ServiceUnreachableError } from '../fetch-service';
import { PacedCallFailed } from '../paced-fetch';

/** Why a call to a game-data source failed, as a sync tells it apart. */
export type GameDataFailure = 'not_found' | 'credentials' | 'unavailable';

/** A call to Raider.IO, WoWAudit or Warcraft Logs that failed for good (retries included). */
export class GameDataError extends Error {
  override name = 'GameDataError';
  constructor(
    readonly failure: GameDataFailure,
    message: string,
  ) {
    super(message);
  }
}

/** A pacer's or fetch's failure as 'unavailable' (down, too slow, rate limited past the retries); others pass. */
export function unavailableOf(error: unknown): unknown {
  if (error instanceof PacedCallFailed || error instanceof ServiceUnreachableError) {
    return new GameDataError('unavailable', error.message);
  }
  return error;
}
