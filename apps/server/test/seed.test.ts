import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { localDay } from '../src/seed/dates.ts';
import { expectCachesUnchangedByRefresh, expectDerivedDataAsTheTriggersKeepIt } from './support/kept-values.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { seedLarge } from '../src/seed/large.ts';
import { seedAll } from '../src/seed/seed-all.ts';

// Under the root config each backend has its own project (TEST_BACKEND); run alone, this file does both.
const backend = process.env.TEST_BACKEND;
const postgresUrl = process.env.TEST_DATABASE_URL;
const onPglite = backend !== 'postgres';
const onPostgres = Boolean(postgresUrl) && backend !== 'pglite';
const quiet = () => {};

const countedTables = [
  'countries',
  'states',
  'zip_centroids',
  'conferences',
  'schools',
  'claimed_zips',
  'users',
  'roles',
  'series',
  'episodes',
  'decision_options',
  'product_offers',
  'series_products',
  'series_offered',
  'students',
  'student_shares',
  'enrollments',
  'episode_deliveries',
  'attendances',
  'visits',
  'reminders',
  'decisions',
  'notes',
  'product_deliveries',
  'interests',
] as const;
type Counts = Record<(typeof countedTables)[number], number>;

async function freshPglite(): Promise<Database> {
  const database = await openPglite(undefined);
  await database.migrate();
  return database;
}

async function one<T>(database: Database, text: string, params: unknown[] = []): Promise<T> {
  const [row] = await database.query<T>(text, params);
  return row as T;
}

async function tableCounts(database: Database): Promise<Counts> {
  const union = countedTables.map((t) => `select '${t}' as name, count(*)::int as n from ${t}`).join(' union all ');
  const rows = await database.query<{ name: string; n: number }>(union);
  return Object.fromEntries(rows.map((r) => [r.name, r.n])) as Counts;
}

async function studentNames(database: Database): Promise<string[]> {
  const rows = await database.query<{ name: string }>(
    `select concat_ws(' ', first_name, middle_name, last_name) as name from students order by id`,
  );
  return rows.map((r) => r.name);
}

