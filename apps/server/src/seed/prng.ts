import { pick, seededRandom } from '@guildhall/contract';

/** A small seeded random source, so the demo data set is the same on every machine and every run. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with the given probability. */
  chance(probability: number): boolean;
}

/** The demo seed's generator: the contract's seeded mulberry32 with the helpers the seed uses. */
export function createRandom(seed: number): Random {
  const next = seededRandom(seed);
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => pick(next, items),
    chance: (probability) => next() < probability,
  };
}
