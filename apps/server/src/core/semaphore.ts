/** Work that may run at most `max` at once in this process; the rest waits its turn, first come first served. */
export type Semaphore = {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** How many run now and how many wait (for tests and logs). */
  readonly running: number;
  readonly waiting: number;
};

/**
 * For work that keeps a core busy while it runs (redrawing a picture): a burst of requests queues
 * here instead of taking every core from the requests that only wait on the database. A task that
 * fails frees its place like one that succeeds.
 */
export function semaphore(max: number): Semaphore {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    // The place goes straight to the next in line: a newcomer cannot take it in between.
    if (next) next();
    else running--;
  };
  return {
    async run(task) {
      if (running < max) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
