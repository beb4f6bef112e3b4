import { countCap } from '@srs/shared/common';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/core/lists.ts';
import { resolveScope } from '../src/core/scope.ts';
import { parseBracketQuery } from '../src/app.ts';
import { loadTokenUser } from '../src/auth/current-user.ts';
import { StudentListQuery } from '@srs/shared/students';
import { nameOrderSettings } from '../src/modules/students/name-order.ts';
import { seriesOfType, studentFilter } from '../src/modules/students/students.queries.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createConference, createCourse, createSchool, createStudent, createUser } from './support/factories.ts';

type Page = {
  students: { id: number }[];
  pagination: { page: number; total_count: number; total_capped: boolean; next_cursor: string | null; prev_cursor: string | null };
};

/**
 * The list in name order read its own ways (docs/decisions/011), against the general filter they
 * stand in for: every page, forwards and back, and every count, for users who see a few schools,
 * many schools, their own students, and the whole network, with the walk long enough and too short.
 */
describe('the student list in name order at network scale', () => {
  let t: TestContext;
  const users: Record<string, number> = {};
  const emails: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const conference = await createConference(db);
    const schools = [];
    for (let i = 0; i < 5; i++) schools.push(await createSchool(db, { conferenceId: conference.id }));
    const elsewhere = await createSchool(db);
    const add = async (key: string, role: Parameters<typeof createUser>[1]) => {
      const user = await createUser(db, role);
      users[key] = user.id;
      emails[key] = user.email;
    };
    await add('global admin', { roleType: 'global_admin' });
    await add('conference admin', { roleType: 'conference_admin', conferenceId: conference.id });
    await add('school admin', { roleType: 'school_admin', schoolId: schools[0]!.id });
    await add('instructor', { roleType: 'instructor', schoolId: schools[1]!.id });
    // Names bunched at one end of the order (Smith, Zimmer), spread ones (Ann, Joanne), two words
    // of one name holding the same fragment (Ann Annette), a middle name, case and apostrophes.
    const first = ['Ann', 'Anna', 'Joanne', 'Mary Ann', 'Maria', 'John', 'Ann Annette', 'Zoe', "D'Ann", 'ÉMILE'];
    const last = ['Smith', 'Smithers', 'Aaronson', 'Zimmer', 'Annan', 'Brown', "O'Brien", 'Garcia', 'Quartz'];
    const array = (values: (string | number)[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]`;
    await db.execute(sql`
      insert into students (first_name, middle_name, last_name, city, state, zip_code, country, school_id, instructor_id)
      select (${array(first)}::text[])[1 + n % ${first.length}], case when n % 7 = 0 then 'Marianne' end,
        (${array(last)}::text[])[1 + (n * 7 / 3) % ${last.length}], 'Springfield', 'IL', '62701', 'United States',
        case when n % 9 = 0 then ${elsewhere.id}::bigint
          else (${array(schools.map((s) => s.id))}::bigint[])[1 + n % 5] end,
        case when n % 4 = 0 then ${users.instructor}::bigint end
      from generate_series(1, 1700) as n`);
    const [shared] = await rows<{ id: number }>(db.execute(sql`select id from students where school_id = ${elsewhere.id} limit 1`));
    await db.execute(sql`insert into student_shares (student_id, user_id) values (${shared!.id}, ${users.instructor})`);
    const { course } = await createCourse(db);
    await db.execute(sql`insert into enrollments (student_id, series_id, status, orphaned)
      select s.id, ${course.id}, 'Enrolled', s.id % 10 = 0 from students s where s.id % 3 = 0`);
    // A renamed student leaves their old words and takes the new ones.
    const renamed = await createStudent(db, { schoolId: schools[0]!.id, firstName: 'Xavier', lastName: 'Renamed' });
    await db.execute(sql`update students set first_name = 'Annabel' where id = ${renamed.id}`);
  });
  afterAll(async () => {
    nameOrderSettings.walkBudget = 5000;
    nameOrderSettings.fewWords = 32;
    await t.close();
  });

  /** The general filter's answer: every visible student the list's filter keeps, in name order. */
  const expected = async (who: string, params: string) => {
    const user = await loadTokenUser(t.database.db, users[who]!);
    const scope = await resolveScope(t.database.db, user!);
    const query = StudentListQuery.parse(parseBracketQuery(params));
    const found = await rows<{ id: number }>(
      t.database.db.execute(sql`select s.id from students s
        where ${studentFilter(scope, query, 30, await seriesOfType(t.database.db, query))}
        order by s.last_name, s.first_name, s.id`),
    );
    return found.map((row) => Number(row.id));
  };

  const words = (text: string) => text.split(' ').map((w) => `full_name_i_cont_all[]=${encodeURIComponent(w)}`).join('&');
  const lists = [
    ...['ann', 'smith', 'zim', 'mar', 'émile', "o'b", 'ann smith', 'anne mari', 'nn', 'renamed', 'xavier', 'annabel', 'zzz', '50%'].map(words),
    '',
    'enrollments_series_type_eq=Course',
    `${words('ann')}&section=mine`,
    `${words('smi')}&enrollments_series_type_eq=Course`,
    'section=shared',
    'query=1',
  ];
  // The walk's length, and whether the words' lists are read first, matter only to users who see
  // many schools: the small network's words are few, so no word's lists come first with fewWords 0.
  for (const [budget, few] of [[5000, 32], [5000, 0], [40, 0]] as const) {
    const everyone = budget === 5000 && few === 32;
    for (const who of everyone ? ['global admin', 'conference admin', 'school admin', 'instructor'] : ['global admin', 'conference admin']) {
      it(`finds what the general filter finds, page by page both ways (${who}, walk of ${budget}, lists first up to ${few} words)`, async () => {
        nameOrderSettings.walkBudget = budget;
        nameOrderSettings.fewWords = few;
        const headers = await t.headersFor(emails[who]!);
        for (const params of lists) {
          const list = `${params}&sortBy=name&orderBy=asc&per_page=200`;
          const all = await expected(who, list);
          const get = async (rest: string) => {
            const response = await t.app.inject({ method: 'GET', url: `/api/students?${list}&${rest}`, headers });
            expect(response.statusCode, response.body).toBe(200);
            return response.json() as Page;
          };
          let page = await get('page=1');
          expect(page.pagination.total_count, `${who} '${params}' count`).toBe(Math.min(all.length, countCap));
          expect(page.pagination.total_capped, `${who} '${params}' capped`).toBe(all.length > countCap);
          const forwards = [page.students.map((s) => s.id)];
          while (page.pagination.next_cursor) {
            page = await get(`page=${page.pagination.page + 1}&after=${page.pagination.next_cursor}`);
            forwards.push(page.students.map((s) => s.id));
          }
          expect(forwards.flat(), `${who} '${params}' forwards`).toEqual(all);
          const backwards = [forwards.at(-1)];
          while (page.pagination.prev_cursor) {
            page = await get(`page=${page.pagination.page - 1}&before=${page.pagination.prev_cursor}`);
            backwards.unshift(page.students.map((s) => s.id));
          }
          expect(backwards, `${who} '${params}' backwards`).toEqual(forwards);
          if (forwards.length > 2) expect((await get('page=3')).students.map((s) => s.id)).toEqual(forwards[2]);
        }
      });
    }
  }

  it('asks the database twice for a search, whichever way it reads: the counter, then the page with its students and count', async () => {
    // Each statement sent costs more than most of them do (docs/decisions/031): a page in name order,
    // its students and its count are one, whatever the way, so a search is the counter and that.
    nameOrderSettings.walkBudget = 5000;
    const db = t.database.db;
    const execute = db.execute.bind(db);
    let sent = 0;
    db.execute = ((...args: Parameters<typeof db.execute>) => {
      sent += 1;
      return execute(...args);
    }) as typeof db.execute;
    // 1,480 students hold a word with 'zed', in three words of 500 students each, ten of them in all
    // three (Zedaa Zedbb Zedcc): whichever two lists the count reads first, they share ten students.
    await db.execute(sql`
      insert into students (first_name, middle_name, last_name, city, state, zip_code, country, school_id)
      select case when n <= 500 then 'Zedaa' when n <= 990 then 'Zedbb' else 'Zedcc' end,
        case when n <= 10 then 'Zedbb' end, case when n <= 10 then 'Zedcc' else 'Quint' end,
        'Springfield', 'IL', '62701', 'United States', (select min(id) from schools)
      from generate_series(1, 1480) as n`);
    try {
      // [who, search, statements with the words' lists first up to 32 words, with the walk first]
      const cases: [string, string, number, number][] = [
        // A frequent name: a full page, counted in its statement, whichever way.
        ['global admin', 'smith', 2, 2],
        ['conference admin', 'smith', 2, 2],
        ['school admin', 'smith', 2, 2],
        ['instructor', 'smith', 2, 2],
        // Many students hold two words with 'ann' (Ann Annette, Marianne): the count's first read
        // of 1,001 entries holds fewer students than the cap, so it reads twice as many.
        ['global admin', 'ann', 3, 3],
        // A few students read twice ('zed': 10 in the first 1,001 entries) no longer leave the
        // count unsure: its first read is 63 entries longer than the cap and one.
        ['global admin', 'zed', 2, 2],
        // One student: the words' lists first give the last page, which counts itself; the walk
        // first reads this whole small network, does not fill the page, and the lists come next.
        ['global admin', 'annabel', 2, 3],
        // Nobody: an empty answer is asked again of the words' lists.
        ['global admin', 'xavier', 3, 3],
      ];
      for (const [who, text, listsFirst, walkFirst] of cases) {
        for (const few of [32, 0]) {
          nameOrderSettings.fewWords = few;
          const headers = await t.headersFor(emails[who]!);
          const url = `/api/students?${words(text)}&sortBy=name&orderBy=asc&page=1&per_page=25`;
          // Once first: a first request of a session also reads the user.
          expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
          sent = 0;
          const response = await t.app.inject({ method: 'GET', url, headers });
          expect(response.statusCode, response.body).toBe(200);
          expect(sent, `${who} '${text}', lists first up to ${few} words`).toBe(few === 32 ? listsFirst : walkFirst);
        }
      }
    } finally {
      db.execute = execute;
      nameOrderSettings.fewWords = 32;
    }
  });

  it('keeps the words of every name as the names change', async () => {
    const db = t.database.db;
    const words = async (name: string) =>
      (
        await rows<{ n: number }>(
          db.execute(sql`select count(*)::int as n from student_words sw join name_words w on w.id = sw.word_id
            join students s on s.id = sw.student_id where w.word = ${name}`),
        )
      )[0]?.n;
    expect(await words('xavier')).toBe(0);
    expect(await words('annabel')).toBe(1);
    // Every student's words, and no others.
    const [check] = await rows<{ missing: number; extra: number }>(
      db.execute(sql`
        with wanted as (select distinct s.id, t.word, s.last_name, s.first_name, s.school_id, s.instructor_id
            from students s cross join regexp_split_to_table(s.search_name, ' ') t(word) where t.word <> ''),
          held as (select sw.student_id as id, w.word, sw.last_name, sw.first_name, sw.school_id, sw.instructor_id
            from student_words sw join name_words w on w.id = sw.word_id)
        select (select count(*) from (select * from wanted except select * from held) x)::int as missing,
          (select count(*) from (select * from held except select * from wanted) x)::int as extra`),
    );
    expect(check).toEqual({ missing: 0, extra: 0 });
  });
});
