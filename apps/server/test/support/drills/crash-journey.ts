import type { Database } from '../../../src/db/client.ts';
import type { CrashFixture } from './crash-fixture.ts';

/**
 * One client's journey in the crash drill: the writes a school admin makes for two new students
 * (the new-student wizard's POST, lessons sent, a lesson received with a decision, a visit with a
 * note, a reminder, a bulk reassign, a delete and its restore from the versions) and, as the
 * global admin, an interest CSV import. Everything it writes carries the journey's marker, so the
 * drill finds it again in the database and compares it with what the answers said.
 */

/** What the journey's records should be: after every acknowledged write (and maybe the unanswered one). */
export type JourneyState = {
  /** Students with the marker: 0, 1 or 2 (the first deleted and not restored counts 0). */
  students: number;
  /** The first student's destroy versions: one per delete. */
  destroyed: number;
  enrollments: number;
  deliveries: number;
  completed: number;
  decisions: number;
  visits: number;
  visitNotes: number;
  reminders: number;
  /** Students of the journey whose instructor is the reassign's target. */
  reassigned: number;
  interests: number;
};

export const emptyState: JourneyState = {
  students: 0,
  destroyed: 0,
  enrollments: 0,
  deliveries: 0,
  completed: 0,
  decisions: 0,
  visits: 0,
  visitNotes: 0,
  reminders: 0,
  reassigned: 0,
  interests: 0,
};

export type Request = { user: 'admin' | 'global'; method: 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown };

/** What a step builds its request with: the database (ids of what earlier steps wrote) and the API (a preview). */
export type StepContext = { database: Database; call: (request: Request) => Promise<{ status: number; body: unknown }> };

export type Step = {
  name: string;
  /** Built when the step runs: ids come from the database, as the earlier steps left it. */
  request: (context: StepContext) => Promise<Request>;
  /** The journey's state once this step is applied. */
  apply: (state: JourneyState) => JourneyState;
};

const firstStudent = (marker: string) => `drill ${marker} 1`;
const secondStudent = (marker: string) => `drill ${marker} 2`;

async function one<T>(database: Database, text: string, params: unknown[]): Promise<T> {
  const [row] = await database.query<T>(text, params);
  if (!row) throw new Error(`Not found: ${text} ${JSON.stringify(params)}`);
  return row;
}

const studentId = async (database: Database, address2: string) =>
  (await one<{ id: number }>(database, 'select id from students where address_2 = $1', [address2])).id;
const enrollmentId = async (database: Database, marker: string) =>
  (
    await one<{ id: number }>(
      database,
      'select e.id from enrollments e join students s on s.id = e.student_id where s.address_2 = $1',
      [firstStudent(marker)],
    )
  ).id;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function newStudent(fixture: CrashFixture, marker: string, address2: string, withCourse: boolean) {
  return {
    first_name: 'Drill',
    last_name: `Crash${marker}`,
    address: '1 Kill Street',
    address_2: address2,
    city: 'Springfield',
    state: 'Illinois',
    country: 'United States',
    zip_code: '62701',
    school_id: fixture.schoolId,
    // The head school admin, who is told by mail (the global admin adds the student).
    instructor_id: fixture.headAdminId,
    ...(withCourse ? { series_id: fixture.courseId } : {}),
    notify_instructor_by_email: true,
    request_key: `drill-${marker}-${address2.slice(-1)}`,
  };
}

