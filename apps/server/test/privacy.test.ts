import { alreadyErased, erasedMarker, erasedProfileLocked } from '@srs/shared/privacy';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/core/lists.ts';
import type { Db } from '../src/db/client.ts';
import { interests, students } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createDecisionOption, createProductOffer, createSeminar, versionsOf } from './support/enrollment-factories.ts';
import { createCourse, createUser, enroll, offer } from './support/factories.ts';
import { attend, createStaffedSchool, studentForm, writeNote } from './support/student-factories.ts';

/**
 * Issue 12, privacy: a global admin exports everything the product holds about one student (JSON
 * and PDF) and erases a student on request. The erasure replaces their personal fields in place,
 * redacts the history of the student and of its records, keeps every record the reports count,
 * and is itself recorded (docs/decisions/017).
 */

let t: TestContext;
let db: Db;
let globalAdmin: { id: number; email: string };

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  globalAdmin = await createUser(db, { roleType: 'global_admin' }, { firstName: 'Gloria', lastName: 'Keeper' });
});
afterAll(async () => t.close());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, email: string | null, payload?: object) {
  return t.app.inject({ method, url, payload, headers: email ? await t.headersFor(email) : {} });
}
const ok = (response: LightMyRequestResponse, status = 200) => {
  expect(response.statusCode, response.body).toBe(status);
  return response;
};

/**
 * What the student wrote or was written about them: none of it may survive an erasure. Each
 * student of this file has its own, so that a search of the whole database finds only theirs.
 */
function newSecrets() {
  const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  const Tag = tag.charAt(0).toUpperCase() + tag.slice(1);
  return {
    firstName: `Philippa${Tag}`,
    middleName: `Oleksandra${Tag}`,
    lastName: `Privacyson${Tag}`,
    renamed: `Whitlow${Tag}`,
    email: `philippa.${tag}@example.org`,
    phone: `555-${tag}`,
    address: `7 Lantern Lane ${Tag}`,
    social: `@philippa_${tag}`,
    question: `What does grace mean for my family, ${tag}?`,
    prayer: `Pray for my sister Hortensia ${tag}`,
    reminder: `Call back about the baptism class ${tag}`,
    studentNote: `Lives with her grandmother Ottoline ${tag}`,
    deletedNote: `Moved house after the divorce ${tag}`,
    deletedEnrollmentNote: `Told us about the hospital stay ${tag}`,
    interestReason: `Wanted studies for her brother Barnabas ${tag}`,
  };
}
type Secrets = ReturnType<typeof newSecrets>;

/**
 * A student of a school of its own, made through the API so that every write has its version: the
 * profile created and renamed, a course with a lesson (a decision and a question on it), a visit
 * (a prayer request), a reminder (a note), a product; a seminar attended; a note on the student;
 * a note written then deleted; an enrollment deleted with its note; an interest that led to them;
 * the notice the head school admin was sent.
 */
