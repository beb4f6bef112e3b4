import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  attendances,
  decisions,
  enrollments,
  episodeDeliveries,
  notes,
  productDeliveries,
  reminders,
  studentShares,
  visits,
} from '../../db/schema/index.ts';

/**
 * Every row that the foreign keys delete with the student. They are kept in the student's
 * destroy version, so that the history survives and the student can be restored
 * (DOMAIN.md, Versions). A fixed number of queries, whatever the number of rows.
 */
export async function studentAssociations(tx: DbOrTx, studentId: number) {
  const studentEnrollments = await tx.select().from(enrollments).where(eq(enrollments.studentId, studentId));
  const ids = studentEnrollments.map((row) => row.id);
  // One after another: a transaction is one connection, which runs one query at a time anyway.
  const ofEnrollments = async <T>(load: (enrollmentIds: number[]) => Promise<T[]>) => (ids.length === 0 ? [] : load(ids));
  const deliveries = await ofEnrollments((e) =>
    tx.select().from(episodeDeliveries).where(inArray(episodeDeliveries.enrollmentId, e)),
  );
  const attended = await ofEnrollments((e) => tx.select().from(attendances).where(inArray(attendances.enrollmentId, e)));
  const visited = await ofEnrollments((e) => tx.select().from(visits).where(inArray(visits.enrollmentId, e)));
  const reminded = await ofEnrollments((e) => tx.select().from(reminders).where(inArray(reminders.enrollmentId, e)));
  const decided = await ofEnrollments((e) =>
    tx.select().from(decisions).where(inArray(decisions.cachedEnrollmentId, e)),
  );
  const delivered = await ofEnrollments((e) =>
    tx.select().from(productDeliveries).where(inArray(productDeliveries.enrollmentId, e)),
  );
  const written = await tx.select().from(notes).where(eq(notes.studentId, studentId));
  const shares = await tx.select().from(studentShares).where(eq(studentShares.studentId, studentId));
  return {
    enrollments: studentEnrollments,
    episode_deliveries: deliveries,
    attendances: attended,
    visits: visited,
    reminders: reminded,
    notes: written,
    decisions: decided,
    product_deliveries: delivered,
    student_shares: shares,
  };
}