/** What every fresh start must give, on either backend. */
async function expectDemoNetwork(database: Database) {
  const roles = await database.query<{ email: string; role_type: string; admin: boolean; org: string | null }>(
    `select u.email, r.role_type, u.admin, coalesce(c.name, s.school_code) as org
     from users u join roles r on r.user_id = u.id
     left join conferences c on c.id = r.conference_id left join schools s on s.id = r.school_id
     where u.email = any($1::text[]) order by u.email`,
    [demoAccounts],
  );
  expect(roles).toEqual([
    { email: 'conference.admin@demo.test', role_type: 'conference_admin', admin: false, org: 'Lake Union Conference' },
    { email: 'global.admin@demo.test', role_type: 'global_admin', admin: false, org: null },
    { email: 'instructor@demo.test', role_type: 'instructor', admin: false, org: '101' },
    { email: 'school.admin@demo.test', role_type: 'school_admin', admin: false, org: '101' },
  ]);
  const withoutHead = await database.query<{ school_code: string }>(
    'select school_code from schools where head_school_admin_id is null',
  );
  expect(withoutHead).toEqual([{ school_code: '106' }]);
  const head = await one<{ email: string }>(
    database,
    `select u.email from schools s join users u on u.id = s.head_school_admin_id where s.school_code = '101'`,
  );
  expect(head.email).toBe('school.admin@demo.test');

  const counts = await tableCounts(database);
  expect(counts.schools).toBe(6);
  expect(counts.conferences).toBe(2);
  expect(counts.students).toBeGreaterThanOrEqual(250);
  expect(counts.students).toBeLessThanOrEqual(350);
  expect(counts.interests).toBeGreaterThanOrEqual(15);
  expect(counts.zip_centroids).toBeGreaterThan(30000);
  const types = await database.query<{ type: string; n: number }>(
    'select type, count(*)::int as n from series group by type order by type',
  );
  expect(types).toEqual([
    { type: 'Course', n: 3 },
    { type: 'Seminar', n: 2 },
  ]);

  const statuses = await database.query<{ status: string }>('select distinct status from enrollments order by 1');
  expect(statuses.map((r) => r.status)).toEqual(['Applied', 'Attended', 'Enrolled', 'Graduated', 'Inactive']);
  const deliveryTypes = await database.query<{ t: string }>(
    'select distinct delivery_type as t from episode_deliveries order by 1',
  );
  expect(deliveryTypes.map((r) => r.t)).toEqual(['IH', 'PD', 'PO']);

  const countries = await database.query<{ name: string }>(
    `select name from countries where name in ('United States', 'Canada', 'Mexico') order by name`,
  );
  expect(countries.map((r) => r.name)).toEqual(['Canada', 'Mexico', 'United States']);
  const texas = await database.query(
    `select s.name, s.abbreviation from states s join countries c on c.id = s.country_id
     where c.name = 'United States' and s.name = 'Texas'`,
  );
  expect(texas).toEqual([{ name: 'Texas', abbreviation: 'TX' }]);
  const mexicanStates = await one<{ n: number }>(
    database,
    `select count(*)::int as n from states s join countries c on c.id = s.country_id where c.iso_code = 'MX'`,
  );
  expect(mexicanStates.n).toBe(32);

  // Addresses are usable: known zips, and the state a US zip belongs to.
  const badAddresses = await one<{ n: number }>(
    database,
    `select count(*)::int as n from students st
     where not exists (select 1 from zip_centroids z where z.zip_code = st.zip_code)
        or not exists (select 1 from states s join countries c on c.id = s.country_id
                       where c.iso_code = 'US' and s.abbreviation = st.state)`,
  );
  expect(badAddresses.n).toBe(0);

  // Only orphaned enrollments are in series their student's school does not offer.
  const offering = await one<{ unoffered: number; orphaned: number; orphanedButOffered: number }>(
    database,
    `select count(*) filter (where not e.orphaned and o.id is null)::int as unoffered,
       count(*) filter (where e.orphaned)::int as orphaned,
       count(*) filter (where e.orphaned and o.id is not null)::int as "orphanedButOffered"
     from enrollments e join students st on st.id = e.student_id
     left join series_offered o on o.series_id = e.series_id and o.school_id = st.school_id`,
  );
  expect(offering).toEqual({ unoffered: 0, orphaned: expect.any(Number), orphanedButOffered: 0 });
  expect(offering.orphaned).toBeGreaterThanOrEqual(2);

  const prices = await one<{ n: number }>(
    database,
    `select count(*)::int as n from product_deliveries d join product_offers p on p.id = d.product_offer_id
     where d.price <> p.default_price`,
  );
  expect(prices.n).toBe(0);

  // The instructor's dashboard: about 40 students, some shared in, both kinds of follow-up.
  const ian = await one<{ students: number; shared: number }>(
    database,
    `select (select count(*) from students s where s.instructor_id = u.id)::int as students,
       (select count(*) from student_shares sh where sh.user_id = u.id)::int as shared
     from users u where u.email = 'instructor@demo.test'`,
  );
  expect(ian.students).toBe(40);
  expect(ian.shared).toBeGreaterThanOrEqual(3);
  const followups = await database.query<{ email: string; needing: number; fine: number }>(
    `select u.email,
       count(*) filter (where coalesce(e.cached_latest_followup_date, e.started_on) < $1::date - 30
                          or e.cached_next_reminder_date <= $1::date)::int as needing,
       count(*) filter (where not (coalesce(e.cached_latest_followup_date, e.started_on) < $1::date - 30
                          or coalesce(e.cached_next_reminder_date <= $1::date, false)))::int as fine
     from enrollments e join students s on s.id = e.student_id join users u on u.id = s.instructor_id
     where u.email in ('instructor@demo.test', 'school.admin@demo.test')
       and e.status in ('Applied', 'Enrolled', 'Attended') and not e.orphaned
     group by u.email order by u.email`,
    [localDay()],
  );
  expect(followups).toHaveLength(2);
  for (const row of followups) {
    expect(row.needing, row.email).toBeGreaterThanOrEqual(4);
    expect(row.fine, row.email).toBeGreaterThanOrEqual(4);
  }
  const dueReminders = await one<{ n: number }>(
    database,
    'select count(*)::int as n from enrollments where cached_next_reminder_date <= $1::date',
    [localDay()],
  );
  expect(dueReminders.n).toBeGreaterThanOrEqual(4);
  await expectCachesUnchangedByRefresh(database);
}