async function studentWithHistory() {
  const secrets = newSecrets();
  const { school, head } = await createStaffedSchool(db, { churchName: 'Quiet Harbour Church' });
  const created = ok(
    await call(
      'POST',
      '/api/students',
      globalAdmin.email,
      studentForm({
        first_name: secrets.firstName,
        middle_name: secrets.middleName,
        last_name: secrets.lastName,
        email: secrets.email,
        phone: secrets.phone,
        address: secrets.address,
        social_media: secrets.social,
        school_id: school.id,
        notify_instructor_by_email: true,
      }),
    ),
    201,
  );
  const studentId = created.json().id as number;
  ok(await call('PUT', `/api/students/${studentId}`, head.email, { last_name: secrets.renamed }));

  const { course, lessons } = await createCourse(db, 2, { name: 'Hope Course' });
  await offer(db, course.id, school.id);
  const baptism = await createDecisionOption(db, course.id, 'Baptism');
  const bible = await createProductOffer(db, course.id, { name: 'Study Bible' });
  const enrollment = ok(await call('POST', '/api/enrollments', head.email, { student_id: studentId, series_id: course.id }), 201);
  const enrollmentId = enrollment.json().id as number;
  ok(
    await call('PUT', `/api/enrollments/${enrollmentId}`, head.email, {
      episode_deliveries_attributes: [
        {
          episode_id: lessons[0]!.id,
          date_sent: '2026-01-05',
          date_completed: '2026-01-15',
          delivery_type: 'PO',
          decisions_attributes: [{ decision_option_id: baptism.id }],
          notes_attributes: [{ type: 'Note', text: secrets.question }],
        },
      ],
      visits_attributes: [
        {
          date: '2026-01-20',
          notes_attributes: [
            { type: 'PrayerRequest', text: secrets.prayer },
            { type: 'Note', text: secrets.deletedNote },
          ],
        },
      ],
      reminders_attributes: [{ date: '2026-02-01', notes_attributes: [{ type: 'Note', text: secrets.reminder }] }],
      product_deliveries_attributes: [{ product_id: bible.id, delivered_at: '2026-01-20', quantity: 1, price: 3 }],
    }),
  );
  const detail = ok(await call('GET', `/api/enrollments/${enrollmentId}`, head.email)).json();
  const visit = detail.visits[0];
  const deleted = visit.notes.find((note: { text: string }) => note.text === secrets.deletedNote);
  ok(
    await call('PUT', `/api/enrollments/${enrollmentId}`, head.email, {
      visits_attributes: [{ id: visit.id, notes_attributes: [{ id: deleted.id, _destroy: true }] }],
    }),
  );

  // A second course, with a note, deleted whole: its version keeps the note.
  const { course: other } = await createCourse(db, 1, { name: 'Left Course' });
  await offer(db, other.id, school.id);
  const second = ok(await call('POST', '/api/enrollments', head.email, { student_id: studentId, series_id: other.id }), 201);
  ok(
    await call('PUT', `/api/enrollments/${second.json().id}`, head.email, {
      visits_attributes: [{ date: '2026-01-25', notes_attributes: [{ type: 'Note', text: secrets.deletedEnrollmentNote }] }],
    }),
  );
  ok(await call('DELETE', `/api/enrollments/${second.json().id}`, head.email), 204);

  const { seminar, presentations } = await createSeminar(db, school.id, 2, { name: 'Prophecy Seminar' });
  const seminarEnrollment = await enroll(db, studentId, seminar.id, { status: 'Attended' });
  await attend(db, seminarEnrollment.id, presentations[0]!.id);
  await writeNote(db, { studentId, text: secrets.studentNote, authorId: head.id });
  const [interest] = await db
    .insert(interests)
    .values({
      firstName: secrets.firstName,
      lastName: secrets.lastName,
      email: secrets.email,
      phone: secrets.phone,
      address: secrets.address,
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      status: 'closed',
      closedReason: secrets.interestReason,
      schoolId: school.id,
      studentId,
    })
    .returning();
  return { secrets, school, head, studentId, course, enrollmentId, interestId: interest!.id };
}

