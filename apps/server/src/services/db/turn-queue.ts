import { setImmediate as nextTurn } from 'node:timers/promises';

/** Runs jobs one at a time, in the order they came, each starting in an event-loop turn of its own. */
export type TurnQueue = <T>(job: () => Promise<T>) => Promise<T>;

/**
 * A FIFO queue for work that blocks the thread while it runs, as PGlite does: its WebAssembly
 * executes each statement synchronously. Chained directly, statement after statement runs in one
 * long stretch of promise callbacks, and Node neither accepts connections nor reads requests until
 * the whole backlog is done; as libuv accepts one connection per loop turn, a new connection under
 * load waited a full backlog for each connection ahead of it, for seconds. Waiting one turn before
 * each job lets accepts and reads in between, so a request queues behind what arrived before it,
 * not behind whatever keeps arriving. A job that fails does not stop the ones after it.
 */
export function createTurnQueue(): TurnQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(job: () => Promise<T>) => {
    const result = tail.then(async () => {
      await nextTurn();
      return job();
    });
    tail = result.catch(() => undefined);
    return result;
  };
}

/** No queue, only the turn: for statements inside a transaction, which already holds the queue. */
export const afterOneTurn: TurnQueue = async (job) => {
  await nextTurn();
  return job();
};