/** The steps of the journey with this marker, in order. */
export function journeySteps(fixture: CrashFixture, marker: string, target: number): Step[] {
  const put = (body: unknown) => async ({ database }: StepContext): Promise<Request> => ({
    user: 'admin',
    method: 'PUT',
    url: `/api/enrollments/${await enrollmentId(database, marker)}`,
    body,
  });
  const [first, second] = fixture.lessonIds;
  return [
    {
      name: 'new student with a course',
      request: async () => ({ user: 'global', method: 'POST', url: '/api/students', body: newStudent(fixture, marker, firstStudent(marker), true) }),
      apply: (s) => ({ ...s, students: s.students + 1 }),
    },
    {
      // The wizard's second call: the enrollment in the course chosen.
      name: 'enrollment in a course',
      request: async ({ database }) => ({
        user: 'global',
        method: 'POST',
        url: '/api/enrollments',
        body: { student_id: await studentId(database, firstStudent(marker)), series_id: fixture.courseId },
      }),
      apply: (s) => ({ ...s, enrollments: s.enrollments + 1 }),
    },
    {
      name: 'new student',
      request: async () => ({ user: 'global', method: 'POST', url: '/api/students', body: newStudent(fixture, marker, secondStudent(marker), false) }),
      apply: (s) => ({ ...s, students: s.students + 1 }),
    },
    {
      name: 'lessons sent',
      request: put({
        episode_deliveries_attributes: [
          { episode_id: first, date_sent: day(-20), delivery_type: 'PO' },
          { episode_id: second, date_sent: day(-20), delivery_type: 'PO' },
        ],
      }),
      apply: (s) => ({ ...s, deliveries: s.deliveries + 2 }),
    },
    {
      name: 'lesson received with a decision',
      request: async (context) => {
        const { database } = context;
        const delivery = await one<{ id: number }>(
          database,
          'select id from episode_deliveries where enrollment_id = $1 and episode_id = $2',
          [await enrollmentId(database, marker), first],
        );
        return put({
          episode_deliveries_attributes: [
            { id: delivery.id, date_completed: day(-5), decisions_attributes: [{ decision_option_id: fixture.optionIds[0] }] },
          ],
        })(context);
      },
      apply: (s) => ({ ...s, completed: s.completed + 1, decisions: s.decisions + 1 }),
    },
    {
      name: 'visit with a note',
      request: put({ visits_attributes: [{ date: day(-2), notes_attributes: [{ type: 'Note', text: `Visited ${marker}` }] }] }),
      apply: (s) => ({ ...s, visits: s.visits + 1, visitNotes: s.visitNotes + 1 }),
    },
    {
      name: 'reminder',
      request: put({ reminders_attributes: [{ date: day(7) }] }),
      apply: (s) => ({ ...s, reminders: s.reminders + 1 }),
    },
    {
      name: 'bulk reassign',
      request: async ({ database }) => ({
        user: 'admin',
        method: 'PUT',
        url: '/api/students/bulk_reassign',
        body: {
          student_ids: [await studentId(database, firstStudent(marker)), await studentId(database, secondStudent(marker))],
          instructor_id: target,
        },
      }),
      apply: (s) => ({ ...s, reassigned: 2 }),
    },
    {
      name: 'delete',
      request: async ({ database }) => ({
        user: 'admin',
        method: 'DELETE',
        url: `/api/students/${await studentId(database, firstStudent(marker))}`,
      }),
      // The student's enrollment and everything on it go with it (the foreign keys cascade).
      apply: (s) => ({ ...emptyState, students: s.students - 1, destroyed: s.destroyed + 1, reassigned: 1, interests: s.interests }),
    },
    {
      name: 'restore from the versions',
      request: async ({ database }) => {
        const version = await one<{ id: number }>(
          database,
          `select v.id from versions v where v.item_type = 'Student' and v.event = 'destroy'
            and v.object ->> 'address2' = $1 order by v.id desc limit 1`,
          [firstStudent(marker)],
        );
        return { user: 'admin', method: 'POST', url: `/api/versions/${version.id}/restore` };
      },
      // Everything the delete took comes back: the steps before it were all applied to reach it.
      apply: (s) => ({
        ...s,
        students: s.students + 1,
        enrollments: 1,
        deliveries: 2,
        completed: 1,
        decisions: 1,
        visits: 1,
        visitNotes: 1,
        reminders: 1,
        reassigned: 2,
      }),
    },
    ...(fixture.interestTracking
      ? [
          {
            name: 'interest CSV import',
            request: async ({ call }: StepContext): Promise<Request> => {
              const file = interestCsv(marker);
              const preview = await call({ user: 'global', method: 'POST', url: '/api/interests/import', body: { file, dry_run: true } });
              const token = (preview.body as { preview_token?: string } | null)?.preview_token;
              if (preview.status !== 200 || !token) throw new Error(`The import's preview answered ${preview.status}`);
              return { user: 'global', method: 'POST', url: '/api/interests/import', body: { file, preview_token: token } };
            },
            apply: (s: JourneyState) => ({ ...s, interests: s.interests + 2 }),
          } satisfies Step,
        ]
      : []),
  ];
}

