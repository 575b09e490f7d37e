// The coalesced reads (server/db/readBatcher.ts): a burst of calls costs a few queries, each
// call gets its own key's answer, a failed query fails only its own batch, and no answer is
// older than its question.

import { describe, expect, it } from 'vitest';
import { ReadBatcher } from '../../server/db/readBatcher';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('ReadBatcher', () => {
  it('answers a burst of calls with one query per batch, each call its own key', async () => {
    const loads: number[][] = [];
    const batcher = new ReadBatcher<number, string>(async (keys) => {
      loads.push(keys);
      await tick();
      return new Map(keys.filter((k) => k !== 13).map((k) => [k, `row ${k}`]));
    });
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => batcher.get(i % 50)));
    expect(answers[7]).toBe('row 7');
    expect(answers[57]).toBe('row 7');
    expect(answers[13]).toBeUndefined();
    expect(loads).toHaveLength(1);
    expect(loads[0]).toHaveLength(50);
  });

  it('reads a key asked for while a batch runs in a later query, never from the running one', async () => {
    let version = 0;
    const loads: number[][] = [];
    const batcher = new ReadBatcher<number, number>(async (keys) => {
      loads.push(keys);
      const seen = version;
      await tick();
      return new Map(keys.map((k) => [k, seen]));
    });
    const first = batcher.get(1);
    await new Promise((resolve) => setImmediate(resolve));
    version = 1; // written after the first query started
    const second = batcher.get(1);
    expect(await first).toBe(0);
    expect(await second).toBe(1);
    expect(loads).toEqual([[1], [1]]);
  });

  it('fails the calls of a failed batch only, and reads again after it', async () => {
    let fail = true;
    const batcher = new ReadBatcher<string, string>(async (keys) => {
      if (fail) {
        fail = false;
        throw new Error('connection lost');
      }
      return new Map(keys.map((k) => [k, k.toUpperCase()]));
    });
    await expect(batcher.get('a')).rejects.toThrow('connection lost');
    expect(await batcher.get('a')).toBe('A');
  });

  it('splits a burst larger than its batch size', async () => {
    const sizes: number[] = [];
    const batcher = new ReadBatcher<number, number>(async (keys) => {
      sizes.push(keys.length);
      return new Map(keys.map((k) => [k, k]));
    }, 10);
    expect(await Promise.all(Array.from({ length: 25 }, (_, i) => batcher.get(i)))).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(sizes).toEqual([10, 10, 5]);
  });
});
