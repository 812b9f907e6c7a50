import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('singleFlight', () => {
  it('shares one run between concurrent calls', async () => {
    let runs = 0;
    const gate = deferred<string>();
    const run = singleFlight(() => {
      runs += 1;
      return gate.promise;
    });
    const calls = [run(), run(), run()];
    gate.resolve('done');
    await expect(Promise.all(calls)).resolves.toEqual(['done', 'done', 'done']);
    expect(runs).toBe(1);
  });

  it('starts again once the run has settled, also after a failure', async () => {
    let runs = 0;
    const run = singleFlight(async () => {
      runs += 1;
      if (runs === 1) throw new Error('first fails');
      return runs;
    });
    await expect(Promise.all([run(), run()])).rejects.toThrow('first fails');
    await expect(run()).resolves.toBe(2);
    expect(runs).toBe(2);
  });
});