export const interestCsv = (marker: string) =>
  ['first_name,last_name,email,zip_code', `Ima,Drill${marker},a.${marker}@drill.test,62701`, `Ura,Drill${marker},b.${marker}@drill.test,62702`].join('\n');

/**
 * The journey's records as the database holds them, in one query. Only rows with their versions
 * count: a row without its version is counted in `unversioned` instead, which is never expected.
 * Each kind's ids are gathered as an array from the ids of the kind above it (index lookups only),
 * so that the read costs the same in a database of a thousand rounds as in a new one.
 */
export async function readJourney(
  database: Database,
  marker: string,
  target: number,
): Promise<JourneyState & { unversioned: number }> {
  const row = await one<JourneyState & { unversioned: number }>(
    database,
    `select cardinality(a.s)::int as students,
      (select count(*) from versions v where v.item_type = 'Student' and v.event = 'destroy'
        and v.object ->> 'address2' = $1)::int as destroyed,
      cardinality(b.e)::int as enrollments,
      cardinality(c.d)::int as deliveries,
      (select count(*) from episode_deliveries x where x.id = any(c.d) and x.date_completed is not null)::int as completed,
      cardinality(f.de)::int as decisions,
      cardinality(g.vi)::int as visits,
      cardinality(h.n)::int as "visitNotes",
      cardinality(k.r)::int as reminders,
      (select count(*) from students x where x.id = any(a.s) and x.instructor_id = $3)::int as reassigned,
      cardinality(m.i)::int as interests,
      (select count(*) from (values ('Student', a.s), ('Enrollment', b.e), ('EpisodeDelivery', c.d), ('Visit', g.vi),
          ('Reminder', k.r), ('Decision', f.de), ('Note', h.n), ('Interest', m.i)) t(kind, ids)
        cross join unnest(t.ids) u(id)
        where not exists (select 1 from versions v where v.item_type = t.kind and v.item_id = u.id))::int as unversioned
    from (select array(select id from students where address_2 in ($1, $2))::bigint[] as s) a
    cross join lateral (select array(select id from enrollments where student_id = any(a.s))::bigint[] as e) b
    cross join lateral (select array(select id from episode_deliveries where enrollment_id = any(b.e))::bigint[] as d) c
    cross join lateral (select array(select id from decisions where episode_delivery_id = any(c.d))::bigint[] as de) f
    cross join lateral (select array(select id from visits where enrollment_id = any(b.e))::bigint[] as vi) g
    cross join lateral (select array(select id from notes where visit_id = any(g.vi))::bigint[] as n) h
    cross join lateral (select array(select id from reminders where enrollment_id = any(b.e))::bigint[] as r) k
    cross join lateral (select array(select id from interests where email in ($4, $5))::bigint[] as i) m`,
    [firstStudent(marker), secondStudent(marker), target, `a.${marker}@drill.test`, `b.${marker}@drill.test`],
  );
  return row;
}

export const sameState = (a: JourneyState, b: JourneyState) =>
  (Object.keys(emptyState) as (keyof JourneyState)[]).every((key) => a[key] === b[key]);

export const describeState = (state: JourneyState) =>
  (Object.keys(emptyState) as (keyof JourneyState)[]).map((key) => `${key}=${state[key]}`).join(' ');
