import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import {
  attendances,
  decisions,
  mailOutbox,
  notes,
  productDeliveries,
  schools,
  students,
  visits,
} from '../../src/db/schema/index.ts';
import { createNetwork, createSchool, createUser } from './factories.ts';

/** createNetwork, with schoolA's school admin as its head school admin. */
export async function createStaffedNetwork(db: Db) {
  const net = await createNetwork(db);
  await setHeadSchoolAdmin(db, net.schoolA.id, net.schoolAdminA.id);
  return net;
}
export type StaffedNetwork = Awaited<ReturnType<typeof createStaffedNetwork>>;

export async function setHeadSchoolAdmin(db: Db, schoolId: number, userId: number | null) {
  await db.update(schools).set({ headSchoolAdminId: userId }).where(eq(schools.id, schoolId));
}

/** A school with its own head school admin (a school_admin role there). */
export async function createStaffedSchool(db: Db, overrides: Partial<typeof schools.$inferInsert> = {}) {
  const school = await createSchool(db, overrides);
  const head = await createUser(db, { roleType: 'school_admin', schoolId: school.id });
  await setHeadSchoolAdmin(db, school.id, head.id);
  return { school, head };
}

export async function attend(db: Db, enrollmentId: number, episodeId: number) {
  const [row] = await db.insert(attendances).values({ enrollmentId, episodeId }).returning();
  return row!;
}

export async function visit(db: Db, enrollmentId: number, date: string) {
  const [row] = await db.insert(visits).values({ enrollmentId, date }).returning();
  return row!;
}

type DecisionContext = { episodeDeliveryId?: number; attendanceId?: number; visitId?: number };

export async function decide(db: Db, enrollmentId: number, decisionOptionId: number, context: DecisionContext) {
  const [row] = await db
    .insert(decisions)
    .values({ cachedEnrollmentId: enrollmentId, decisionOptionId, ...context })
    .returning();
  return row!;
}

export async function writeNote(db: Db, values: typeof notes.$inferInsert) {
  const [row] = await db.insert(notes).values(values).returning();
  return row!;
}

export async function deliverProduct(db: Db, values: typeof productDeliveries.$inferInsert) {
  const [row] = await db.insert(productDeliveries).values(values).returning();
  return row!;
}

export async function studentsNamed(db: Db, lastName: string) {
  return db.select().from(students).where(eq(students.lastName, lastName)).orderBy(students.id);
}

export async function outboxTo(db: Db, to: string) {
  return db.select().from(mailOutbox).where(sql`lower(${mailOutbox.to}) = lower(${to})`);
}

/** The fields of the new-student form, filled in. */
export const studentForm = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  middle_name: 'May',
  last_name: 'Lovelace',
  address: '12 Chapel Rd',
  city: 'Springfield',
  state: 'IL',
  country: 'United States',
  zip_code: '62701',
  email: 'ada@example.org',
  ...overrides,
});
