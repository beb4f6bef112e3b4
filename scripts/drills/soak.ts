// `npm run drill:soak -- [--minutes 10] [--staff 200] [--students 100000] [--think 1.5-3.5] [--reuse]`
// (issue 26): a production
// start on PostgreSQL (database drill_soak, created fresh, the demo network and a benchmark network
// of --students seeded), then --staff simulated staff, each with a token of their own, working
// through realistic sessions at a steady rate for --minutes: the dashboard, the follow-up list, a
// student search as typed (the first name, then the full name), the student, an enrollment, a
// lesson sent, a visit with a note, the follow-up report. Think times of 1.5–3.5 s between steps
// (--think, in seconds) give each person about 0.75 requests a second, some 150 a second for 200
// people. Each person talks through a browser's connections (at most 6, kept open between clicks).
// --reuse keeps the database of an earlier run (no drop and seed). People start one by one over
// --ramp seconds (default 60); the --minutes that follow are the steady run the figures are of. It
// samples the server's RSS every 10 s and prints requests, errors, p50/p95/p99 by kind and overall
// for the steady run (and overall for the ramp), and memory over the steady run with its trend.
import { soakDatabase } from './soak-env.ts';
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { appUrl, rootDir } from '../../bench/http/config.ts';
import { percentile } from '../../bench/http/load.ts';
import { startApp, type Server } from '../../bench/http/processes.ts';
import { readRssKb } from '../../bench/http/rss.ts';
import { dashboardPaths, searchPath } from '../../bench/http/scenarios.ts';
import { openBenchDatabase, openTokens } from '../../bench/http/tokens.ts';
import { today } from '../../bench/http/baseline/sql.ts';
import { pickSoakStaff, type SoakStaff } from './soak-staff.ts';

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = Number(index >= 0 ? process.argv[index + 1] : Number.NaN);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const minutes = argument('minutes', 10);
const rampMs = argument('ramp', 60) * 1000;
const staffCount = argument('staff', 200);
const students = argument('students', 100_000);
/** `--think 1.5-3.5`: the pause between a person's steps, in seconds, drawn evenly from the range. */
function thinkRange(fallback: { min: number; max: number }) {
  const index = process.argv.indexOf('--think');
  const [min, max] = (index >= 0 ? (process.argv[index + 1] ?? '') : '').split('-').map(Number);
  return min !== undefined && max !== undefined && min > 0 && max >= min ? { min: min * 1000, max: max * 1000 } : fallback;
}

const thinkMs = thinkRange({ min: 1500, max: 3500 });
const reuse = process.argv.includes('--reuse');
const rssEveryMs = 10_000;

type Call = { kind: string; status: number; ms: number; at: number };
const lessonSent = 'PUT /enrollments/{id} (a lesson sent)';
type Json = Record<string, unknown>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => sleep(thinkMs.min + Math.random() * (thinkMs.max - thinkMs.min));
const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd: rootDir, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** A fresh database with the demo network and a benchmark network on it. */
function prepareDatabase() {
  run('dropdb', ['--if-exists', '--force', '-h', '127.0.0.1', '-U', 'postgres', soakDatabase]);
  run('createdb', ['-h', '127.0.0.1', '-U', 'postgres', soakDatabase]);
  run('npm', ['run', 'db:seed', '--', '--students', String(students)], { DATABASE_URL: process.env.DATABASE_URL ?? '' });
}

