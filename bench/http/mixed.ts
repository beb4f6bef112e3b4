// A mixed load: simulated staff, each looping for a minute: search a name in their scope, open a
// student of the result, open one of its enrollments, and one loop in five record a lesson sent,
// with 0.5–2 s of thinking between calls. Every lesson recorded is undone afterwards (PUT with
// _destroy through the app's own pipeline, which refreshes the caches), and the audit versions of
// those writes are removed, so the database is left as it was.
import type { Database } from '../../apps/server/src/db/client.ts';
import { config } from './config.ts';
import { summarise } from './load.ts';
import type { MixedStaff } from './mixed-staff.ts';
import type { Context } from './pair.ts';
import { type MixedRow, printMixed } from './report.ts';
import { today } from './baseline/sql.ts';

type Call = { name: string; status: number; ms: number };
type Recorded = { enrollmentId: number; deliveryId: number; staff: MixedStaff };
type Summary = { id: number; series_id: number; series_type: 'Course' | 'Seminar' };
type Json = Record<string, unknown>;

const think = () => new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1500));
const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

function simulation(context: Context, deadline: number) {
  const calls: Call[] = [];
  let lastAnswer = performance.now();
  const errors: string[] = [];
  const recorded: Recorded[] = [];
  const touched = new Set<number>();

  async function call(staff: MixedStaff, name: string, path: string, body?: unknown): Promise<Json | null> {
    const start = performance.now();
    let status = 0;
    let text = '';
    try {
      const response = await fetch(`${context.app.url}${path}`, {
        method: body ? 'PUT' : 'GET',
        headers: { ...staff.app, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      text = String(error);
    }
    lastAnswer = performance.now();
    calls.push({ name, status, ms: lastAnswer - start });
    if (status < 200 || status > 299) {
      if (errors.length < 10) errors.push(`${staff.label} ${staff.userId} ${path}: ${status} ${text.slice(0, 200)}`);
      return null;
    }
    return JSON.parse(text) as Json;
  }

  async function recordLesson(staff: MixedStaff, enrollment: Json): Promise<void> {
    const id = Number(enrollment.id);
    const seriesId = Number(enrollment.series_id);
    const sent = new Set((enrollment.episode_deliveries as { episode_id: number }[]).map((d) => d.episode_id));
    await think();
    const lessons = await call(staff, 'GET /series/{id}/episodes', `/api/series/${seriesId}/episodes`);
    const next = (lessons?.episodes as { id: number }[] | undefined)?.find((episode) => !sent.has(episode.id));
    if (!next || touched.has(id)) return;
    touched.add(id);
    await think();
    const saved = await call(staff, 'PUT /enrollments/{id} (a lesson sent)', `/api/enrollments/${id}`, {
      episode_deliveries_attributes: [{ episode_id: next.id, date_sent: today(), delivery_type: 'PO' }],
    });
    const delivery = (saved?.episode_deliveries as { id: number; episode_id: number }[] | undefined)?.find(
      (d) => d.episode_id === next.id,
    );
    if (delivery) recorded.push({ enrollmentId: id, deliveryId: delivery.id, staff });
  }

  async function work(staff: MixedStaff): Promise<void> {
    await think();
    while (performance.now() < deadline) {
      const term = pick(staff.terms) ?? 'ann';
      const found = await call(
        staff,
        'GET /students?full_name_i_cont_all[]',
        `/api/students?full_name_i_cont_all[]=${encodeURIComponent(term)}&page=1&per_page=25`,
      );
      const student = pick((found?.students as { id: number }[] | undefined) ?? []);
      if (!student || performance.now() >= deadline) continue;
      await think();
      const detail = await call(staff, 'GET /students/{id}', `/api/students/${student.id}`);
      const summaries = [
        ...((detail?.course_enrollments as Summary[]) ?? []),
        ...((detail?.seminar_enrollments as Summary[]) ?? []),
      ];
      // One loop in five, drawn at random, records a lesson: a course enrollment is opened then, when
      // there is one. (Every fifth loop of every staff member made all 200 record in the same second.)
      const recording = Math.random() < 0.2;
      const summary = (recording && pick(summaries.filter((s) => s.series_type === 'Course'))) || pick(summaries);
      if (!summary || performance.now() >= deadline) continue;
      await think();
      const enrollment = await call(staff, 'GET /enrollments/{id}', `/api/enrollments/${summary.id}`);
      if (enrollment && recording && summary.series_type === 'Course' && performance.now() < deadline) {
        await recordLesson(staff, enrollment);
      }
      await think();
    }
  }

  return { calls, errors, recorded, work, lastAnswer: () => lastAnswer };
}

async function undo(
  context: Context,
  database: Database,
  recorded: Recorded[],
  versionsBefore: number,
): Promise<number> {
  let undone = 0;
  for (const { enrollmentId, deliveryId, staff } of recorded) {
    const response = await fetch(`${context.app.url}/api/enrollments/${enrollmentId}`, {
      method: 'PUT',
      headers: { ...staff.app, 'content-type': 'application/json' },
      body: JSON.stringify({ episode_deliveries_attributes: [{ id: deliveryId, _destroy: true }] }),
    });
    await response.text();
    if (response.ok) undone++;
    else
      context.failures.push(
        `mixed load: could not undo lesson ${deliveryId} of enrollment ${enrollmentId}: ${response.status}`,
      );
  }
  // The audit versions of the bench's own writes (the lesson and its removal) go too.
  if (recorded.length > 0) {
    await database.query(
      `delete from versions where id > $1 and item_type = 'EpisodeDelivery' and item_id = any($2::bigint[])`,
      [versionsBefore, recorded.map((r) => r.deliveryId)],
    );
  }
  return undone;
}

export async function runMixed(context: Context, database: Database, staff: MixedStaff[]): Promise<MixedRow> {
  const [{ max }] = (await database.query<{ max: number }>(
    'select coalesce(max(id), 0)::bigint as max from versions',
  )) as [{ max: number }];
  const seconds = config.mixedSeconds;
  const window = context.rss.window();
  const started = performance.now();
  const sim = simulation(context, started + seconds * 1000);
  await Promise.all(staff.map((member) => sim.work(member)));
  const elapsed = (sim.lastAnswer() - started) / 1000;
  const rss = window();
  const undone = await undo(context, database, sim.recorded, Number(max));
  const failed = (call: Call) => call.status < 200 || call.status > 299;
  const all = summarise(
    sim.calls.map((c) => c.ms),
    elapsed,
    sim.calls.filter(failed).length,
    null,
  );
  const byCall: MixedRow['byCall'] = {};
  for (const name of [...new Set(sim.calls.map((c) => c.name))]) {
    const these = sim.calls.filter((c) => c.name === name);
    const figures = summarise(
      these.map((c) => c.ms),
      elapsed,
      these.filter(failed).length,
      null,
    );
    byCall[name] = {
      requests: figures.requests,
      p50: figures.p50,
      p95: figures.p95,
      p99: figures.p99,
      errors: figures.errors,
    };
  }
  const row: MixedRow = {
    staff: staff.length,
    seconds: Math.round(elapsed),
    requests: all.requests,
    rps: all.rps,
    p50: all.p50,
    p95: all.p95,
    p99: all.p99,
    errors: all.errors,
    errorSamples: sim.errors,
    byCall,
    lessonsRecorded: sim.recorded.length,
    lessonsUndone: undone,
    peakRssMb: rss.peakMb,
    rss,
  };
  if (row.errors > 0) context.failures.push(`mixed load: ${row.errors} errors`);
  printMixed(row);
  return row;
}
