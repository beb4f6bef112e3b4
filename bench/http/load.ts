// One load run with autocannon: `connections` clients for `seconds`, each request taking the next
// path of a shared rotation, so that one cached plan or page is not all that is measured.
import autocannon from 'autocannon';

export type LoadTarget = {
  url: string;
  headers: Record<string, string>;
  /** Paths taken in turn by all clients together. */
  paths: string[];
  connections: number;
};

export type LoadResult = {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Non-2xx answers, connection errors and timeouts. */
  errors: number;
  /** The first non-2xx status seen, to say what went wrong. */
  firstBadStatus: number | null;
};

export function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export function summarise(
  latencies: number[],
  seconds: number,
  errors: number,
  firstBadStatus: number | null,
): LoadResult {
  const sorted = Float64Array.from(latencies).sort();
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    requests: latencies.length,
    rps: round(latencies.length / seconds),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    errors,
    firstBadStatus,
  };
}

/** For `seconds`, or until `amount` answers came back (a slow call: nothing is cut off). */
export type LoadLength = { seconds: number } | { amount: number };

export function runLoad(target: LoadTarget, length: LoadLength): Promise<LoadResult> {
  let next = 0;
  const latencies: number[] = [];
  let bad = 0;
  let firstBadStatus: number | null = null;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        connections: target.connections,
        ...('amount' in length ? { amount: length.amount } : { duration: length.seconds }),
        headers: target.headers,
        // A slow answer is measured, not cut off: a timeout would hide the latency it is about.
        timeout: 60,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: target.paths[next++ % target.paths.length] }),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        resolve(summarise(latencies, result.duration, bad + result.errors, firstBadStatus));
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode > 299) {
        bad++;
        firstBadStatus ??= statusCode;
      }
    });
  });
}
