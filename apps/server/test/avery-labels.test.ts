import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createStudent, createUser } from './support/factories.ts';
import { versionsOf } from './support/enrollment-factories.ts';
import { createStaffedNetwork, type StaffedNetwork } from './support/student-factories.ts';

/** Page objects of a PDF (`/Type /Page`, not the `/Type /Pages` tree). */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page(?!s)/g)?.length ?? 0;

describe('Avery labels', () => {
  let t: TestContext;
  let net: StaffedNetwork;
  let noRole: { email: string };
  const get = async (url: string, email: string | null) =>
    t.app.inject({ method: 'GET', url, headers: email ? await t.headersFor(email) : {} });
  const printedIds = (response: LightMyRequestResponse) =>
    String(response.headers['x-student-ids']).split(',').map(Number);

  /** Students of school A named `{lastName}` with distinct first names, in alphabetical order. */
  async function makeStudents(lastName: string, count: number) {
    const rows = Array.from({ length: count }, (_, i) => ({
      schoolId: net.schoolA.id,
      instructorId: net.instructorA.id,
      firstName: `N${String(i).padStart(4, '0')}`,
      lastName,
      address: `${i} Main St`,
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      country: 'United States',
    }));
    const inserted = [];
    for (let start = 0; start < rows.length; start += 1000) {
      inserted.push(...(await t.database.db.insert(students).values(rows.slice(start, start + 1000)).returning()));
    }
    return inserted;
  }

  beforeAll(async () => {
    t = await createTestApp();
    net = await createStaffedNetwork(t.database.db);
    noRole = await createUser(t.database.db, null);
  });
  afterAll(async () => t.close());

  describe('GET /api/students/avery_labels', () => {
    it('answers 401 signed out, 403 without a role, 422 on bad input', async () => {
      expect((await get('/api/students/avery_labels', null)).statusCode).toBe(401);
      expect((await get('/api/students/avery_labels', noRole.email)).statusCode).toBe(403);
      const position = await get(`/api/students/avery_labels?ids[]=${net.studentA.id}&start_position=31`, net.instructorA.email);
      expect(position.statusCode).toBe(422);
      expect(Object.keys(position.json())).toEqual(['start_position']);
      expect((await get('/api/students/avery_labels?ids[]=abc', net.instructorA.email)).statusCode).toBe(422);
    });

    it('prints only students in scope; none that can receive mail is a 422 sentence', async () => {
      const outOfScope = await get(`/api/students/avery_labels?ids[]=${net.studentB.id}`, net.instructorA.email);
      expect(outOfScope.statusCode).toBe(422);
      expect(outOfScope.body).toBe('None of the chosen students can receive mail.');
      const mixed = await get(
        `/api/students/avery_labels?ids[]=${net.studentB.id}&ids[]=${net.studentA.id}`,
        net.instructorA.email,
      );
      expect(mixed.statusCode).toBe(200);
      expect(printedIds(mixed)).toEqual([net.studentA.id]);
    });

    it('honours include_in_mailing_list and orders by last and first name', async () => {
      const db = t.database.db;
      const base = { schoolId: net.schoolA.id, instructorId: net.instructorA.id };
      const never = await createStudent(db, { ...base, firstName: 'Nora', lastName: 'Mailcheck', includeInMailingList: 'never' });
      const noZip = await createStudent(db, { ...base, firstName: 'Zed', lastName: 'Mailcheck', zipCode: ' ' });
      const always = await createStudent(db, {
        ...base,
        firstName: 'Ann',
        lastName: 'Mailcheck',
        includeInMailingList: 'always',
        address: null,
      });
      const valid = await createStudent(db, { ...base, firstName: 'Bea', lastName: 'Mailcheck' });
      const abroad = await createStudent(db, {
        ...base,
        firstName: 'Łucja',
        lastName: 'Wójcik',
        city: 'Łódź',
        country: 'Poland',
      });
      const response = await get(
        `/api/students/avery_labels?ids[]=${never.id}&ids[]=${noZip.id}&ids[]=${valid.id}&ids[]=${always.id}&ids[]=${abroad.id}`,
        net.instructorA.email,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(String(response.headers['content-disposition'])).toMatch(
        /^attachment; filename="avery-labels-\d{4}-\d{2}-\d{2}\.pdf"$/,
      );
      expect(printedIds(response)).toEqual([always.id, valid.id, abroad.id]);
      expect(response.headers['x-label-count']).toBe('3');
      const pdf = response.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pageCount(pdf)).toBe(1);
      // A Unicode font is embedded, so Łódź prints as Łódź.
      expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    });

    it('fills sheets of 30 from the start position: 31 students on 2 pages, 30 from label 2 on 2 pages', async () => {
      const printed = await makeStudents('Sheetfill', 31);
      const filter = 'full_name_i_cont_all[]=sheetfill';
      const all = await get(`/api/students/avery_labels?${filter}`, net.instructorA.email);
      expect(all.statusCode).toBe(200);
      expect(pageCount(all.rawPayload)).toBe(2);
      expect(printedIds(all)).toEqual(printed.map((student) => student.id));
      expect(all.headers['x-label-count']).toBe('31');

      const thirty = printed.slice(0, 30).map((student) => `ids[]=${student.id}`).join('&');
      const fromOne = await get(`/api/students/avery_labels?${thirty}`, net.instructorA.email);
      expect(pageCount(fromOne.rawPayload)).toBe(1);
      const fromTwo = await get(`/api/students/avery_labels?${thirty}&start_position=2`, net.instructorA.email);
      expect(pageCount(fromTwo.rawPayload)).toBe(2);
      // Out of scope of another instructor's filter: nothing to print.
      expect((await get(`/api/students/avery_labels?${filter}`, net.instructorB.email)).statusCode).toBe(422);
    });

    it('prints at most 3000 labels in one PDF', async () => {
      await makeStudents('Bulkmail', 3000);
      const filter = 'full_name_i_cont_all[]=bulkmail';
      const full = await get(`/api/students/avery_labels?${filter}`, net.schoolAdminA.email);
      expect(full.statusCode).toBe(200);
      expect(full.headers['x-label-count']).toBe('3000');
      expect(pageCount(full.rawPayload)).toBe(100);
      await makeStudents('Bulkmail', 1);
      const tooMany = await get(`/api/students/avery_labels?${filter}`, net.schoolAdminA.email);
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.body).toBe('At most 3000 labels can be printed at once. Choose fewer students.');
    });
  });

  describe('PUT /api/students/:id/update_avery_labels', () => {
    const put = async (id: number | string, email: string | null) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/students/${id}/update_avery_labels`,
        headers: email ? await t.headersFor(email) : {},
      });

    it('answers 401, 403 without a role, 404 out of scope like a missing one, 422 on a bad id', async () => {
      expect((await put(net.studentA.id, null)).statusCode).toBe(401);
      expect((await put(net.studentA.id, noRole.email)).statusCode).toBe(403);
      const outOfScope = await put(net.studentB.id, net.instructorA.email);
      const missing = await put(999999999, net.instructorA.email);
      expect(outOfScope.statusCode).toBe(404);
      expect(outOfScope.json()).toEqual(missing.json());
      expect((await put('abc', net.instructorA.email)).statusCode).toBe(422);
      const [row] = await t.database.db.select().from(students).where(eq(students.id, net.studentB.id));
      expect(row?.averyLabelPrintedAt).toBeNull();
    });

    it('records the print time with its version', async () => {
      const before = Date.now();
      const response = await put(net.studentA.id, net.instructorA.email);
      expect(response.statusCode).toBe(200);
      expect(response.json().id).toBe(net.studentA.id);
      const printedAt = Date.parse(response.json().avery_label_printed_at);
      expect(printedAt).toBeGreaterThanOrEqual(before - 1000);
      const [row] = await t.database.db.select().from(students).where(eq(students.id, net.studentA.id));
      expect(row?.averyLabelPrintedAt?.getTime()).toBe(printedAt);
      const [version] = await versionsOf(t.database.db, 'Student', net.studentA.id);
      expect(version).toMatchObject({ event: 'update', whodunnit: net.instructorA.id });
      expect(version!.objectChanges.averyLabelPrintedAt?.[0]).toBeNull();
    });
  });
});
