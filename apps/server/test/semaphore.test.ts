import { describe, expect, it } from 'vitest';
import { semaphore } from '../src/core/semaphore.ts';

/** A task that runs until the test lets it finish (or fail), noting how many ran at once. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { done, open, fail };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('semaphore: work that may run at most so many at once', () => {
  it('runs two of five at once, the others in the order they came; a failure frees its place', async () => {
    const redraws = semaphore(2);
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const results = gates.map((g, index) =>
      redraws.run(async () => {
        started.push(index);
        running++;
        most = Math.max(most, running);
        try {
          await g.done;
          return index;
        } finally {
          running--;
        }
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect([redraws.running, redraws.waiting]).toEqual([2, 3]);

    gates[1]!.fail(new Error('broken picture'));
    await expect(results[1]).rejects.toThrow('broken picture');
    await settle();
    expect(started).toEqual([0, 1, 2]);

    gates[0]!.open();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    gates[2]!.open();
    gates[3]!.open();
    await settle();
    gates[4]!.open();
    expect(await Promise.all([results[0], results[2], results[3], results[4]])).toEqual([0, 2, 3, 4]);
    expect(most).toBe(2);
    expect([redraws.running, redraws.waiting]).toEqual([0, 0]);
  });
});
