import type { Db } from '../../src/db/client.ts';
import { attendances, decisionOptions, decisions, episodes, productDeliveries, productOffers, series, visits } from '../../src/db/schema/index.ts';
import { createConference, createCourse, createSchool, createStudent, createUser, deliver, enroll, offer } from './factories.ts';

/**
 * The places of the hand-counted networks of the report tests: conference X with schools A (Alder,
 * instructors Ash and Aspen, an admin) and B (Birch, Beech), conference Y with school C (Cedar,
 * Cypress), and a global admin. `codes` starts the school codes (A1, B1, C1 after it); the staff's
 * first name is `firstName`.
 */
export async function handCountedPlaces(db: Db, names: { conferences: [string, string]; codes: string; firstName: string }) {
  const x = await createConference(db, names.conferences[0]);
  const y = await createConference(db, names.conferences[1]);
  const school = (conferenceId: number, churchName: string, code: string) =>
    createSchool(db, { conferenceId, churchName, schoolCode: `${names.codes}${code}` });
  const schoolA = await school(x.id, 'Alder Church', 'A1');
  const schoolB = await school(x.id, 'Birch Church', 'B1');
  const schoolC = await school(y.id, 'Cedar Church', 'C1');
  const staff = (schoolId: number, roleType: 'instructor' | 'school_admin', lastName: string) =>
    createUser(db, { roleType, schoolId }, { firstName: names.firstName, lastName });
  const a1 = await staff(schoolA.id, 'instructor', 'Ash');
  const a2 = await staff(schoolA.id, 'instructor', 'Aspen');
  const b1 = await staff(schoolB.id, 'instructor', 'Beech');
  const c1 = await staff(schoolC.id, 'instructor', 'Cypress');
  const adminA = await staff(schoolA.id, 'school_admin', 'Admin');
  const globalAdmin = await createUser(db, { roleType: 'global_admin' });
  return { x, y, schoolA, schoolB, schoolC, a1, a2, b1, c1, adminA, globalAdmin };
}

/** A moment of a day at noon UTC: the same day in any server zone within eleven hours of UTC. */
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * A network counted by hand; the period of most checks is the first quarter of 2026.
 *   conference X: school A (instructors a1, a2; an admin), school B (b1); conference Y: school C (c1).
 *   Zeta Course (3 lessons), Alpha Course (2 lessons), Gamma Seminar at A (presentations on
 *   02-10, 02-17 and 04-05).
 *   sA1 (a1): Zeta from 01-05, Enrolled: lesson 1 PO sent 01-05 back 01-15 (10 days), lesson 2 PO
 *     sent 01-20 back 01-24 (4), lesson 3 PO sent 03-30; Gamma from 02-01, at presentations 1 and 2.
 *   sA2 (a2): Zeta from 2025-12-01, Graduated: lesson 1 PD 2025-12-01 → 2025-12-08, lesson 2 PD
 *     2025-12-20 → 01-02 (13), lesson 3 PD 01-10 → 01-12 (2); Gamma from 02-05, at 1 and 3.
 *   sB1 (b1): Alpha from 02-01, Inactive: lesson 1 IH 02-01 → 02-21 (20), lesson 2 IH 04-02.
 *   sC1 (c1): Alpha from 03-15, Enrolled: lesson 1 PO 03-15 → 04-01.
 *   Decisions: Be baptized on sA1's lesson 1 (01-15), Accept Jesus on its lesson 2 (01-24), Be
 *     baptized on sA2's lesson 3 (01-12), Be baptized at sA1's presentation 1 (02-10), Request Bible
 *     studies at sA2's presentation 1 (02-10), Be baptized at sB1's visit (02-25); outside the
 *     period, Accept Jesus on sA2's lesson 1 (2025-12-08).
 *   Literature: a Bible ($10) to sA1 on 01-20 by PO and another on 2025-11-30; 4 Great
 *     Controversy ($2.50) to sA2 on 02-01 by PD; 2 Great Controversy at $2 to sB1 on 03-01 in home.
 */
