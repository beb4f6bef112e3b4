import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { idempotencyKeyHeader, replayedHeader } from '@srs/shared/messages';
import type { StudentImportProgress, StudentImportResponse } from '@srs/shared/student-import';
import { studentImportStreamType, type StudentImportStreamLine } from '@srs/shared/student-import-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thinned } from '../src/modules/student-import/student-import-stream.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createSchool, createUser } from './support/factories.ts';
import { createStaffedSchool } from './support/student-factories.ts';

/**
 * Issue 27, a progress bar on both steps: POST /students/import asked for NDJSON answers 200 at
 * once with progress lines, then the answer or the refusal the plain route gives, word for word.
 */

const heading = 'First Name,Last Name,Address,City,State,Zip Code,E-mail,Phone';
const fileOf = (last: string, count: number) =>
  [heading, ...Array.from({ length: count }, (_, index) => `P${index},${last},1 Main St,Springfield,IL,62701,p${index}.${last}@x.example,`)].join('\n');

const streamed = { accept: studentImportStreamType };

/** The answer's lines, each parsed; every line ends with a newline. */
function linesOf(body: string): StudentImportStreamLine[] {
  expect(body.endsWith('\n')).toBe(true);
  return body.slice(0, -1).split('\n').map((line) => JSON.parse(line) as StudentImportStreamLine);
}

const progressOf = (lines: StudentImportStreamLine[]) =>
  lines.flatMap((line) => ('progress' in line ? [line.progress] : []));

/** The steps come in order, and within a step `done` never goes back nor past `total`. */
function expectInOrder(progress: StudentImportProgress[], steps: string[]) {
  const order = ['reading', 'checking', 'writing'];
  for (const [index, step] of progress.entries()) {
    expect(step.done).toBeLessThanOrEqual(step.total);
    const before = progress[index - 1];
    if (!before) continue;
    expect(order.indexOf(step.step)).toBeGreaterThanOrEqual(order.indexOf(before.step));
    if (before.step === step.step) expect(step.done).toBeGreaterThanOrEqual(before.done);
  }
  expect([...new Set(progress.map((step) => step.step))]).toEqual(steps);
}