/** Where any of the secrets still is, table by table (the whole database, not only this student). */
async function whereSecretsAre(
  secrets: Secrets,
  tables = ['students', 'student_words', 'notes', 'interests', 'mail_outbox', 'versions'],
): Promise<string[]> {
  const found: string[] = [];
  for (const table of tables) {
    for (const [name, secret] of Object.entries(secrets)) {
      const [hit] = await rows<{ n: number }>(
        db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} x where to_jsonb(x)::text ilike ${`%${secret}%`}`),
      );
      if (hit && hit.n > 0) found.push(`${table}: ${name}`);
    }
  }
  return found;
}

/** What the reports and the dashboard count for the school. */
async function countsOf(schoolId: number) {
  const report = async (kind: string) => ok(await call('GET', `/api/reports/${kind}?school_id=${schoolId}`, globalAdmin.email)).json();
  const [row] = await rows<Record<string, number>>(
    db.execute(sql`select
      (select count(*)::int from enrollments e join students s on s.id = e.student_id where s.school_id = ${schoolId}) as enrollments,
      (select count(*)::int from episode_deliveries d join enrollments e on e.id = d.enrollment_id where e.school_id = ${schoolId}) as lessons,
      (select count(*)::int from decisions d join enrollments e on e.id = d.cached_enrollment_id where e.school_id = ${schoolId}) as decisions,
      (select count(*)::int from attendances a join enrollments e on e.id = a.enrollment_id where e.school_id = ${schoolId}) as attendances,
      (select count(*)::int from visits v join enrollments e on e.id = v.enrollment_id where e.school_id = ${schoolId}) as visits,
      (select count(*)::int from notes n join students s on s.id = n.student_id where s.school_id = ${schoolId}) as notes,
      (select count(*)::int from product_deliveries p join enrollments e on e.id = p.enrollment_id where e.school_id = ${schoolId}) as products`),
  );
  const students = ok(await call('GET', `/api/students?school_id_eq=${schoolId}&per_page=1`, globalAdmin.email)).json();
  return {
    rows: row,
    students: students.pagination.total_count,
    enrollments: await report('enrollments'),
    decisions: await report('decisions'),
    lessons: await report('lessons'),
    attendance: await report('attendance'),
    products: await report('products'),
  };
}

describe('who may export or erase a student', () => {
  it('global admins only: 401 signed out, 403 to every other role, 404 for a missing student, 422 for no id', async () => {
    const { secrets, school, head, studentId } = await studentWithHistory();
    const instructor = await createUser(db, { roleType: 'instructor', schoolId: school.id });
    const conferenceAdmin = await createUser(db, { roleType: 'conference_admin', conferenceId: school.conferenceId });
    const urls: ['GET' | 'POST', string][] = [
      ['GET', `/api/students/${studentId}/personal_data`],
      ['GET', `/api/students/${studentId}/personal_data.pdf`],
      ['POST', `/api/students/${studentId}/erase`],
    ];
    for (const [method, url] of urls) {
      expect((await call(method, url, null)).statusCode).toBe(401);
      for (const email of [head.email, instructor.email, conferenceAdmin.email]) expect((await call(method, url, email)).statusCode).toBe(403);
      expect((await call(method, url.replace(String(studentId), '999999999'), globalAdmin.email)).statusCode).toBe(404);
      expect((await call(method, url.replace(String(studentId), 'abc'), globalAdmin.email)).statusCode).toBe(422);
    }
    const [row] = await db.select().from(students).where(eq(students.id, studentId));
    expect(row).toMatchObject({ firstName: secrets.firstName, erasedAt: null });
  });
});

describe('exporting a student (GET /api/students/:id/personal_data and .pdf)', () => {
  it('answers a JSON file with the student, every enrollment and record, the notes, interests, notices and versions', async () => {
    const { secrets, school, head, studentId, enrollmentId, interestId } = await studentWithHistory();
    const outsider = studentForm({ first_name: 'Ozymandias', last_name: 'Outsider', school_id: school.id });
    ok(await call('POST', '/api/students', globalAdmin.email, outsider), 201);
    const response = ok(await call('GET', `/api/students/${studentId}/personal_data`, globalAdmin.email));
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="student-${studentId}-personal-data-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const data = response.json();
    expect(data.exported_by).toEqual({ id: globalAdmin.id, first_name: 'Gloria', last_name: 'Keeper' });
    expect(data.student).toMatchObject({
      id: studentId,
      first_name: secrets.firstName,
      middle_name: secrets.middleName,
      last_name: secrets.renamed,
      email: secrets.email,
      phone: secrets.phone,
      address: secrets.address,
      social_media: secrets.social,
      erased_at: null,
      school: { id: school.id, church_name: 'Quiet Harbour Church' },
      instructor: { id: head.id },
      created_by: { id: globalAdmin.id },
    });
    const course = data.enrollments.find((e: { id: number }) => e.id === enrollmentId);
    expect(course).toMatchObject({
      series: { name: 'Hope Course', type: 'Course' },
      lesson_deliveries: [{ episode: { position: 1 }, date_sent: '2026-01-05', date_completed: '2026-01-15', delivery_type: 'PO' }],
      decisions: [{ decision_option: { name: 'Baptism' }, context: 'lesson' }],
      visits: [{ date: '2026-01-20' }],
      reminders: [{ date: '2026-02-01' }],
      product_deliveries: [{ product: { name: 'Study Bible' }, quantity: 1, price: '3.00' }],
    });
    expect(course.notes.map((note: { context: string; text: string }) => [note.context, note.text])).toEqual(
      expect.arrayContaining([
        ['lesson', secrets.question],
        ['visit', secrets.prayer],
        ['reminder', secrets.reminder],
      ]),
    );
    const seminar = data.enrollments.find((e: { series: { type: string } }) => e.series.type === 'Seminar');
    expect(seminar).toMatchObject({ series: { name: 'Prophecy Seminar' }, attendances: [{ episode: { position: 1 } }] });
    expect(data.enrollments).toHaveLength(2);
    expect(data.notes).toEqual([expect.objectContaining({ context: 'student', text: secrets.studentNote, author: expect.objectContaining({ id: head.id }) })]);
    expect(data.interests).toEqual([expect.objectContaining({ id: interestId, closed_reason: secrets.interestReason })]);
    expect(data.notices).toEqual([expect.objectContaining({ kind: 'new_student', subject: expect.stringContaining(secrets.firstName) })]);

    // The history: the student created and renamed, its records, a note and an enrollment deleted since.
    const events = data.versions.map((v: { item_type: string; event: string }) => `${v.item_type} ${v.event}`);
    expect(events).toEqual(
      expect.arrayContaining(['Student create', 'Student update', 'Enrollment create', 'Enrollment destroy', 'EpisodeDelivery create', 'Decision create', 'Visit create', 'Reminder create', 'ProductDelivery create', 'Note create', 'Note destroy']),
    );
    const text = JSON.stringify(data.versions);
    for (const secret of [secrets.lastName, secrets.renamed, secrets.deletedNote, secrets.deletedEnrollmentNote]) expect(text).toContain(secret);
    // Nobody else's history: every version names this student or one of its records.
    expect(JSON.stringify(data)).not.toContain('Outsider');
  });

  it('answers the same as a PDF, pages broken as it runs long, names in any script', async () => {
    const { studentId } = await studentWithHistory();
    ok(await call('PUT', `/api/students/${studentId}`, globalAdmin.email, { middle_name: 'Łódź Олександра 李' }));
    for (let i = 0; i < 120; i += 1) await writeNote(db, { studentId, text: `Note ${i}: ${'a long line of what was said '.repeat(4)}` });
    const response = ok(await call('GET', `/api/students/${studentId}/personal_data.pdf`, globalAdmin.email));
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="student-${studentId}-personal-data-\\d{4}-\\d{2}-\\d{2}\\.pdf"$`),
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = response.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(3);
  });
});

