import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/core/lists.ts';
import { studentColumnsAs, studentEmailKey, studentNameZipKey, studentPhoneKey } from '../src/db/schema/person-keys.ts';
import { personKeys } from '../src/modules/students/same-person.queries.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { countedStudentKeys, keptStudentKeys } from './support/drills/kept-counts.ts';
import { createConference, createStudent, createUser } from './support/factories.ts';
import { createStaffedSchool } from './support/student-factories.ts';

type Student = { id: number; first_name: string; school: { id: number }; registration_numbers: string[] };
type Pair = { students: [Student, Student]; reasons: string[] };
type Page = { pairs: Pair[]; next: string | null };
type Headers = Record<string, string>;

/** Issue 27: likely duplicate students, the keys they share, and the pairs said not to be one person. */
describe('likely duplicate students (issue 27)', () => {
  let t: TestContext;
  let global: Headers;
  let conference: Headers;
  let adminA: Headers;
  let adminB: Headers;
  let instructor: Headers;
  let schoolA: { id: number; schoolCode: string };
  let schoolB: { id: number };
  const ids: Record<string, number> = {};

  const list = async (headers: Headers, after?: string) => {
    const url = `/api/students/duplicates${after ? `?after=${encodeURIComponent(after)}` : ''}`;
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };
  const notSame = (headers: Headers, student_ids: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/students/duplicates/not_same_person', headers, payload: { student_ids } });
  const pairOf = (page: Page, a: number, b: number) =>
    page.pairs.find((pair) => pair.students.map((s) => s.id).join() === [Math.min(a, b), Math.max(a, b)].join());
  const student = async (name: string, values: Parameters<typeof createStudent>[1]) => {
    ids[name] = (await createStudent(t.database.db, values)).id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const { id: conferenceId } = await createConference(db);
    const a = await createStaffedSchool(db, { schoolCode: 'DUPA', conferenceId });
    const b = await createStaffedSchool(db, { schoolCode: 'DUPB', conferenceId });
    schoolA = a.school;
    schoolB = b.school;
    adminA = await t.headersFor(a.head.email);
    adminB = await t.headersFor(b.head.email);
    global = await t.headersFor((await createUser(db, { roleType: 'global_admin' })).email);
    conference = await t.headersFor((await createUser(db, { roleType: 'conference_admin', conferenceId })).email);
    instructor = await t.headersFor((await createUser(db, { roleType: 'instructor', schoolId: schoolA.id })).email);
    const A = schoolA.id;
    const old = (days: number) => new Date(Date.now() - days * 86_400_000);
    // Accents, case and spacing: one person by name and zip code (a US zip's 5 digits).
    await student('jose1', { schoolId: A, firstName: 'José', lastName: 'Pérez  García', zipCode: '62701-1234', createdAt: old(30) });
    await student('jose2', { schoolId: A, firstName: ' JOSE', lastName: 'perez garcia ', zipCode: '62701', createdAt: old(29) });
    // Case and spaces of an email; the punctuation and country code of a phone.
    await student('ana1', { schoolId: A, firstName: 'Ana', lastName: 'One', email: ' Ana@Known.Example', createdAt: old(20) });
    await student('ana2', { schoolId: A, firstName: 'Anne', lastName: 'Two', email: 'ana@known.example', createdAt: old(19) });
    await student('tel1', { schoolId: A, firstName: 'Tel', lastName: 'One', phone: '+1 (555) 010-2030', createdAt: old(10) });
    await student('tel2', { schoolId: A, firstName: 'Tel', lastName: 'Two', phone: '555.010.2030', createdAt: old(9) });
    // Every key shared (the strongest), and two keys shared (email and phone).
    const all = { firstName: 'Lía', lastName: 'Strong', zipCode: '62702', email: 'lia@strong.example', phone: '555 777 8888' };
    await student('all1', { schoolId: A, ...all, createdAt: old(40) });
    await student('all2', { schoolId: A, ...all, firstName: 'LIA', createdAt: old(39) });
    await student('two1', { schoolId: A, firstName: 'Two', lastName: 'Keys', email: 'two@keys.example', phone: '5551112222', createdAt: old(50) });
    await student('two2', { schoolId: A, firstName: 'Other', lastName: 'Name', email: 'TWO@keys.example', phone: '555-111-2222', createdAt: old(49) });
    // Not the same: a short phone, different zips, nothing typed.
    await student('short1', { schoolId: A, firstName: 'Short', lastName: 'Phone', phone: '123', zipCode: '11111' });
    await student('short2', { schoolId: A, firstName: 'Short', lastName: 'Phone', phone: '123', zipCode: '22222' });
    // Across schools: the same email in A and in B.
    await student('crossA', { schoolId: A, firstName: 'Cross', lastName: 'Alpha', email: 'cross@two.example' });
    await student('crossB', { schoolId: schoolB.id, firstName: 'Cross', lastName: 'Beta', email: 'cross@two.example' });
    // An erased student is nobody's duplicate.
    await student('erased1', { schoolId: A, firstName: 'Gone', lastName: 'Person', email: 'gone@erased.example' });
    await student('erased2', { schoolId: A, firstName: 'Still', lastName: 'Here', email: 'gone@erased.example', erasedAt: new Date() });
  });
  afterAll(async () => t.close());

  it('pairs students by the same name and zip, email or phone, with accents, case, spacing and punctuation ignored', async () => {
    const page = await list(adminA);
    expect(pairOf(page, ids.jose1!, ids.jose2!)?.reasons).toEqual(['name_and_zip']);
    expect(pairOf(page, ids.ana1!, ids.ana2!)?.reasons).toEqual(['email']);
    expect(pairOf(page, ids.tel1!, ids.tel2!)?.reasons).toEqual(['phone']);
    expect(pairOf(page, ids.short1!, ids.short2!)).toBeUndefined();
    expect(pairOf(page, ids.erased1!, ids.erased2!)).toBeUndefined();
    const [older, newer] = pairOf(page, ids.jose1!, ids.jose2!)!.students;
    expect([older.id, newer.id]).toEqual([ids.jose1, ids.jose2]);
    expect(older.school.id).toBe(schoolA.id);
    expect(older.registration_numbers).toEqual([]);
  });

  it('puts the strongest first: every key, then two, then one, the newer pair first among equals', async () => {
    const page = await list(adminA);
    const order = page.pairs.map((pair) => pair.students[0].id);
    expect(order).toEqual([ids.all1, ids.two1, ids.tel1, ids.ana1, ids.jose1]);
    expect(page.pairs[0]!.reasons).toEqual(['email', 'phone', 'name_and_zip']);
    expect(page.pairs[1]!.reasons).toEqual(['email', 'phone']);
    expect(page.next).toBeNull();
  });

  it('shows a pair across two schools only to someone who sees both', async () => {
    const across = (page: Page) => pairOf(page, ids.crossA!, ids.crossB!);
    expect(across(await list(adminA))).toBeUndefined();
    expect(across(await list(adminB))).toBeUndefined();
    expect(across(await list(conference))?.reasons).toEqual(['email']);
    expect(across(await list(global))?.reasons).toEqual(['email']);
  });

  it('makes no pairs of a key more than twenty of the network share, and keeps each key counted through edits, erasure and deletion', async () => {
    const db = t.database.db;
    const elsewhere = (await createStaffedSchool(db, { schoolCode: 'DUPMANY' })).school.id;
    const phone = '555 313 0000';
    const inB: number[] = [];
    for (const name of ['Many', 'Manny']) inB.push((await createStudent(db, { schoolId: schoolB.id, firstName: name, lastName: 'Shared', phone })).id);
    const others: number[] = [];
    for (let i = 0; i < 19; i += 1) others.push((await createStudent(db, { schoolId: elsewhere, firstName: `Other${i}`, lastName: 'Shared', phone })).id);
    // Seen by the admin of one school (their students' keys) and by a global admin (the shared keys).
    // The twenty's 190 pairs fill pages: every page is read.
    const shared = async (headers: Headers) => {
      const pairs: Pair[] = [];
      for (let after: string | null | undefined; after !== null; ) {
        const page = await list(headers, after);
        pairs.push(...page.pairs);
        after = page.next;
      }
      return pairOf({ pairs, next: null }, inB[0]!, inB[1]!);
    };
    // 21 students hold the phone: it names no one person, even to an admin who sees two of them.
    expect(await shared(adminB)).toBeUndefined();
    expect(await shared(global)).toBeUndefined();
    await t.database.query('delete from students where id = $1', [others.pop()]);
    expect((await shared(adminB))?.reasons).toEqual(['phone']);
    expect((await shared(global))?.reasons).toEqual(['phone']);
    // Another phone, then the same one typed differently: out of the key and back in.
    await t.database.query('update students set phone = $1 where id = $2', ['555 313 9999', others[0]]);
    await t.database.query('update students set phone = $1 where id = $2', ['+1 555-313-0000', others[0]]);
    await t.database.query('update students set phone = $1, erased_at = now() where id = $2', [phone, others[1]]);
    await t.database.query('update students set first_name = $1 where id = $2', ['Renamed', others[2]]);
    const [kept] = await t.database.query<{ students: number }>(
      "select students from student_key_counts where kind = 2 and key = '5553130000'",
    );
    expect(kept?.students).toBe(19);
    expect((await t.database.query<{ n: number }>(`select count(*)::int as n from (((${countedStudentKeys}) except (${keptStudentKeys}))
      union all ((${keptStudentKeys}) except (${countedStudentKeys}))) x`))[0]!.n).toBe(0);
    await t.database.query('delete from students where id = any($1::bigint[])', [[...inB, ...others]]);
  });

  it('is for admins, signed in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/students/duplicates' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/students/duplicates', headers: instructor })).statusCode).toBe(403);
    expect((await notSame(instructor, [ids.ana1, ids.ana2])).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: '/api/students/duplicates?after=nonsense', headers: adminA });
    expect(bad.statusCode).toBe(422);
  });

  it('remembers a pair said not to be the same person, whichever way round, and never offers it again', async () => {
    expect((await notSame(adminA, [ids.ana2, ids.ana1])).statusCode).toBe(204);
    expect(pairOf(await list(adminA), ids.ana1!, ids.ana2!)).toBeUndefined();
    expect(pairOf(await list(global), ids.ana1!, ids.ana2!)).toBeUndefined();
    // Said again: the same answer, one row.
    expect((await notSame(global, [ids.ana1, ids.ana2])).statusCode).toBe(204);
    const said = await t.database.query<{ n: number; by: number | null }>(
      'select count(*)::int as n, min(said_by_id)::int as by from students_not_same_person where student_id = $1 and other_student_id = $2',
      [ids.ana1, ids.ana2],
    );
    expect(said[0]!.n).toBe(1);
    expect(said[0]!.by).not.toBeNull();
  });

  it('brings a pair said not to be the same person back with a student deleted and restored', async () => {
    await student('back1', { schoolId: schoolA.id, firstName: 'Back', lastName: 'Again', email: 'back@again.example' });
    await student('back2', { schoolId: schoolA.id, firstName: 'Other', lastName: 'Back', email: 'BACK@again.example' });
    expect(pairOf(await list(adminA), ids.back1!, ids.back2!)).toBeDefined();
    expect((await notSame(adminA, [ids.back1, ids.back2])).statusCode).toBe(204);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/students/${ids.back2}`, headers: adminA });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const [version] = await t.database.query<{ id: number }>(
      `select id::int as id from versions where item_type = 'Student' and item_id = $1 and event = 'destroy'`,
      [ids.back2],
    );
    const restored = await t.app.inject({ method: 'POST', url: `/api/versions/${version!.id}/restore`, headers: adminA });
    expect(restored.statusCode, restored.body).toBe(200);
    // Still said: never offered again.
    expect(pairOf(await list(adminA), ids.back1!, ids.back2!)).toBeUndefined();
    const said = await t.database.query<{ by: number | null }>(
      'select said_by_id::int as by from students_not_same_person where student_id = $1 and other_student_id = $2',
      [Math.min(ids.back1!, ids.back2!), Math.max(ids.back1!, ids.back2!)],
    );
    expect(said).toHaveLength(1);
    expect(said[0]!.by).not.toBeNull();
  });

  it('answers 404 for a student out of scope, 422 for one student twice', async () => {
    expect((await notSame(adminA, [ids.crossA, ids.crossB])).statusCode).toBe(404);
    expect((await notSame(adminB, [ids.crossA, ids.crossB])).statusCode).toBe(404);
    expect((await notSame(adminA, [ids.jose1, 999_999_999])).statusCode).toBe(404);
    expect((await notSame(adminA, [ids.jose1, ids.jose1])).statusCode).toBe(422);
    expect((await notSame(adminA, [ids.jose1])).statusCode).toBe(422);
    expect(pairOf(await list(conference), ids.crossA!, ids.crossB!)).toBeDefined();
  });

  it('pages by key, 50 pairs a page', async () => {
    const db = t.database.db;
    const c = await createStaffedSchool(db, { schoolCode: 'DUPC' });
    const headers = await t.headersFor(c.head.email);
    for (let n = 0; n < 55; n += 1) {
      const email = `page${n}@pages.example`;
      await createStudent(db, { schoolId: c.school.id, firstName: 'Page', lastName: `One${n}`, email });
      await createStudent(db, { schoolId: c.school.id, firstName: 'Page', lastName: `Two${n}`, email });
    }
    const first = await list(headers);
    expect(first.pairs).toHaveLength(50);
    expect(first.next).not.toBeNull();
    const second = await list(headers, first.next!);
    expect(second.pairs).toHaveLength(5);
    expect(second.next).toBeNull();
    const seen = new Set([...first.pairs, ...second.pairs].map((pair) => pair.students[0].id));
    expect(seen.size).toBe(55);
  });

  it('gives a person not stored the keys the students index holds: the import matches by them', async () => {
    const db = t.database.db;
    const [mine] = await personKeys(db, [
      { first_name: 'JOSÉ ', last_name: 'Perez   Garcia', zip_code: ' 62701 ', email: ' LIA@strong.example ', phone: '(555) 777-8888' },
    ]);
    // The stored students' keys, by the index's own expressions.
    const s = studentColumnsAs('s');
    const keysOf = async (id: number) =>
      (
        await rows<{ email: string | null; phone: string | null; name_and_zip: string | null }>(
          db.execute(
            sql`select ${studentEmailKey(s)} as email, ${studentPhoneKey(s)} as phone, ${studentNameZipKey(s)} as name_and_zip
              from students s where s.id = ${id}`,
          ),
        )
      )[0]!;
    expect(mine!.name_and_zip).toBe((await keysOf(ids.jose1!)).name_and_zip);
    expect(mine!.name_and_zip).toBe('jose|perez garcia|62701');
    expect(mine!.email).toBe((await keysOf(ids.all1!)).email);
    expect(mine!.phone).toBe((await keysOf(ids.all1!)).phone);
    // The import's preview names the same students, for the same reasons.
    const file = [
      'First Name,Last Name,Address,City,State,Zip Code,E-mail,Phone',
      'Jose,PEREZ GARCIA,1 Main St,Springfield,IL,62701,,',
      'Someone,Else,2 Main St,Springfield,IL,99999,,+1 555 010 2030',
    ].join('\n');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/students/import',
      headers: adminA,
      payload: { file, school_id: schoolA.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const found = (response.json() as { rows: { line: number; status: string; match: { student_id: number; why: string[] } | null }[] }).rows;
    expect(found.map((row) => [row.status, row.match?.student_id, row.match?.why])).toEqual([
      ['match', ids.jose1, ['name_and_zip']],
      ['match', ids.tel1, ['phone']],
    ]);
  });

  it("checks the new-student form's person by the same keys, among the students the user sees", async () => {
    const check = async (headers: Headers, query: Record<string, string>) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/students/likely_duplicates', headers, query });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { students: { id: number; reasons: string[] }[] }).students;
    };
    const typed = { first_name: 'Jose', last_name: 'PÉREZ GARCIA', zip_code: '62701', phone: '(555) 777 8888' };
    expect(await check(adminA, typed)).toEqual([
      expect.objectContaining({ id: ids.jose1, reasons: ['name_and_zip'] }),
      expect.objectContaining({ id: ids.jose2, reasons: ['name_and_zip'] }),
      expect.objectContaining({ id: ids.all1, reasons: ['phone'] }),
      expect.objectContaining({ id: ids.all2, reasons: ['phone'] }),
    ]);
    // Most keys shared first.
    const strong = await check(adminA, { first_name: 'lia', last_name: 'strong', zip_code: '62702', email: 'LIA@strong.example' });
    expect(strong.map((found) => found.reasons)).toEqual([['email', 'name_and_zip'], ['email', 'name_and_zip']]);
    expect((await check(adminB, { email: 'Cross@Two.example ' })).map((found) => found.id)).toEqual([ids.crossB]);
    // An instructor sees only their own and shared students: none of these.
    expect(await check(instructor, typed)).toEqual([]);
    expect(await check(adminA, { first_name: 'Jose' })).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/students/likely_duplicates', query: typed })).statusCode).toBe(401);
  });

  it('finds a stored student by each key through its index', async () => {
    const k = studentColumnsAs('k');
    const plans: string[] = [];
    for (const key of [studentEmailKey(k), studentPhoneKey(k), studentNameZipKey(k)]) {
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const plan = await rows<Record<string, string>>(
          tx.execute(sql`explain select k.id from students k where ${key} is not null and ${key} = any(${sql.param(['x'])}::text[])`),
        );
        plans.push(plan.map((row) => Object.values(row)[0]).join('\n'));
      });
    }
    expect(plans[0]).toContain('students_email_key_idx');
    expect(plans[1]).toContain('students_phone_key_idx');
    expect(plans[2]).toContain('students_name_zip_key_idx');
  });
});
