import { describe, expect, it } from 'vitest';
import { createMemoryHitCounter } from './hit-counter';

describe('the in-process hit counter', () => {
  it('counts per key in a window that starts with the first hit', async () => {
    let now = 0;
    const counter = createMemoryHitCounter(() => now);
    expect(await counter.hit('a', 1000)).toEqual({ count: 1, resetInMs: 1000 });
    now = 400;
    expect(await counter.hit('a', 1000)).toEqual({ count: 2, resetInMs: 600 });
    expect((await counter.hit('b', 1000)).count).toBe(1);
    now = 1000;
    expect(await counter.hit('a', 1000)).toEqual({ count: 1, resetInMs: 1000 });
  });

  it('takes a hit back without going below zero or moving the window', async () => {
    let now = 0;
    const counter = createMemoryHitCounter(() => now);
    await counter.hit('a', 1000);
    await counter.hit('a', 1000);
    await counter.takeBack('a');
    now = 300;
    expect(await counter.hit('a', 1000)).toEqual({ count: 2, resetInMs: 700 });
    await counter.takeBack('a');
    await counter.takeBack('a');
    await counter.takeBack('a');
    expect((await counter.hit('a', 1000)).count).toBe(1);
    await counter.takeBack('unknown');
    expect((await counter.hit('unknown', 1000)).count).toBe(1);
  });
});