function send(agent: Agent, method: string, url: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const outgoing = request(`${appUrl}${url}`, { method, headers, agent }, (response) => {
      const pieces: Buffer[] = [];
      response.on('data', (piece: Buffer) => pieces.push(piece));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(pieces).toString('utf8') }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function simulation(deadline: number) {
  const calls: Call[] = [];
  const failures = new Map<string, { count: number; sample: string }>();
  const started = performance.now();

  // Each person's browser: at most 6 connections to the server, kept open between clicks.
  const browsers = new Map<SoakStaff, Agent>();
  const browserOf = (staff: SoakStaff) => browsers.get(staff) ?? browsers.set(staff, new Agent({ keepAlive: true, maxSockets: 6 })).get(staff)!;

  async function call(staff: SoakStaff, kind: string, url: string, body?: unknown): Promise<Json | null> {
    const start = performance.now();
    let status = 0;
    let text = '';
    try {
      const headers: Record<string, string> = { ...staff.app };
      // The web app sends a key with every write (docs/decisions/020).
      if (body) Object.assign(headers, { 'content-type': 'application/json', 'idempotency-key': randomUUID() });
      ({ status, text } = await send(browserOf(staff), body ? 'PUT' : 'GET', url, headers, body ? JSON.stringify(body) : undefined));
    } catch (error) {
      text = String(error);
    }
    calls.push({ kind, status, ms: performance.now() - start, at: start - started });
    if (status >= 200 && status < 300) return JSON.parse(text) as Json;
    const key = `${kind}: ${status || 'socket error'}`;
    const seen = failures.get(key) ?? { count: 0, sample: `${staff.label} ${staff.userId} ${url}: ${text.slice(0, 200)}` };
    failures.set(key, { ...seen, count: seen.count + 1 });
    return null;
  }

  const going = () => performance.now() < deadline;

  async function sendLesson(staff: SoakStaff, enrollment: Json): Promise<void> {
    const sent = new Set((enrollment.episode_deliveries as { episode_id: number }[]).map((d) => d.episode_id));
    const lessons = await call(staff, 'GET /series/{id}/episodes', `/api/series/${Number(enrollment.series_id)}/episodes`);
    const next = (lessons?.episodes as { id: number }[] | undefined)?.find((episode) => !sent.has(episode.id));
    if (!next || !going()) return;
    await think();
    await call(staff, lessonSent, `/api/enrollments/${Number(enrollment.id)}`, {
      episode_deliveries_attributes: [{ episode_id: next.id, date_sent: today(), delivery_type: 'PO' }],
    });
  }

  /** One session: what a person does between opening the product and closing the tab. */
  async function session(staff: SoakStaff): Promise<void> {
    await Promise.all(dashboardPaths(staff.admin).map((url) => call(staff, dashboardKind(url), url)));
    await think();
    await call(staff, 'GET /enrollments/needing_followup', '/api/enrollments/needing_followup?page=1&per_page=25');
    const name = pick(staff.names) ?? 'ann';
    await think();
    // Typed with a pause: the first name is searched, then the whole name (the box waits 500 ms).
    await call(staff, 'GET /students (search)', searchPath(name.split(' ')[0] ?? name));
    await sleep(600 + Math.random() * 900);
    const found = await call(staff, 'GET /students (search)', searchPath(name));
    const student = pick((found?.students as { id: number }[] | undefined) ?? []);
    if (!student || !going()) return;
    await think();
    const detail = await call(staff, 'GET /students/{id}', `/api/students/${student.id}`);
    const summaries = [...((detail?.course_enrollments as Json[]) ?? []), ...((detail?.seminar_enrollments as Json[]) ?? [])];
    const summary = pick(summaries.filter((s) => s.series_type === 'Course')) ?? pick(summaries);
    if (!summary || !going()) return;
    await think();
    const enrollment = await call(staff, 'GET /enrollments/{id}', `/api/enrollments/${Number(summary.id)}`);
    if (!enrollment || !going()) return;
    await think();
    if (summary.series_type === 'Course') await sendLesson(staff, enrollment);
    await think();
    await call(staff, 'PUT /enrollments/{id} (a visit with a note)', `/api/enrollments/${Number(enrollment.id)}`, {
      visits_attributes: [{ date: today(), notes_attributes: [{ type: 'Note', text: 'Visited at home; asked for the next lessons.' }] }],
    });
    await think();
    await call(staff, 'GET /reports/followup', `/api/reports/followup?group=${staff.admin ? 'school' : 'instructor'}`);
  }

  async function work(staff: SoakStaff, startIn: number): Promise<void> {
    await sleep(startIn);
    while (going()) {
      await session(staff);
      await think();
    }
  }

  return { calls, failures, work, close: () => browsers.forEach((agent) => agent.destroy()) };
}

/** A dashboard call by its path and what tells it apart ('dashboard GET /students?enrollments_series_type_eq=Course'). */
function dashboardKind(url: string): string {
  const [path = url, query = ''] = url.replace(/^\/api/, '').split('?');
  const [first = ''] = query.split('&');
  return `dashboard GET ${path}${first.startsWith('page=') ? ' (per_page=' + (new URLSearchParams(query).get('per_page') ?? '') + ')' : `?${first}`}`;
}

function sampleMemory(pid: number) {
  const samples: { at: number; mb: number; load: number }[] = [];
  const started = Date.now();
  const take = () => samples.push({ at: Date.now() - started, mb: readRssKb(pid) / 1024, load: loadavg()[0] ?? 0 });
  take();
  const timer = setInterval(take, rssEveryMs);
  return { samples, stop: () => (clearInterval(timer), take()) };
}

/**
 * A 2xx, or the one refusal a person meets in this work: a lesson another person sent to the same
 * enrollment a moment before (422 'has already been sent'). Any other answer, and no answer, is an error.
 */
const answeredAsExpected = (call: Call) =>
  (call.status >= 200 && call.status < 300) || (call.kind === lessonSent && call.status === 422);

const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(8);
const mb = (value: number) => `${value.toFixed(1)} MB`;

function printFigures(calls: Call[], seconds: number, { overallOnly = false } = {}) {
  const line = (kind: string, these: Call[]) => {
    const sorted = Float64Array.from(these.map((c) => c.ms)).sort();
    const errors = these.filter((c) => !answeredAsExpected(c)).length;
    console.log(
      `${kind.padEnd(46)} ${String(these.length).padStart(7)} ${String(errors).padStart(6)} ${ms(percentile(sorted, 50))} ${ms(percentile(sorted, 95))} ${ms(percentile(sorted, 99))}`,
    );
  };
  console.log(`\n${'request kind'.padEnd(46)} ${'requests'.padStart(7)} ${'errors'.padStart(6)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)}`);
  if (!overallOnly) for (const kind of [...new Set(calls.map((c) => c.kind))].sort()) line(kind, calls.filter((c) => c.kind === kind));
  line('all', calls);
  console.log(`${calls.length} requests in ${seconds.toFixed(0)} s: ${(calls.length / seconds).toFixed(1)} a second`);
  console.log(`429 (a per-user limit): ${calls.filter((c) => c.status === 429).length}`);
}

/** Megabytes a minute by least squares: a leak climbs, a heap that found its size does not. */
function trendPerMinute(samples: { at: number; mb: number }[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  const meanAt = samples.reduce((sum, s) => sum + s.at, 0) / n;
  const meanMb = samples.reduce((sum, s) => sum + s.mb, 0) / n;
  const covariance = samples.reduce((sum, s) => sum + (s.at - meanAt) * (s.mb - meanMb), 0);
  const variance = samples.reduce((sum, s) => sum + (s.at - meanAt) ** 2, 0);
  return variance === 0 ? 0 : (covariance / variance) * 60_000;
}

function printMemory(samples: { at: number; mb: number; load: number }[]) {
  const atRampEnd = samples.find((s) => s.at >= rampMs) ?? samples.at(-1)!;
  const after = samples.filter((s) => s.at >= rampMs);
  const low = Math.min(...after.map((s) => s.mb));
  const high = Math.max(...after.map((s) => s.mb));
  console.log(`server RSS: ${mb(samples[0]!.mb)} at the start, ${mb(atRampEnd.mb)} after the ramp, ${mb(samples.at(-1)!.mb)} at the end`);
  console.log(`RSS over the steady run: ${mb(low)} – ${mb(high)} (range ${mb(high - low)}, trend ${trendPerMinute(after).toFixed(1)} MB a minute, ${after.length} samples every ${rssEveryMs / 1000} s)`);
  const loads = samples.map((s) => s.load);
  console.log(`machine load average (1 min) during the run: ${Math.min(...loads).toFixed(1)} – ${Math.max(...loads).toFixed(1)} on 2 cores`);
}

async function main() {
  const thinking = `think ${thinkMs.min / 1000}–${thinkMs.max / 1000} s`;
  console.log(`Soak: ${staffCount} staff for ${minutes} min, ${thinking}, on PostgreSQL database ${soakDatabase} (${students} benchmark students)`);
  if (!existsSync(path.join(rootDir, 'apps/server/dist/server.js'))) run('npm', ['run', 'build']);
  if (!reuse) prepareDatabase();
  const database = openBenchDatabase();
  let server: Server | null = null;
  try {
    const { staff, accounts } = await pickSoakStaff(database, await openTokens(database), staffCount);
    const byRole = new Map<string, number>();
    for (const member of staff) byRole.set(member.label, (byRole.get(member.label) ?? 0) + 1);
    const roles = [...byRole].map(([label, count]) => `${count} ${label}s`);
    console.log(`${staff.length} simulated staff (${roles.join(', ')}) on ${accounts} accounts`);
    server = await startApp();
    console.log(`Production server ${appUrl}, pid ${server.pid}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    const memory = sampleMemory(server.pid);
    const started = performance.now();
    const sim = simulation(started + rampMs + minutes * 60_000);
    // People start one by one over the ramp, as a morning's work begins; the rate is steady after it.
    await Promise.all(staff.map((member, index) => sim.work(member, (index / staff.length) * rampMs)));
    const seconds = (performance.now() - started) / 1000;
    memory.stop();
    sim.close();
    const ramp = sim.calls.filter((call) => call.at < rampMs);
    console.log(`\nThe ramp (${rampMs / 1000} s, people starting one by one): ${ramp.length} requests`);
    printFigures(ramp, rampMs / 1000, { overallOnly: true });
    console.log(`\nThe steady run (${minutes} min after the ramp):`);
    printFigures(sim.calls.filter((call) => call.at >= rampMs), seconds - rampMs / 1000);
    printMemory(memory.samples);
    for (const [key, { count, sample }] of sim.failures) console.log(`  ${count} × ${key} — e.g. ${sample}`);
  } finally {
    await server?.stop();
    await database.close();
  }
}

await main();
