import { addMonths, type InterestTrackingResponse } from '@srs/shared/interest-tracking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../src/core/csv.ts';
import { interests } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createConference, createSchool, createUser } from './support/factories.ts';

/** The local day `n` days before today, as the server counts ages (core/csv.ts today()). */
function daysAgo(n: number): string {
  const [year, month, day] = today().split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day - n));
  return date.toISOString().slice(0, 10);
}
const daysSince = (iso: string) => (Date.parse(`${today()}T00:00:00Z`) - Date.parse(`${iso}T00:00:00Z`)) / 86_400_000;

type Row = typeof interests.$inferInsert;
const interest = (receivedOn: string, extra: Partial<Row> = {}): Row => ({
  firstName: 'Lydia',
  lastName: 'Purple',
  receivedOn,
  status: 'new',
  ...extra,
});

describe('GET /api/interests/tracking with interest tracking off', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('does not exist', async () => {
    const admin = await createUser(t.database.db, { roleType: 'global_admin' });
    const response = await t.app.inject({ method: 'GET', url: '/api/interests/tracking', headers: await t.headersFor(admin.email) });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/interests/tracking (interest tracking on)', () => {
  let t: TestContext;
  let admin: string;
  let alpha: { id: number; school_code: string; church_name: string };
  let beta: { id: number; school_code: string; church_name: string };
  const get = async (query = '', email = admin) =>
    t.app.inject({ method: 'GET', url: `/api/interests/tracking${query}`, headers: await t.headersFor(email) });
  const report = async (query = '') => {
    const response = await get(query);
    expect(response.statusCode).toBe(200);
    return response.json() as InterestTrackingResponse;
  };

  beforeAll(async () => {
    t = await createTestApp({ FEATURE_INTEREST_TRACKING: 'true' });
    const { db } = t.database;
    // The template's demo interests would blur the counts: this file's copy starts without any.
    await t.database.exec('delete from interests');
    admin = (await createUser(db, { roleType: 'global_admin' })).email;
    const a = await createSchool(db, { churchName: 'Alpha Church', schoolCode: 'TRK-A' });
    const b = await createSchool(db, { churchName: 'Beta Church', schoolCode: 'TRK-B' });
    alpha = { id: a.id, school_code: a.schoolCode, church_name: a.churchName };
    beta = { id: b.id, school_code: b.schoolCode, church_name: b.churchName };
    const A = { schoolId: a.id };
    const B = { schoolId: b.id };
    await db.insert(interests).values([
      // December 2023 and April 2024: outside the period of January to March 2024.
      interest('2023-12-31', { ...A, status: 'assigned', assignedAt: '2024-01-02' }),
      interest('2024-04-01', { ...B, status: 'assigned', assignedAt: '2024-04-02' }),
      // January 2024, Alpha: one at each step, the furthest enrolled.
      interest('2024-01-01', { ...A, status: 'enrolled', assignedAt: '2024-01-03', contactedAt: '2024-01-05', enrolledAt: '2024-01-20' }),
      interest('2024-01-15', { ...A, status: 'contacted', assignedAt: '2024-01-16', contactedAt: '2024-01-18' }),
      interest('2024-01-31', { ...A, status: 'assigned', assignedAt: '2024-02-01' }),
      // January 2024, Beta: contacted, then closed (its steps still count).
      interest('2024-01-10', { ...B, status: 'closed', assignedAt: '2024-01-11', contactedAt: '2024-01-12', closedAt: '2024-02-01' }),
      // January 2024, no school: one new, one closed before anyone assigned it.
      interest('2024-01-20'),
      interest('2024-01-21', { status: 'closed', closedAt: '2024-01-22', closedReason: 'Duplicate' }),
      // March 2024, Beta: both assigned, one contacted.
      interest('2024-03-01', { ...B, status: 'assigned', assignedAt: '2024-03-05' }),
      interest('2024-03-31', { ...B, status: 'contacted', assignedAt: '2024-04-01', contactedAt: '2024-04-02' }),
    ]);
  });
  afterAll(async () => t.close());

  it('counts each school’s funnel per month received, with the interests not assigned yet and each month’s total', async () => {
    const body = await report('?from=2024-01&to=2024-03');
    expect(body).toMatchObject({ from: '2024-01', to: '2024-03', as_of: today() });
    expect(body.months.map((m) => m.month)).toEqual(['2024-03', '2024-02', '2024-01']);
    const [march, february, january] = body.months;
    expect(january!.schools).toEqual([
      { school: alpha, received: 3, assigned: 3, contacted: 2, enrolled: 1 },
      { school: beta, received: 1, assigned: 1, contacted: 1, enrolled: 0 },
      { school: null, received: 2, assigned: 0, contacted: 0, enrolled: 0 },
    ]);
    expect(january!.total).toEqual({ received: 6, assigned: 4, contacted: 3, enrolled: 1 });
    expect(february).toEqual({ month: '2024-02', schools: [], total: { received: 0, assigned: 0, contacted: 0, enrolled: 0 } });
    expect(march!.schools).toEqual([{ school: beta, received: 2, assigned: 2, contacted: 1, enrolled: 0 }]);
    expect(body.total).toEqual({ received: 8, assigned: 6, contacted: 4, enrolled: 1 });
  });

  it('narrows the funnel to the months and the school asked for', async () => {
    const december = await report('?from=2023-12&to=2023-12');
    expect(december.months).toEqual([
      { month: '2023-12', schools: [{ school: alpha, received: 1, assigned: 1, contacted: 0, enrolled: 0 }], total: { received: 1, assigned: 1, contacted: 0, enrolled: 0 } },
    ]);
    const alphaOnly = await report(`?from=2024-01&to=2024-04&school_id=${alpha.id}`);
    expect(alphaOnly.months.map((m) => m.total.received)).toEqual([0, 0, 0, 3]);
    expect(alphaOnly.months[3]!.schools.map((row) => row.school?.id)).toEqual([alpha.id]);
    expect(alphaOnly.total).toEqual({ received: 3, assigned: 3, contacted: 2, enrolled: 1 });
    const empty = await report('?from=2025-01&to=2025-02&school_id=999999999');
    expect(empty.total.received).toBe(0);
  });

  it('covers the last 12 months, this one included, unless told otherwise', async () => {
    const thisMonth = today().slice(0, 7);
    await t.database.db.insert(interests).values([interest(today(), { schoolId: alpha.id, status: 'assigned', assignedAt: today() })]);
    const body = await report();
    expect(body.to).toBe(thisMonth);
    expect(body.from).toBe(addMonths(thisMonth, -11));
    expect(body.months).toHaveLength(12);
    expect(body.months[0]!.month).toBe(thisMonth);
    expect(body.months[0]!.schools).toContainEqual({ school: alpha, received: 1, assigned: 1, contacted: 0, enrolled: 0 });
    // None of the 2023–2024 interests is in the last 12 months.
    expect(body.total).toEqual({ received: 1, assigned: 1, contacted: 0, enrolled: 0 });
    const fromOnly = await report('?from=2024-03');
    expect(fromOnly.from).toBe('2024-03');
    expect(fromOnly.months.at(-1)!.month).toBe('2024-03');
    expect(fromOnly.months[0]!.month).toBe(addMonths('2024-03', 119) < thisMonth ? addMonths('2024-03', 119) : thisMonth);
    const toOnly = await report('?to=2024-03');
    expect([toOnly.from, toOnly.to]).toEqual(['2023-04', '2024-03']);
    expect(toOnly.total.received).toBe(9);
    await t.database.exec(`delete from interests where received_on = '${today()}'`);
  });

  it('buckets the new interests nobody has worked by days since received, with the oldest of each', async () => {
    const ages = [0, 7, 8, 30, 31, 90, 91];
    await t.database.db.insert(interests).values([
      ...ages.map((age) => interest(daysAgo(age))),
      // Worked ones are not counted: assigned, closed.
      interest(daysAgo(3), { schoolId: beta.id, status: 'assigned', assignedAt: daysAgo(2) }),
      interest(daysAgo(3), { status: 'closed', closedAt: daysAgo(1) }),
    ]);
    const body = await report();
    expect(body.unworked).toEqual([
      { key: 'week', label: '0–7 days', count: 2, oldest_received_on: daysAgo(7) },
      { key: 'month', label: '8–30 days', count: 2, oldest_received_on: daysAgo(30) },
      { key: 'quarter', label: '31–90 days', count: 2, oldest_received_on: daysAgo(90) },
      // And the new one of January 2024, with no school.
      { key: 'older', label: 'Over 90 days', count: 2, oldest_received_on: '2024-01-20' },
    ]);
    // The new interests have no school yet: a school chosen leaves their ages as they are.
    expect((await report(`?school_id=${alpha.id}`)).unworked).toEqual(body.unworked);

    // Assigned and not contacted yet, per school: the longest waiting first.
    expect(body.awaiting_contact).toEqual([
      { school: alpha, count: 2, oldest_assigned_at: '2024-01-02', days_waiting: daysSince('2024-01-02') },
      { school: beta, count: 3, oldest_assigned_at: '2024-03-05', days_waiting: daysSince('2024-03-05') },
    ]);
    expect((await report(`?school_id=${beta.id}`)).awaiting_contact).toEqual([body.awaiting_contact[1]]);
  });

  it('is for global admins only: 403 for every other role, 401 signed out', async () => {
    const { db } = t.database;
    const conference = await createConference(db);
    const others = [
      await createUser(db, { roleType: 'school_admin', schoolId: alpha.id }),
      await createUser(db, { roleType: 'conference_admin', conferenceId: conference.id }),
      await createUser(db, { roleType: 'instructor', schoolId: alpha.id }),
    ];
    for (const user of others) expect((await get('', user.email)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/interests/tracking' })).statusCode).toBe(401);
  });

  it('refuses a month that is no month, a period that ends before it starts or longer than 120 months', async () => {
    const bad = await get('?from=2024-13&school_id=abc');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json()).sort()).toEqual(['from', 'school_id']);
    const backwards = await get('?from=2024-03&to=2024-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json()).toEqual({ to: ['must be on or after the From month'] });
    const long = await get('?from=2000-01&to=2010-01');
    expect(long.statusCode).toBe(422);
    expect(long.json()).toEqual({ from: ['is too long a period (at most 120 months)'] });
    expect((await get('?from=2000-01&to=2009-12')).statusCode).toBe(200);
  });
});