async function expectLargeSeed(database: Database) {
  const before = await tableCounts(database);
  const summary = await seedLarge(database, { students: 2000, log: quiet });
  expect(summary.added).toBe(2000);
  const after = await tableCounts(database);
  expect(after.students - before.students).toBe(2000);
  // One course enrollment per student, and one student in twenty at the school's seminar.
  const seminar = await one<{ enrollments: number; presentations: number; students: number }>(
    database,
    `select (select count(*) from enrollments e where e.series_id = se.id)::int as enrollments,
       (select count(*) from episodes ep where ep.series_id = se.id)::int as presentations,
       (select count(*) from students s where s.school_id = se.school_id)::int as students
     from series se join schools sc on sc.id = se.school_id where sc.school_code = '1001' and se.type = 'Seminar'`,
  );
  expect(seminar.presentations).toBe(6);
  expect(seminar.enrollments).toBeGreaterThan(2000 / 20 / 2);
  expect(seminar.enrollments).toBeLessThan((2000 / 20) * 2);
  expect(after.enrollments - before.enrollments).toBe(2000 + seminar.enrollments);
  expect(after.schools - before.schools).toBe(1);
  expect(after.episode_deliveries).toBeGreaterThan(before.episode_deliveries + 2000);
  // Decisions on lessons and presentations, and literature, in the proportions the reports meet.
  expect(after.attendances - before.attendances).toBeGreaterThan(seminar.enrollments);
  expect(after.decisions - before.decisions).toBeGreaterThan((after.episode_deliveries - before.episode_deliveries) / 16);
  expect(after.product_deliveries - before.product_deliveries).toBeGreaterThan(2000 / 8 / 2);
  const newSchool = await one<{ head: number | null; offered: number; staff: number }>(
    database,
    `select s.head_school_admin_id as head,
       (select count(*) from series_offered o where o.school_id = s.id)::int as offered,
       (select count(*) from roles r where r.school_id = s.id)::int as staff
     from schools s where s.school_code = '1001'`,
  );
  expect(newSchool.head).not.toBeNull();
  expect(newSchool.offered).toBe(4);
  expect(newSchool.staff).toBeGreaterThan(2);
  const statuses = await database.query<{ status: string }>(
    `select distinct e.status from enrollments e join students s on s.id = e.student_id
     join schools sc on sc.id = s.school_id where sc.school_code = '1001' order by 1`,
  );
  expect(statuses.map((r) => r.status)).toEqual(['Attended', 'Enrolled', 'Graduated', 'Inactive']);
  // The caches written by the set-based insert are what the application's refresh computes.
  await expectCachesUnchangedByRefresh(database);
  // What the triggers keep (off while a superuser seeds) is there as they would have kept it.
  await expectDerivedDataAsTheTriggersKeepIt(database);
  // A second run with the same target adds nothing.
  expect((await seedLarge(database, { students: 2000, log: quiet })).added).toBe(0);
  expect(await tableCounts(database)).toEqual(after);
}

if (onPglite)
  describe('seed on PGlite', { timeout: 120_000 }, () => {
    let first: Database;
    beforeAll(async () => {
      first = await freshPglite();
    }, 120_000);
    afterAll(async () => {
      await first?.close();
    });

    it('builds the demo network', async () => {
      const result = await seedAll(first);
      expect(result.demo.seeded).toBe(true);
      await expectDemoNetwork(first);
    });

    it('does not duplicate anything when run again', async () => {
      const before = await tableCounts(first);
      const again = await seedAll(first);
      expect(again.demo.seeded).toBe(false);
      expect(await tableCounts(first)).toEqual(before);
    });

    it('gives the same students on another fresh database', async () => {
      const second = await freshPglite();
      try {
        await seedAll(second);
        const names = await studentNames(second);
        expect(names).toEqual(await studentNames(first));
        expect(new Set(names).size).toBeGreaterThan(names.length * 0.95);
      } finally {
        await second.close();
      }
    });

    it('adds a large network on top', async () => {
      await expectLargeSeed(first);
    });
  });

if (onPostgres)
  describe('seed on PostgreSQL', { timeout: 120_000 }, () => {
    const name = `seed_test_${randomBytes(6).toString('hex')}`;
    let admin: Database;
    let database: Database;
    beforeAll(async () => {
      admin = openPostgres(postgresUrl as string, 1);
      await admin.exec(`create database ${name}`);
      const url = new URL(postgresUrl as string);
      url.pathname = `/${name}`;
      database = openPostgres(url.toString(), 2);
      await database.migrate();
    }, 120_000);
    afterAll(async () => {
      await database?.close();
      await admin?.exec(`drop database if exists ${name} with (force)`);
      await admin?.close();
    });

    it('builds the same demo network, once', async () => {
      await seedAll(database);
      await expectDemoNetwork(database);
      const before = await tableCounts(database);
      expect((await seedAll(database)).demo.seeded).toBe(false);
      expect(await tableCounts(database)).toEqual(before);
    });

    it('gives the same students as PGlite', async () => {
      const pglite = await freshPglite();
      try {
        await seedAll(pglite);
        expect(await studentNames(database)).toEqual(await studentNames(pglite));
      } finally {
        await pglite.close();
      }
    });

    it('adds a large network on top', async () => {
      await expectLargeSeed(database);
    });
  });