export async function handCountedNetwork(db: Db) {
  const { x, y, schoolA, schoolB, schoolC, a1, a2, b1, c1, adminA, globalAdmin } = await handCountedPlaces(db, {
    conferences: ['Xavier Conference', 'Yukon Conference'],
    codes: 'P',
    firstName: 'Period',
  });

  const zeta = await createCourse(db, 3, { name: 'Zeta Course' });
  const alpha = await createCourse(db, 2, { name: 'Alpha Course' });
  const [gamma] = await db.insert(series).values({ type: 'Seminar', name: 'Gamma Seminar', schoolId: schoolA.id }).returning();
  const presentations = await db
    .insert(episodes)
    .values(['2026-02-10', '2026-02-17', '2026-04-05'].map((date, i) => ({ seriesId: gamma!.id, position: i + 1, name: `Presentation ${i + 1}`, date })))
    .returning();
  for (const school of [schoolA, schoolB, schoolC]) {
    await offer(db, zeta.course.id, school.id);
    await offer(db, alpha.course.id, school.id);
  }
  const option = async (seriesId: number, name: string) =>
    (await db.insert(decisionOptions).values({ seriesId, name }).returning())[0]!.id;
  const zetaBaptism = await option(zeta.course.id, 'Be baptized');
  const zetaJesus = await option(zeta.course.id, 'Accept Jesus');
  const alphaBaptism = await option(alpha.course.id, 'Be baptized');
  const gammaBaptism = await option(gamma!.id, 'Be baptized');
  const gammaStudies = await option(gamma!.id, 'Request Bible studies');

  const student = (schoolId: number, instructorId: number, lastName: string) =>
    createStudent(db, { schoolId, instructorId, firstName: 'Period', lastName });
  const sA1 = await student(schoolA.id, a1.id, 'One');
  const sA2 = await student(schoolA.id, a2.id, 'Two');
  const sB1 = await student(schoolB.id, b1.id, 'Three');
  const sC1 = await student(schoolC.id, c1.id, 'Four');
  const eA1 = await enroll(db, sA1.id, zeta.course.id, { startedOn: '2026-01-05', status: 'Enrolled' });
  const eA2 = await enroll(db, sA2.id, zeta.course.id, { startedOn: '2025-12-01', status: 'Graduated' });
  const eB1 = await enroll(db, sB1.id, alpha.course.id, { startedOn: '2026-02-01', status: 'Inactive' });
  const eC1 = await enroll(db, sC1.id, alpha.course.id, { startedOn: '2026-03-15', status: 'Enrolled' });
  const eS1 = await enroll(db, sA1.id, gamma!.id, { startedOn: '2026-02-01', status: 'Attended' });
  const eS2 = await enroll(db, sA2.id, gamma!.id, { startedOn: '2026-02-05', status: 'Attended' });

  const lesson = (course: typeof zeta, n: number) => course.lessons[n - 1]!.id;
  const sent = async (enrollmentId: number, episodeId: number, type: 'PO' | 'PD' | 'IH', on: string, back?: string) =>
    deliver(db, enrollmentId, episodeId, { deliveryType: type, dateSent: on, dateCompleted: back ?? null });
  const a1l1 = await sent(eA1.id, lesson(zeta, 1), 'PO', '2026-01-05', '2026-01-15');
  const a1l2 = await sent(eA1.id, lesson(zeta, 2), 'PO', '2026-01-20', '2026-01-24');
  await sent(eA1.id, lesson(zeta, 3), 'PO', '2026-03-30');
  const a2l1 = await sent(eA2.id, lesson(zeta, 1), 'PD', '2025-12-01', '2025-12-08');
  await sent(eA2.id, lesson(zeta, 2), 'PD', '2025-12-20', '2026-01-02');
  const a2l3 = await sent(eA2.id, lesson(zeta, 3), 'PD', '2026-01-10', '2026-01-12');
  await sent(eB1.id, lesson(alpha, 1), 'IH', '2026-02-01', '2026-02-21');
  await sent(eB1.id, lesson(alpha, 2), 'IH', '2026-04-02');
  await sent(eC1.id, lesson(alpha, 1), 'PO', '2026-03-15', '2026-04-01');

  const attended = async (enrollmentId: number, n: number) =>
    (await db.insert(attendances).values({ enrollmentId, episodeId: presentations[n - 1]!.id }).returning())[0]!.id;
  const s1p1 = await attended(eS1.id, 1);
  await attended(eS1.id, 2);
  const s2p1 = await attended(eS2.id, 1);
  await attended(eS2.id, 3);
  const [visit] = await db.insert(visits).values({ enrollmentId: eB1.id, date: '2026-02-25' }).returning();

  await db.insert(decisions).values([
    { decisionOptionId: zetaBaptism, cachedEnrollmentId: eA1.id, episodeDeliveryId: a1l1.id, createdAt: noon('2026-01-15') },
    { decisionOptionId: zetaJesus, cachedEnrollmentId: eA1.id, episodeDeliveryId: a1l2.id, createdAt: noon('2026-01-24') },
    { decisionOptionId: zetaBaptism, cachedEnrollmentId: eA2.id, episodeDeliveryId: a2l3.id, createdAt: noon('2026-01-12') },
    { decisionOptionId: gammaBaptism, cachedEnrollmentId: eS1.id, attendanceId: s1p1, createdAt: noon('2026-02-10') },
    { decisionOptionId: gammaStudies, cachedEnrollmentId: eS2.id, attendanceId: s2p1, createdAt: noon('2026-02-10') },
    { decisionOptionId: alphaBaptism, cachedEnrollmentId: eB1.id, visitId: visit!.id, createdAt: noon('2026-02-25') },
    { decisionOptionId: zetaJesus, cachedEnrollmentId: eA2.id, episodeDeliveryId: a2l1.id, createdAt: noon('2025-12-08') },
  ]);

  const [bible, controversy] = await db
    .insert(productOffers)
    .values([
      { name: 'Period Bible', defaultPrice: '10.00' },
      { name: 'Period Great Controversy', defaultPrice: '2.50' },
    ])
    .returning();
  await db.insert(productDeliveries).values([
    { enrollmentId: eA1.id, productOfferId: bible!.id, deliveredAt: '2026-01-20', quantity: 1, price: '10.00', deliveryType: 'PO' },
    { enrollmentId: eA1.id, productOfferId: bible!.id, deliveredAt: '2025-11-30', quantity: 1, price: '10.00', deliveryType: 'PO' },
    { enrollmentId: eA2.id, productOfferId: controversy!.id, deliveredAt: '2026-02-01', quantity: 4, price: '2.50', deliveryType: 'PD' },
    { enrollmentId: eB1.id, productOfferId: controversy!.id, deliveredAt: '2026-03-01', quantity: 2, price: '2.00', deliveryType: 'IH' },
  ]);
  return { x, y, schoolA, schoolB, schoolC, a1, b1, adminA, globalAdmin, zeta, alpha, gamma: gamma!, presentations };
}