describe('student import answered as it goes (issue 27: a progress bar on both steps)', () => {
  let t: TestContext;
  let admin: Record<string, string>;
  let adminB: Record<string, string>;
  let instructor: Record<string, string>;
  let schoolId: number;

  const post = (payload: object, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'POST', url: '/api/students/import', headers, payload });
  const count = async (last: string) =>
    Number((await t.database.query<{ n: number }>('select count(*)::int as n from students where last_name = $1', [last]))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_IMPORTS: '1000' });
    const db = t.database.db;
    const a = await createStaffedSchool(db, { schoolCode: 'PROGA' });
    const b = await createStaffedSchool(db, { schoolCode: 'PROGB' });
    schoolId = a.school.id;
    admin = await t.headersFor(a.head.email);
    adminB = await t.headersFor(b.head.email);
    instructor = await t.headersFor((await createUser(db, { roleType: 'instructor', schoolId })).email);
  });
  afterAll(async () => t.close());

  it('streams a preview of a few hundred rows: progress in order, then the plain route’s answer', async () => {
    const payload = { file: fileOf('Streamed', 300), school_id: schoolId };
    const plain = await post(payload);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);

    const response = await post(payload, { ...admin, ...streamed });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(studentImportStreamType);
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = linesOf(response.body);
    const last = lines.at(-1)!;
    // Progress lines only, then one result.
    expect(lines.slice(0, -1).every((line) => Object.keys(line).join() === 'progress')).toBe(true);
    const progress = progressOf(lines);
    expect(progress[0]).toEqual({ step: 'reading', done: 0, total: 0 });
    expectInOrder(progress, ['reading', 'checking']);
    expect(progress.at(-1)).toEqual({ step: 'checking', done: 300, total: 300 });
    expect(last).toEqual({ result: plain.json() });
    expect((last as { result: StudentImportResponse }).result.totals.new).toBe(300);
  });

  it('streams the apply: progress, then what it made, written whole', async () => {
    const payload = { file: fileOf('Applied', 250), school_id: schoolId };
    const { preview_token } = (await post(payload)).json() as StudentImportResponse;
    const response = await post({ ...payload, confirm: true, preview_token }, { ...admin, ...streamed });
    expect(response.statusCode).toBe(200);
    const lines = linesOf(response.body);
    expectInOrder(progressOf(lines), [...new Set(progressOf(lines).map((step) => step.step))]);
    const { result } = lines.at(-1) as { result: StudentImportResponse };
    expect(result).toMatchObject({ applied: true, rows: [], created: { students: 250, enrollments: 0, lessons: 0 } });
    expect(result.import_id).toEqual(expect.any(Number));
    expect(await count('Applied')).toBe(250);
  });

  it('ends with the plain route’s refusal, status and body alike', async () => {
    const payload = { file: fileOf('Refused', 20), school_id: schoolId };
    const { preview_token } = (await post(payload)).json() as StudentImportResponse;
    const cases: [string, object, Record<string, string>][] = [
      ['a bad preview token', { ...payload, confirm: true, preview_token: 'not-the-preview' }, admin],
      ['no preview token', { ...payload, confirm: true }, admin],
      ['a school out of scope', payload, adminB],
      ['a school that does not exist', { ...payload, school_id: (await createSchool(t.database.db)).id + 1000 }, admin],
      ['a choice for a line that is no match', { ...payload, confirm: true, preview_token, choices: { 2: 'create' } }, admin],
    ];
    for (const [what, body, headers] of cases) {
      const plain = await post(body, headers);
      expect(plain.statusCode, what).toBeGreaterThanOrEqual(400);
      const response = await post(body, { ...headers, ...streamed });
      expect(response.statusCode, what).toBe(200);
      const lines = linesOf(response.body);
      expect(lines.at(-1), what).toEqual({ error: { statusCode: plain.statusCode, body: plain.json() } });
    }
    // The token check's sentence (SPEC section 8), as the page shows it.
    const changed = linesOf((await post(cases[0]![1], { ...admin, ...streamed })).body).at(-1);
    expect(changed).toEqual({
      error: { statusCode: 422, body: ['The file or the students changed since the preview: preview the file again.'] },
    });
    expect(await count('Refused')).toBe(0);
  });

  it('refuses before the work begins as the plain route does: not signed in, not an admin, a bad form', async () => {
    const payload = { file: fileOf('Early', 2), school_id: schoolId };
    const signedOut = await post(payload, streamed);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['content-type']).toMatch(/^application\/json/);
    const notAdmin = await post(payload, { ...instructor, ...streamed });
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json()).toEqual((await post(payload, instructor)).json());
    const noFile = await post({ school_id: schoolId }, { ...admin, ...streamed });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json()).toEqual((await post({ school_id: schoolId })).json());
  });

  it('settles an Idempotency-Key with the answer, not with the stream’s 200', async () => {
    const payload = { file: fileOf('Keyed', 5), school_id: schoolId };
    const { preview_token } = (await post(payload)).json() as StudentImportResponse;
    // Refused: the key is freed, and the corrected request with it runs.
    const refused = await post({ ...payload, confirm: true, preview_token: 'stale' }, { ...admin, ...streamed, [idempotencyKeyHeader]: 'k-refused' });
    expect(linesOf(refused.body).at(-1)).toMatchObject({ error: { statusCode: 422 } });
    const again = await post({ ...payload, confirm: true, preview_token: 'stale' }, { ...admin, ...streamed, [idempotencyKeyHeader]: 'k-refused' });
    expect(again.headers[replayedHeader.toLowerCase()]).toBeUndefined();
    expect(linesOf(again.body).at(-1)).toMatchObject({ error: { statusCode: 422 } });
    // Made: a repeat writes nothing and is answered the kept answer, the plain route's JSON.
    const body = { ...payload, confirm: true, preview_token };
    const made = await post(body, { ...admin, ...streamed, [idempotencyKeyHeader]: 'k-made' });
    const { result } = linesOf(made.body).at(-1) as { result: StudentImportResponse };
    const repeat = await post(body, { ...admin, ...streamed, [idempotencyKeyHeader]: 'k-made' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.headers[replayedHeader.toLowerCase()]).toBe('true');
    expect(repeat.headers['content-type']).toMatch(/^application\/json/);
    expect(repeat.json()).toEqual(result);
    expect(await count('Keyed')).toBe(5);
  });

  it('runs an apply whose client went away to its end, whole, and keeps serving', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const payload = { file: fileOf('Gone', 200), school_id: schoolId };
    const { preview_token } = (await post(payload)).json() as StudentImportResponse;
    const body = JSON.stringify({ ...payload, confirm: true, preview_token });
    // The client reads the first line, then hangs up.
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(
        { port, host: '127.0.0.1', method: 'POST', path: '/api/students/import', headers: { ...admin, ...streamed, 'content-type': 'application/json' } },
        (response) => {
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        },
      );
      request.on('error', (error) => (request.destroyed ? resolve() : reject(error)));
      request.end(body);
    });
    await expect.poll(() => count('Gone'), { timeout: 20_000, interval: 100 }).toBe(200);
    const imports = await t.database.query<{ n: number }>(`select students_count::int as n from student_imports order by id desc limit 1`);
    expect(imports[0]!.n).toBe(200);
    // The server still answers, streamed or not.
    expect((await post({ file: fileOf('After', 2), school_id: schoolId }, { ...admin, ...streamed })).statusCode).toBe(200);
  });
});

describe('thinned progress', () => {
  it('passes each step’s first and last, and at most one a tick between', () => {
    let clock = 0;
    const sent: StudentImportProgress[] = [];
    const listener = thinned((progress) => sent.push(progress), 100, () => clock);
    for (let done = 0; done <= 1000; done += 10) {
      clock += 5;
      listener({ step: 'checking', done, total: 1000 });
    }
    listener({ step: 'writing', done: 0, total: 1000 });
    listener({ step: 'writing', done: 0, total: 1000 });
    listener({ step: 'writing', done: 1000, total: 1000 });
    // 101 calls over 505 ms: the first, one each 100 ms, the last; each change of step.
    expect(sent.map((progress) => `${progress.step} ${progress.done}`)).toEqual([
      'checking 0',
      'checking 200',
      'checking 400',
      'checking 600',
      'checking 800',
      'checking 1000',
      'writing 0',
      'writing 1000',
    ]);
  });
});
