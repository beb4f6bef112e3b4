import { messages } from '@srs/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createSchool, createStudent, createUser, offer } from './support/factories.ts';
import { createStaffedSchool, outboxTo, studentsNamed } from './support/student-factories.ts';

type Interest = {
  id: number;
  status: string;
  source: string;
  first_name: string;
  school: { id: number } | null;
  student: { id: number } | null;
  enrollment_id: number | null;
  assigned_at: string | null;
  contacted_at: string | null;
  enrolled_at: string | null;
  closed_at: string | null;
  closed_reason: string | null;
};

describe('with interest tracking off', () => {
  it('none of the interest calls exists', async () => {
    const t = await createTestApp();
    try {
      const headers = await t.headersFor((await createUser(t.database.db, { roleType: 'global_admin' })).email);
      const calls: [string, string, object?][] = [
        ['GET', '/api/interests.csv'],
        ['GET', '/api/interests/assignments'],
        ['GET', '/api/interests/1'],
        ['GET', '/api/interests/1/assignment'],
        ['POST', '/api/interests', { first_name: 'A', last_name: 'B' }],
        ['POST', '/api/interests/import', { file: 'first_name,last_name\nA,B', dry_run: true }],
        ['POST', '/api/interests/1/status', { action: 'closed', closed_reason: 'x' }],
        ['POST', '/api/interests/1/assign', { series_id: 1, school_id: 1 }],
      ];
      for (const [method, url, payload] of calls) {
        const response = await t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    } finally {
      await t.close();
    }
  });
});

describe('interests: the list, entry by hand, the CSV import, the status and the assignment', () => {
  let t: TestContext;
  let admin: Record<string, string>;
  let schoolAdmin: Record<string, string>;
  let school: { id: number; school_code: string };
  let head: { id: number; email: string };
  let courseId: number;
  let courseName: string;
  let unofferedId: number;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = admin) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const create = async (fields: Record<string, unknown>) => {
    const response = await call('POST', '/api/interests', { first_name: 'Ruth', last_name: 'Moab', ...fields });
    expect(response.statusCode).toBe(201);
    return response.json() as Interest;
  };
  const countOf = async (sql: string, params: unknown[] = []) =>
    Number((await t.database.query<{ n: number }>(sql, params))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp({ FEATURE_INTEREST_TRACKING: 'true' });
    const db = t.database.db;
    admin = await t.headersFor((await createUser(db, { roleType: 'global_admin' })).email);
    const staffed = await createStaffedSchool(db, { churchName: 'Bethel Church', schoolZipCode: '62701' });
    school = { id: staffed.school.id, school_code: staffed.school.schoolCode };
    head = staffed.head;
    schoolAdmin = await t.headersFor(head.email);
    const { course } = await createCourse(db, 3, { name: 'Discover Hope' });
    courseId = course.id;
    courseName = course.name;
    await offer(db, course.id, school.id);
    unofferedId = (await createCourse(db, 2, { name: 'Not Offered Here' })).course.id;
    await t.database.query(`insert into claimed_zips (school_id, zip_code) values ($1, '62704')`, [school.id]);
  });
  afterAll(async () => t.close());

  describe('by hand', () => {
    it('records a person with the day received, as a version; 422 names the fields', async () => {
      const made = await create({ email: 'ruth@example.org', zip_code: '62704', series_id: courseId, received_on: '2026-10-02' });
      expect(made).toMatchObject({ status: 'new', source: 'manual', received_on: '2026-10-02', series: { id: courseId } });
      expect(await countOf(`select count(*)::int as n from versions where item_type = 'Interest' and item_id = $1`, [made.id])).toBe(1);

      const bad = await call('POST', '/api/interests', { first_name: '', last_name: 'Moab', email: 'not-an-email' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toEqual({ first_name: [messages.fieldRequired], email: ['is not a valid email address'] });
      const unknownSeries = await call('POST', '/api/interests', { first_name: 'A', last_name: 'B', series_id: 999999 });
      expect(unknownSeries.statusCode).toBe(422);
      expect(unknownSeries.json()).toEqual({ series_id: ['is not valid'] });

      const fixed = await call('PUT', `/api/interests/${made.id}`, { first_name: 'Ruthie', last_name: 'Moab', zip_code: '62704' });
      expect(fixed.statusCode).toBe(200);
      expect(fixed.json()).toMatchObject({ first_name: 'Ruthie', status: 'new', received_on: '2026-10-02' });
    });

    it('only global admins change interests', async () => {
      const made = await create({});
      expect((await call('POST', '/api/interests', { first_name: 'A', last_name: 'B' }, schoolAdmin)).statusCode).toBe(403);
      expect((await call('PUT', `/api/interests/${made.id}`, { first_name: 'A', last_name: 'B' }, schoolAdmin)).statusCode).toBe(403);
      expect((await call('POST', '/api/interests/import', { file: 'first_name,last_name\nA,B', dry_run: true }, schoolAdmin)).statusCode).toBe(403);
    });
  });

  describe('the status', () => {
    it('contacted and enrolled follow an assignment; closing needs a reason; reopening goes back to the stage reached', async () => {
      const made = await create({});
      const status = (body: object) => call('POST', `/api/interests/${made.id}/status`, body);
      const early = await status({ action: 'contacted' });
      expect(early.statusCode).toBe(422);
      expect(early.json()).toEqual(['Assign this interest to a school first.']);

      const noReason = await status({ action: 'closed' });
      expect(noReason.statusCode).toBe(422);
      expect(noReason.json()).toEqual({ closed_reason: [messages.fieldRequired] });
      const closed = (await status({ action: 'closed', closed_reason: 'Moved away' })).json() as Interest;
      expect(closed).toMatchObject({ status: 'closed', closed_reason: 'Moved away' });
      expect(closed.closed_at).not.toBeNull();
      expect((await status({ action: 'closed', closed_reason: 'Again' })).json()).toEqual(['This interest is closed: reopen it first.']);
      const reopened = (await status({ action: 'reopened' })).json() as Interest;
      expect(reopened).toMatchObject({ status: 'new', closed_at: null, closed_reason: null });
    });
  });

  describe('the list', () => {
    it('filters by status and source, finds by name, email or zip, and exports the same rows', async () => {
      await create({ first_name: 'Zipporah', last_name: 'Midian', email: 'zipporah@example.org', zip_code: '99501' });
      const list = async (query: string, headers = admin) =>
        (await call('GET', `/api/interests?${query}`, undefined, headers)).json() as { interests: Interest[]; pagination: { total_count: number } };
      expect((await list('query=zippo')).interests.map((i) => i.first_name)).toEqual(['Zipporah']);
      expect((await list('query=99501')).interests).toHaveLength(1);
      expect((await list('source=api&query=zippo')).interests).toHaveLength(0);
      expect((await list('status=closed&query=zippo')).interests).toHaveLength(0);
      expect((await list('status=new&source=manual')).pagination.total_count).toBeGreaterThan(1);
      // A school's staff see only what was assigned to their school: nothing yet.
      expect((await list('', schoolAdmin)).interests).toHaveLength(0);

      const csv = await call('GET', '/api/interests.csv?query=zippo');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="interests-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = csv.body.trim().split(/\r?\n/);
      expect(lines[0]).toMatch(/^First Name,Last Name,Email,/);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('Zipporah,Midian,zipporah@example.org');
      expect(lines[1]).toContain('By hand');
      const xlsx = await call('GET', '/api/interests.xlsx?query=zippo');
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    });
  });

  describe('the CSV import', () => {
    const file = (rows: string[]) => ['First Name,Last Name,Email,Zip,Course,Received', ...rows].join('\r\n');

    it('previews every line with its result and applies nothing until confirmed with the preview', async () => {
      await create({ first_name: 'Naomi', last_name: 'Bethlehem', email: 'naomi@example.org' });
      const text = file([
        `Priscilla,Tentmaker,pris@example.org,62701,${courseName},2026-11-01`,
        '"Aquila, Jr.",Tentmaker,,62701,,11/02/2026',
        ',Nameless,,,,',
        'Bad,Email,not-mail,,,',
        'Odd,Course,,,No Such Course,',
        'Late,Date,,,,2026-13-45',
        'Naomi,Bethlehem,naomi@example.org,,,',
        `Priscilla,Tentmaker,pris@example.org,62701,${courseName},2026-11-01`,
      ]);
      const before = await countOf(`select count(*)::int as n from interests`);
      const preview = await call('POST', '/api/interests/import', { file: text, dry_run: true });
      expect(preview.statusCode).toBe(200);
      const body = preview.json() as { rows: { line: number; status: string; reason: string | null }[]; preview_token: string; accepted_count: number; rejected_count: number; applied: boolean };
      expect(body.rows.map((row) => [row.line, row.status, row.reason])).toEqual([
        [2, 'accepted', null],
        [3, 'accepted', null],
        [4, 'rejected', `First name: ${messages.fieldRequired}`],
        [5, 'rejected', 'Email: is not a valid email address'],
        [6, 'rejected', 'Course or seminar: no active course or seminar is named "No Such Course"'],
        [7, 'rejected', `Received: ${messages.dateInvalid}`],
        [8, 'rejected', expect.stringMatching(/^Already received on \d{4}-\d{2}-\d{2}$/)],
        [9, 'rejected', 'Repeats line 2'],
      ]);
      expect(body).toMatchObject({ accepted_count: 2, rejected_count: 6, applied: false });
      expect(await countOf(`select count(*)::int as n from interests`)).toBe(before);

      const noToken = await call('POST', '/api/interests/import', { file: text });
      expect(noToken.statusCode).toBe(422);
      expect(noToken.json()).toEqual({ preview_token: ['Preview the file before applying it.'] });

      const applied = await call('POST', '/api/interests/import', { file: text, preview_token: body.preview_token });
      expect(applied.statusCode).toBe(200);
      expect(applied.json()).toMatchObject({ applied: true, accepted_count: 2 });
      const added = await t.database.query<{ first_name: string; source: string; received_on: string; series_id: number | null }>(
        `select first_name, source, received_on::text as received_on, series_id::int as series_id from interests
         where last_name = 'Tentmaker' order by id`,
      );
      expect(added).toEqual([
        { first_name: 'Priscilla', source: 'csv', received_on: '2026-11-01', series_id: courseId },
        { first_name: 'Aquila, Jr.', source: 'csv', received_on: '2026-11-02', series_id: null },
      ]);
      // The same file again: its people are received already, so the old preview no longer holds.
      const again = await call('POST', '/api/interests/import', { file: text, preview_token: body.preview_token });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual(['The interests changed since the preview: preview the file again.']);
      expect(await countOf(`select count(*)::int as n from interests where last_name = 'Tentmaker'`)).toBe(2);
    });

    it('reads empty spreadsheet rows as nothing, knows a person by phone too, and refuses a quote left open', async () => {
      await create({ first_name: 'Rhoda', last_name: 'Gatekeeper', phone: '(555) 010-2030' });
      const text = 'first_name,last_name,phone\r\nRhoda,Gatekeeper,555 010 2030\r\n,,\r\nMnason,Cyprus,555-0199\r\n,,\r\n';
      const preview = (await call('POST', '/api/interests/import', { file: text, dry_run: true })).json();
      expect(preview.rows.map((row: { line: number; status: string }) => [row.line, row.status])).toEqual([
        [2, 'rejected'],
        [4, 'accepted'],
      ]);
      const open = await call('POST', '/api/interests/import', { file: 'first_name,last_name\nA,"B\nC,D\nE,F', dry_run: true });
      expect(open.statusCode).toBe(422);
      expect(open.json()).toEqual({ file: ['Line 2: a quoted field is not closed'] });
    });

    it('a file without first_name and last_name columns, or with unknown ones, is refused whole', async () => {
      const noNames = await call('POST', '/api/interests/import', { file: 'email\nx@example.org', dry_run: true });
      expect(noNames.statusCode).toBe(422);
      expect(noNames.json().file[0]).toMatch(/^The first line must name the columns/);
      const unknown = await call('POST', '/api/interests/import', { file: 'first_name,last_name,shoe_size\nA,B,9', dry_run: true });
      expect(unknown.json()).toEqual({ file: ['Unknown column: shoe_size'] });
    });
  });

  describe('the assignment', () => {
    it('lists new interests with the school that claimed their zip and their likely duplicates', async () => {
      const db = t.database.db;
      await createStudent(db, { schoolId: school.id, firstName: 'Eunice', lastName: 'Lystra', zipCode: '62704-1234' });
      // The new-student form's and the import's rule: her sister at the same address is not her; the same email is.
      await createStudent(db, { schoolId: school.id, firstName: 'Lois', lastName: 'Lystra', zipCode: '62704', email: 'lois@lystra.example' });
      await createStudent(db, { schoolId: school.id, firstName: 'Loïs', lastName: 'Timothy', zipCode: '60601', email: 'LOIS@lystra.example' });
      const interest = await create({
        first_name: 'Lois',
        last_name: 'Lystra',
        zip_code: '62704',
        email: 'lois@lystra.example',
        series_id: courseId,
        received_on: '2026-01-01',
      });
      const page = (await call('GET', '/api/interests/assignments?sortBy=received_on&orderBy=asc')).json() as {
        interests: (Interest & { suggested_school: { id: number; claimed: boolean } | null; likely_duplicates: number })[];
      };
      const row = page.interests.find((found) => found.id === interest.id)!;
      expect(row.suggested_school).toMatchObject({ id: school.id, claimed: true });
      expect(row.likely_duplicates).toBe(2);
      expect(page.interests.every((found) => found.status === 'new')).toBe(true);
      const found = (await call('GET', '/api/interests/assignments?query=lois lystra')).json();
      expect(found.interests.map((row: Interest) => row.id)).toEqual([interest.id]);

      const detail = (await call('GET', `/api/interests/${interest.id}/assignment`)).json();
      expect(detail.suggested_schools[0]).toMatchObject({ id: school.id, claimed: true, head_school_admin: true });
      expect(detail.likely_duplicates).toEqual([
        expect.objectContaining({ first_name: 'Lois', last_name: 'Lystra', reasons: ['email', 'name_and_zip'] }),
        expect.objectContaining({ first_name: 'Loïs', last_name: 'Timothy', reasons: ['email'] }),
      ]);
      expect((await call('GET', `/api/interests/assignments`, undefined, schoolAdmin)).statusCode).toBe(403);
    });

    it('needs a full address for a new student, and leaves nothing behind when it fails', async () => {
      const interest = await create({ first_name: 'Dorcas', last_name: 'Joppa', zip_code: '62704', series_id: courseId });
      const missing = await call('POST', `/api/interests/${interest.id}/assign`, { series_id: courseId, school_id: school.id });
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toEqual({
        address: [messages.fieldRequired],
        city: [messages.fieldRequired],
        state: [messages.fieldRequired],
        country: [messages.fieldRequired],
      });
      // The school does not offer that course: the student made first is rolled back with it.
      const address = { address: '3 Tanner St', city: 'Springfield', state: 'IL', country: 'United States' };
      const unoffered = await call('POST', `/api/interests/${interest.id}/assign`, { series_id: unofferedId, school_id: school.id, ...address });
      expect(unoffered.statusCode).toBe(422);
      expect(await studentsNamed(t.database.db, 'Joppa')).toHaveLength(0);
      const noHead = await createSchool(t.database.db);
      await offer(t.database.db, courseId, noHead.id);
      const headless = await call('POST', `/api/interests/${interest.id}/assign`, { series_id: courseId, school_id: noHead.id, ...address });
      expect(headless.statusCode).toBe(422);
      expect(headless.body).toBe(messages.noHeadSchoolAdmin);
      expect(await studentsNamed(t.database.db, 'Joppa')).toHaveLength(0);
      expect((await call('GET', `/api/interests/${interest.id}`)).json()).toMatchObject({ status: 'new', school: null });
    });

    it('makes the student and the enrollment in one go, completes the interest and tells the head school admin', async () => {
      const interest = await create({ first_name: 'Tabitha', last_name: 'Joppa', email: 'tabitha@example.org', zip_code: '62704', series_id: courseId });
      const mailBefore = (await outboxTo(t.database.db, head.email)).length;
      const response = await call('POST', `/api/interests/${interest.id}/assign`, {
        series_id: courseId,
        school_id: school.id,
        address: '9 Seaside Rd',
        city: 'Springfield',
        state: 'IL',
        country: 'United States',
      });
      expect(response.statusCode).toBe(200);
      const body = response.json() as { interest: Interest; student_id: number; enrollment_id: number; created_student: boolean };
      expect(body.created_student).toBe(true);
      expect(body.interest).toMatchObject({ status: 'assigned', school: { id: school.id }, student: { id: body.student_id }, enrollment_id: body.enrollment_id });
      expect(body.interest.assigned_at).not.toBeNull();
      const [student] = await studentsNamed(t.database.db, 'Joppa');
      expect(student).toMatchObject({ id: body.student_id, firstName: 'Tabitha', email: 'tabitha@example.org', address: '9 Seaside Rd', schoolId: school.id, instructorId: head.id });
      const [enrollment] = await t.database.query<{ student_id: number; series_id: number; status: string }>(
        `select student_id::int as student_id, series_id::int as series_id, status from enrollments where id = $1`,
        [body.enrollment_id],
      );
      expect(enrollment).toEqual({ student_id: body.student_id, series_id: courseId, status: 'Enrolled' });
      const mail = await outboxTo(t.database.db, head.email);
      expect(mail).toHaveLength(mailBefore + 1);
      expect(mail.at(-1)!.subject).toBe('New interest for Bethel Church: Tabitha Joppa');
      expect(mail.at(-1)!.text).toContain(`/students/${body.student_id}`);

      // Now the school's staff see it, and the funnel goes on.
      const seen = await call('GET', '/api/interests', undefined, schoolAdmin);
      expect(seen.json().interests.map((found: Interest) => found.id)).toContain(interest.id);
      const again = await call('POST', `/api/interests/${interest.id}/assign`, { series_id: courseId, school_id: school.id });
      expect(again.json()).toEqual(['This interest is assigned already.']);
      const enrolled = (await call('POST', `/api/interests/${interest.id}/status`, { action: 'enrolled' })).json() as Interest;
      expect(enrolled.status).toBe('enrolled');
      expect(enrolled.contacted_at).toBe(enrolled.enrolled_at);
    });

    it("shows a school's instructor only the interests that became their students", async () => {
      const db = t.database.db;
      const colleague = await createUser(db, { roleType: 'instructor', schoolId: school.id });
      const headers = await t.headersFor(colleague.email);
      const ids = (await call('GET', '/api/interests?per_page=500', undefined, headers)).json().interests.map((i: Interest) => i.id);
      expect(ids).toEqual([]);
      const admins = (await call('GET', '/api/interests?per_page=500', undefined, schoolAdmin)).json().interests;
      expect(admins.length).toBeGreaterThan(0);
      expect((await call('GET', `/api/interests/${admins[0].id}`, undefined, headers)).statusCode).toBe(404);
    });

    it("an erased student's interest and the mail of its assignment are erased with them; nobody is assigned to an erased student", async () => {
      const interest = await create({ first_name: 'Eutychus', last_name: 'Troas', email: 'eutychus@example.org', zip_code: '62704', series_id: courseId });
      const address = { address: '3 Window Ln', city: 'Springfield', state: 'IL', country: 'United States' };
      const assigned = (await call('POST', `/api/interests/${interest.id}/assign`, { series_id: courseId, school_id: school.id, ...address })).json();
      expect((await call('POST', `/api/students/${assigned.student_id}/erase`)).statusCode).toBe(200);
      const left = await t.database.query<{ n: number }>(
        `select (select count(*) from mail_outbox where subject like '%Eutychus%' or text like '%Eutychus%')
          + (select count(*) from interests where first_name = 'Eutychus' or email = 'eutychus@example.org') as n`,
      );
      expect(Number(left[0]!.n)).toBe(0);
      const again = await create({ first_name: 'Eutychus', last_name: 'Troas', zip_code: '62704', series_id: courseId });
      const refused = await call('POST', `/api/interests/${again.id}/assign`, { series_id: courseId, student_id: assigned.student_id });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ student_id: ['is a student whose personal data was erased'] });
    });

    it('matched to a student already recorded, makes no second student and enrolls that one', async () => {
      const existing = await createStudent(t.database.db, { schoolId: school.id, firstName: 'Lydia', lastName: 'Thyatira', zipCode: '62704' });
      const interest = await create({ first_name: 'Lydia', last_name: 'Thyatira', zip_code: '62704', series_id: courseId });
      const response = await call('POST', `/api/interests/${interest.id}/assign`, { series_id: courseId, student_id: existing.id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ student_id: existing.id, created_student: false });
      expect(await studentsNamed(t.database.db, 'Thyatira')).toHaveLength(1);
      const neither = await call('POST', `/api/interests/${interest.id}/assign`, { series_id: courseId });
      expect(neither.json()).toEqual({ school_id: [messages.fieldRequired] });
    });
  });
});
