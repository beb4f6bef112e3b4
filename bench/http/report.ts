// The printed tables and bench/http/results.json.
import { writeFileSync } from 'node:fs';
import { config } from './config.ts';
import type { LoadResult } from './load.ts';
import type { RssWindow } from './rss.ts';

export type LoadRow = {
  group: string;
  scenario: string;
  user: string;
  connections: number;
  app: LoadResult | null;
  baseline: LoadResult | null;
  /** 'same body', 'no baseline', or where the bodies differ. */
  check: string;
  rss: RssWindow | null;
};

export type ExportRow = {
  scenario: string;
  rows: number;
  app: { seconds: number; rowsPerSecond: number; bytes: number; firstByteMs: number; status: number };
  copy: { seconds: number; rowsPerSecond: number; bytes: number; firstByteMs: number; status: number };
  ratio: number;
  rss: RssWindow;
  check: string;
};

export type MixedRow = {
  staff: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  errorSamples: string[];
  byCall: Record<string, { requests: number; p50: number; p95: number; p99: number; errors: number }>;
  lessonsRecorded: number;
  lessonsUndone: number;
  peakRssMb: number;
  rss: RssWindow;
};

export const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : 0);

const pad = (value: unknown, width: number) => String(value).padStart(width);
const figures = (result: LoadResult | null) =>
  (result ? [result.rps, result.p50, result.p95, result.p99] : ['-', '-', '-', '-']).map((value) => pad(value, 7));
const cell = (result: LoadResult | null) => [...figures(result), pad(result ? result.errors : '-', 5)].join(' ');
const line = (parts: string[]) => console.log(parts.join(' | '));

export function printLoadHeader(): void {
  const side = (name: string) =>
    [pad(name, 7), ...['p50', 'p95', 'p99'].map((p) => pad(p, 7)), pad('err', 5)].join(' ');
  console.log('');
  line([
    `${'scenario'.padEnd(46)} ${'user'.padEnd(17)} ${pad('c', 3)}`,
    side('app rps'),
    side('base'),
    `${pad('rps x', 6)} ${pad('p95 x', 6)}`,
    pad('RSS peak/+MB', 13),
    'body',
  ]);
}

export function printLoadRow(row: LoadRow): void {
  const measured = row.app && row.baseline && row.app.requests > 0 && row.baseline.requests > 0;
  const rpsRatio = measured ? ratio(row.app?.rps ?? 0, row.baseline?.rps ?? 0) : '-';
  const p95Ratio = measured ? ratio(row.app?.p95 ?? 0, row.baseline?.p95 ?? 0) : '-';
  line([
    `${row.scenario.slice(0, 46).padEnd(46)} ${row.user.padEnd(17)} ${pad(row.connections, 3)}`,
    cell(row.app),
    cell(row.baseline),
    `${pad(rpsRatio, 6)} ${pad(p95Ratio, 6)}`,
    pad(row.rss ? `${row.rss.peakMb}/+${row.rss.growthMb}` : '-', 13),
    row.check,
  ]);
}

export function printExportRow(row: ExportRow): void {
  const side = (name: string, figures: ExportRow['app']) =>
    `${name} ${pad(figures.seconds, 6)} s ${pad(figures.rowsPerSecond, 8)} rows/s (first byte ${figures.firstByteMs} ms)`;
  line([
    `${row.scenario.padEnd(22)} ${pad(row.rows, 9)} rows`,
    side('app', row.app),
    side('COPY', row.copy),
    `x ${pad(row.ratio, 5)}`,
    `app RSS ${row.rss.startMb} → peak ${row.rss.peakMb} MB (+${row.rss.growthMb})`,
    row.check,
  ]);
}

export function printMixed(row: MixedRow): void {
  console.log(`\nMixed load: ${row.staff} staff for ${row.seconds} s: ${row.requests} requests, ${row.rps} rps,`);
  console.log(`  p50 ${row.p50} ms, p95 ${row.p95} ms, p99 ${row.p99} ms, errors ${row.errors} (any non-2xx)`);
  console.log(`  lessons recorded ${row.lessonsRecorded}, undone ${row.lessonsUndone}`);
  console.log(`  server RSS peak ${row.peakRssMb} MB (${row.rss.startMb} MB at the start, +${row.rss.growthMb} MB)`);
  for (const [call, f] of Object.entries(row.byCall)) {
    const times = [`p50 ${pad(f.p50, 7)}`, `p95 ${pad(f.p95, 7)}`, `p99 ${pad(f.p99, 7)}`].join('  ');
    console.log(`  ${call.padEnd(40)} n=${pad(f.requests, 6)}  ${times}  errors ${f.errors}`);
  }
  for (const sample of row.errorSamples) console.log(`  error: ${sample}`);
}

export function writeResults(results: unknown): void {
  writeFileSync(config.resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nResults written to ${config.resultsFile}`);
}
