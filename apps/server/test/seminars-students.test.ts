import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { clientFor, versionsOf } from './support/enrollment-factories.ts';
import { createStudent, enroll } from './support/factories.ts';
import { createSeminarNetwork, pageCount, type SeminarNetwork } from './support/seminars-fixture.ts';

describe('Seminar students, assigning, attendance and tickets', () => {
  let t: TestContext;
  let net: SeminarNetwork;
  const db = () => t.database.db;
  const url = (path: string) => `/api/series/${net.seminar.id}/${path}`;
  type Row = { enrollment_id: number; status: string; student: { id: number }; attended_episode_ids?: number[] };

  beforeAll(async () => {
    t = await createTestApp();
    net = await createSeminarNetwork(t);
  });
  afterAll(async () => t.close());

  it('lists students to assign: those the user sees in the seminar schools, not yet in it', async () => {
    const hostAdmin = clientFor(t, net.schoolAdminA.email);
    const ids = (await hostAdmin.get(url('assign_students?query=quartermain'))).json().students.map((s: { id: number }) => s.id);
    expect(ids).toEqual(expect.arrayContaining([net.studentA.id, net.studentA2.id]));
    expect(ids).not.toContain(net.studentB.id);
    const global = (await clientFor(t, net.globalAdmin.email).get(url('assign_students?per_page=500'))).json();
    const everyone = global.students.map((s: { id: number }) => s.id);
    expect(everyone).toEqual(expect.arrayContaining([net.studentA.id, net.studentB.id]));
    // School C takes no part in the seminar: its students cannot join it.
    expect(everyone).not.toContain(net.studentC.id);
    expect(global.pagination.total_count).toBe(global.students.length);
  });

  it('assigns through the enrollments create path: Applied, audited, and once only', async () => {
    const hostAdmin = clientFor(t, net.schoolAdminA.email);
    const assigned = await hostAdmin.put(url('assign_student'), { student_id: net.studentA.id });
    expect(assigned.statusCode).toBe(200);
    const row = assigned.json();
    expect(row).toMatchObject({ status: 'Applied', orphaned: false, student: { id: net.studentA.id } });
    expect(row.registration_number).toMatch(/^[0-9]+$/);
    expect(await versionsOf(db(), 'Enrollment', row.enrollment_id)).toHaveLength(1);
    const again = await hostAdmin.put(url('assign_student'), { student_id: net.studentA.id });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual([
      `Zebulon Quartermain is already enrolled in ${net.seminar.name} (registration number ${row.registration_number}).`,
    ]);
    const listed = (await hostAdmin.get(url('assign_students'))).json().students.map((s: { id: number }) => s.id);
    expect(listed).not.toContain(net.studentA.id);
  });

  it("lets a participating school's admin assign their own students only", async () => {
    const participant = clientFor(t, net.schoolAdminB.email);
    expect((await participant.put(url('assign_student'), { student_id: net.studentB.id })).statusCode).toBe(200);
    // School A's student is out of school B's scope: missing to them.
    expect((await participant.put(url('assign_student'), { student_id: net.studentA2.id })).statusCode).toBe(404);
    // A student the global admin sees, of a school outside the seminar: a 422 naming the rule.
    const outside = await clientFor(t, net.globalAdmin.email).put(url('assign_student'), { student_id: net.studentC.id });
    expect(outside.statusCode).toBe(422);
    expect(outside.json()).toEqual({ series_id: ["is not offered by the student's school"] });
  });

  it('lists the seminar students each user sees, and the recently assigned newest first', async () => {
    const host = (await clientFor(t, net.schoolAdminA.email).get(url('students'))).json();
    expect(host.students.map((s: Row) => s.student.id)).toEqual([net.studentA.id]);
    const all = (await clientFor(t, net.globalAdmin.email).get(url('students?sortBy=school&orderBy=desc'))).json();
    expect(all.students.map((s: Row) => s.student.id)).toEqual([net.studentB.id, net.studentA.id]);
    expect(all.pagination).toMatchObject({ total_count: 2, page: 1 });
    const byNumber = (await clientFor(t, net.globalAdmin.email).get(url(`students?query=${all.students[0].registration_number}`))).json();
    expect(byNumber.students).toHaveLength(1);
    const recent = (await clientFor(t, net.globalAdmin.email).get(url('recently_assigned'))).json();
    expect(recent.students.map((s: Row) => s.student.id)).toEqual([net.studentB.id, net.studentA.id]);
  });

  it('shows the host and participating schools with their instructors and who may remove them', async () => {
    const host = (await clientFor(t, net.schoolAdminA.email).get(url('participating_schools_instructors'))).json();
    expect(host.can_add).toBe(true);
    expect(host.schools.map((s: { id: number }) => s.id)).toEqual([net.schoolA.id, net.schoolB.id]);
    const [hosting, joining] = host.schools;
    expect(hosting).toMatchObject({ hosting: true, series_offered_id: null, can_remove: false, students_count: 1 });
    expect(hosting.instructors.map((i: { id: number }) => i.id).sort()).toEqual(
      [net.instructorA.id, net.otherInstructorA.id].sort(),
    );
    expect(joining).toMatchObject({ hosting: false, can_remove: true, students_count: 0 });
    expect(joining.series_offered_id).toEqual(expect.any(Number));
    expect(joining.instructors.map((i: { id: number }) => i.id)).toEqual([net.instructorB.id]);
    const participant = (await clientFor(t, net.schoolAdminB.email).get(url('participating_schools_instructors'))).json();
    expect(participant.can_add).toBe(false);
    expect(participant.schools[1]).toMatchObject({ can_remove: true, students_count: 1 });
  });

  it('takes attendance: the grid, and the first attendance makes the enrollment Attended', async () => {
    const hostAdmin = clientFor(t, net.schoolAdminA.email);
    const before = (await hostAdmin.get(url('attendances'))).json();
    expect(before.presentations.map((p: { id: number }) => p.id)).toEqual(net.presentations.map((p) => p.id));
    const [row] = before.students as Row[];
    expect(row).toMatchObject({ status: 'Applied', attended_episode_ids: [] });
    const tick = await hostAdmin.put('/api/enrollments/take_attendance', {
      episode_id: net.presentations[1]!.id,
      attendances: [{ enrollment_id: row!.enrollment_id, attended: true }],
    });
    expect(tick.statusCode).toBe(200);
    const after = (await hostAdmin.get(url('attendances'))).json();
    expect(after.students[0]).toMatchObject({ status: 'Attended', attended_episode_ids: [net.presentations[1]!.id] });
    const [stored] = await db().select().from(enrollments).where(eq(enrollments.id, row!.enrollment_id));
    expect(stored?.status).toBe('Attended');
    const listed = (await hostAdmin.get(url('students'))).json().students[0];
    expect(listed).toMatchObject({ status: 'Attended', attendances_count: 1 });
  });

  it('refuses to remove a presentation with attendances, saying how many (PUT /series/{id})', async () => {
    const hostAdmin = clientFor(t, net.schoolAdminA.email);
    const [first, second, third] = net.presentations;
    const episodes = [first!, third!].map(({ id, name }) => ({ id, name }));
    const refused = await hostAdmin.put(`/api/series/${net.seminar.id}`, {
      episodes: [...episodes, { id: second!.id, name: second!.name, _destroy: true }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual([`Presentation "${second!.name}" cannot be removed: 1 attendance holds it`]);
    const kept = (await hostAdmin.get(url('attendances'))).json();
    expect(kept.presentations).toHaveLength(3);
  });

  it('prints tickets: a PDF, eight to a page, A4 or Letter, names in any script', async () => {
    const admin = clientFor(t, net.globalAdmin.email);
    const names = ['Łucja', 'Дмитрий', 'Γιώργος', 'שרה', 'مريم', '王小明', '민준', 'Ana-María', 'Zoë'];
    for (const firstName of names) {
      const student = await createStudent(db(), { schoolId: net.schoolA.id, firstName, lastName: 'Ticket' });
      await enroll(db(), student.id, net.seminar.id, { status: 'Applied' });
    }
    const all = await admin.get(url('tickets.pdf'));
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('application/pdf');
    expect(all.headers['x-ticket-count']).toBe('11');
    expect(pageCount(all.rawPayload)).toBe(2);
    // Chinese and Korean names are printed from fonts that have them, not as empty boxes.
    const fonts = all.rawPayload.toString('latin1').match(/\/BaseFont \/[A-Z]{6}\+[\w-]+/g) ?? [];
    expect(new Set(fonts.map((font) => font.split('+')[1]))).toEqual(
      new Set(['DejaVuSans', 'DejaVuSans-Bold', 'NotoSansSC-Bold', 'NotoSansKR-Bold']),
    );
    const a4 = await admin.get(url('tickets.pdf?paper=a4'));
    expect(a4.rawPayload.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    const students = (await admin.get(url('students?per_page=3'))).json().students as Row[];
    const chosen = students.map((s) => `ids[]=${s.enrollment_id}`).join('&');
    const some = await admin.get(url(`tickets.pdf?${chosen}&paper=letter`));
    expect(some.headers['x-ticket-count']).toBe('3');
    expect(pageCount(some.rawPayload)).toBe(1);
    expect(some.rawPayload.toString('latin1')).toContain('/MediaBox [0 0 612 792]');
  });

  it('prints only the tickets of students the user sees; none is a 422 sentence', async () => {
    const participant = await clientFor(t, net.schoolAdminB.email).get(url('tickets.pdf'));
    expect(participant.headers['x-ticket-count']).toBe('1');
    const [hostRow] = (await clientFor(t, net.schoolAdminA.email).get(url('students'))).json().students as Row[];
    const foreign = await clientFor(t, net.schoolAdminB.email).get(url(`tickets.pdf?ids[]=${hostRow!.enrollment_id}`));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.body).toBe('There are no students to print tickets for.');
  });
});