describe('erasing a student (POST /api/students/:id/erase)', () => {
  it('replaces the personal fields, redacts the history, keeps what the reports count, and records the erasure once', async () => {
    const { secrets, school, head, studentId, enrollmentId, interestId } = await studentWithHistory();
    expect(await whereSecretsAre(secrets)).not.toEqual([]);
    const before = await countsOf(school.id);
    expect(before.rows).toEqual({ enrollments: 2, lessons: 1, decisions: 1, attendances: 1, visits: 1, notes: 4, products: 1 });
    expect(before.students).toBe(1);
    const versionsBefore = await rows<{ n: number }>(db.execute(sql`select count(*)::int as n from versions`));

    const response = ok(await call('POST', `/api/students/${studentId}/erase`, globalAdmin.email));
    const body = response.json();
    expect(body).toEqual({ student_id: studentId, erased_at: expect.any(String), version_id: expect.any(Number) });

    // Nowhere in the database: not in the student, its search words, notes, interests, mail or versions.
    expect(await whereSecretsAre(secrets)).toEqual([]);
    const detail = ok(await call('GET', `/api/students/${studentId}`, globalAdmin.email)).json();
    expect(detail).toMatchObject({
      first_name: 'Erased',
      middle_name: null,
      last_name: `Student ${studentId}`,
      email: null,
      phone: null,
      address: null,
      address_2: null,
      city: null,
      zip_code: null,
      social_media: null,
      state: 'IL',
      country: 'United States',
      include_in_mailing_list: 'never',
      // The student's dates read to the second, as its created_at does.
      erased_at: body.erased_at.replace(/\.\d{3}Z$/, 'Z'),
      school: { id: school.id },
      instructor: { id: head.id },
    });
    const [interest] = await db.select().from(interests).where(eq(interests.id, interestId));
    expect(interest).toMatchObject({ firstName: 'Erased', lastName: `Interest ${interestId}`, email: null, closedReason: erasedMarker, state: 'IL' });

    // Every record stays: the reports and the dashboard count as before.
    expect(await countsOf(school.id)).toEqual(before);

    // The history keeps its shape: the same versions, their keys, '[erased]' where a value was.
    const [renamed] = (await versionsOf(db, 'Student', studentId)).filter((v) => v.event === 'update');
    expect(renamed!.objectChanges.lastName).toEqual([erasedMarker, erasedMarker]);
    expect(renamed!.object).toMatchObject({ firstName: erasedMarker, middleName: erasedMarker, state: 'IL', schoolId: school.id });
    const [enrollmentCreated] = await versionsOf(db, 'Enrollment', enrollmentId);
    expect(enrollmentCreated!.objectChanges.studentId).toEqual([null, studentId]);

    // The erasure is one more version, by whom and when, without any of what it erased.
    const versionsAfter = await rows<{ n: number }>(db.execute(sql`select count(*)::int as n from versions`));
    expect(versionsAfter[0]!.n).toBe(versionsBefore[0]!.n + 1);
    const erasure = (await versionsOf(db, 'Student', studentId)).at(-1)!;
    expect(erasure).toMatchObject({ id: body.version_id, event: 'erase', whodunnit: globalAdmin.id, object: null, schoolId: school.id });
    expect(erasure.objectChanges).toMatchObject({
      firstName: [erasedMarker, 'Erased'],
      lastName: [erasedMarker, `Student ${studentId}`],
      email: [erasedMarker, null],
      includeInMailingList: ['if_address_valid', 'never'],
      erasedAt: [null, body.erased_at],
    });
    const listed = ok(await call('GET', `/api/versions?item_type=Student&item_id=${studentId}&event=erase`, head.email)).json();
    expect(listed.versions).toEqual([expect.objectContaining({ id: body.version_id, event: 'erase', record: `Erased Student ${studentId}` })]);
    const shown = ok(await call('GET', `/api/versions/${body.version_id}`, globalAdmin.email)).json();
    expect(shown.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'email', before: erasedMarker, after: '-' })]));
    const older = ok(await call('GET', `/api/versions/${renamed!.id}`, globalAdmin.email)).json();
    expect(older.record).toBe('A student whose name was erased');

    // Once: a second erasure, a profile edit and a value set back are refused in words.
    const again = await call('POST', `/api/students/${studentId}/erase`, globalAdmin.email);
    expect(again.statusCode).toBe(422);
    expect(again.body).toBe(alreadyErased);
    const edit = await call('PUT', `/api/students/${studentId}`, head.email, { first_name: secrets.firstName });
    expect(edit.statusCode).toBe(422);
    expect(edit.body).toBe(erasedProfileLocked);
    const revert = await call('POST', `/api/versions/${renamed!.id}/revert`, head.email, { fields: ['lastName'] });
    expect(revert.statusCode).toBe(422);
    expect(await whereSecretsAre(secrets)).toEqual([]);

    // The export now holds what is left, and no personal data.
    const exported = ok(await call('GET', `/api/students/${studentId}/personal_data`, globalAdmin.email)).json();
    expect(exported.student).toMatchObject({ first_name: 'Erased', erased_at: body.erased_at });
    expect(exported.enrollments).toHaveLength(2);
    const text = JSON.stringify(exported);
    for (const secret of Object.values(secrets)) expect(text).not.toContain(secret);
    ok(await call('GET', `/api/students/${studentId}/personal_data.pdf`, globalAdmin.email));
  });

  it('a student deleted and restored before the erasure comes back erased from its old version', async () => {
    const { secrets, school, head, studentId } = await studentWithHistory();
    ok(await call('DELETE', `/api/students/${studentId}`, head.email), 204);
    const [firstDelete] = (await versionsOf(db, 'Student', studentId)).filter((v) => v.event === 'destroy');
    ok(await call('POST', `/api/versions/${firstDelete!.id}/restore`, head.email));
    ok(await call('POST', `/api/students/${studentId}/erase`, globalAdmin.email));
    // The delete left its interest pointing at nobody (its foreign key, docs/decisions/012): no
    // longer the student's, the erasure does not find it.
    const [interest] = await db.select().from(interests).where(eq(interests.lastName, secrets.lastName));
    expect(interest?.studentId).toBeNull();
    const everywhereElse = ['students', 'student_words', 'notes', 'mail_outbox', 'versions'];
    expect(await whereSecretsAre(secrets, everywhereElse)).toEqual([]);

    ok(await call('DELETE', `/api/students/${studentId}`, head.email), 204);
    const restored = ok(await call('POST', `/api/versions/${firstDelete!.id}/restore`, head.email));
    expect(restored.json().record_path).toBe(`/students/${studentId}`);
    const [row] = await db.select().from(students).where(eq(students.id, studentId));
    expect(row).toMatchObject({ firstName: 'Erased', lastName: `Student ${studentId}`, email: null, schoolId: school.id });
    expect(row!.erasedAt).toBeInstanceOf(Date);
    expect(await whereSecretsAre(secrets, everywhereElse)).toEqual([]);
    expect((await call('POST', `/api/students/${studentId}/erase`, globalAdmin.email)).body).toBe(alreadyErased);
  });
});
