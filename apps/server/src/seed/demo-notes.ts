import type { DbOrTx } from '../db/client.ts';
import { decisions, notes, productDeliveries } from '../db/schema/index.ts';
import { insertReturningIds } from './bulk.ts';
import type { DayClock } from './dates.ts';
import type { DemoRandom } from './demo-random.ts';
import type { Placed } from './demo-records.ts';
import {
  attendanceNotes,
  lessonQuestions,
  prayerRequests,
  reminderNotes,
  studentNotes,
  visitNotes,
} from './demo-texts.ts';

type Context = { episodeDeliveryId?: number; attendanceId?: number; visitId?: number; reminderId?: number };

/**
 * Decisions, notes and product deliveries. Each is dated on the day of what it hangs on, so
 * that no note moves an enrollment's latest follow-up past what the plan intended.
 */
export async function insertNotesAndDecisions(db: DbOrTx, random: DemoRandom, placed: Placed, clock: DayClock) {
  const { plans, students, studentIds, enrollmentIds } = placed;
  const decisionRows: (typeof decisions.$inferInsert)[] = [];
  const noteRows: (typeof notes.$inferInsert)[] = [];

  const decide = (enrollment: number, context: Context, ago: number, count: number) => {
    const options = plans[enrollment]!.series.decisionOptionIds;
    for (const decisionOptionId of random.sample(options, Math.min(count, options.length))) {
      decisionRows.push({
        decisionOptionId,
        cachedEnrollmentId: enrollmentIds[enrollment]!,
        episodeDeliveryId: context.episodeDeliveryId ?? null,
        attendanceId: context.attendanceId ?? null,
        visitId: context.visitId ?? null,
        createdAt: clock.at(-ago, 30),
        updatedAt: clock.at(-ago, 30),
      });
    }
  };
  const note = (enrollment: number | null, student: number, context: Context, ago: number, text: string) => {
    const prayer = prayerRequests.includes(text);
    noteRows.push({
      type: prayer ? 'PrayerRequest' : 'Note',
      text,
      studentId: studentIds[student]!,
      cachedEnrollmentId: enrollment === null ? null : enrollmentIds[enrollment]!,
      episodeDeliveryId: context.episodeDeliveryId ?? null,
      attendanceId: context.attendanceId ?? null,
      visitId: context.visitId ?? null,
      reminderId: context.reminderId ?? null,
      authorId: students[student]!.instructor.id,
      createdAt: clock.at(-ago, 45),
      updatedAt: clock.at(-ago, 45),
    });
  };
  const lessonText = () => (random.chance(0.25) ? random.pick(prayerRequests) : random.pick(lessonQuestions));

  for (const delivery of placed.deliveries) {
    const { completedAgo, position } = delivery.plan;
    if (completedAgo === null) continue;
    const plan = plans[delivery.enrollment]!;
    const context = { episodeDeliveryId: delivery.id };
    const lastOfGraduate = plan.status === 'Graduated' && position === plan.series.episodeIds.length;
    if (lastOfGraduate || random.chance(0.08)) decide(delivery.enrollment, context, completedAgo, random.int(1, 2));
    if (random.chance(0.12)) note(delivery.enrollment, plan.student, context, completedAgo, lessonText());
  }
  for (const attendance of placed.attendances) {
    const context = { attendanceId: attendance.id };
    const student = plans[attendance.enrollment]!.student;
    if (random.chance(0.1)) decide(attendance.enrollment, context, attendance.ago, 1);
    if (random.chance(0.05))
      note(attendance.enrollment, student, context, attendance.ago, random.pick(attendanceNotes));
  }
  for (const visit of placed.visits) {
    const context = { visitId: visit.id };
    const student = plans[visit.enrollment]!.student;
    if (random.chance(0.25)) decide(visit.enrollment, context, visit.ago, random.int(1, 2));
    if (random.chance(0.5)) {
      const text = random.chance(0.2) ? random.pick(prayerRequests) : random.pick(visitNotes);
      note(visit.enrollment, student, context, visit.ago, text);
    }
  }
  for (const reminder of placed.reminders) {
    if (!random.chance(0.4)) continue;
    const student = plans[reminder.enrollment]!.student;
    note(reminder.enrollment, student, { reminderId: reminder.id }, reminder.createdAgo, random.pick(reminderNotes));
  }
  students.forEach((student, index) => {
    if (!random.chance(0.15)) return;
    const text = random.chance(0.35) ? random.pick(prayerRequests) : random.pick(studentNotes);
    note(null, index, {}, random.int(0, student.createdAgo), text);
  });

  const productRows: (typeof productDeliveries.$inferInsert)[] = [];
  plans.forEach((plan, enrollment) => {
    if (plan.latestAgo === null || !random.chance(0.22)) return;
    const instructor = students[plan.student]!.instructor;
    for (const product of random.sample(plan.series.products, random.int(1, 2))) {
      productRows.push({
        enrollmentId: enrollmentIds[enrollment]!,
        productOfferId: product.id,
        deliveredAt: clock.day(-random.int(plan.latestAgo, plan.startAgo)),
        quantity: random.chance(0.1) ? 2 : 1,
        price: product.price,
        visitorName: plan.baseType === 'PO' ? null : `${instructor.firstName} ${instructor.lastName}`,
        deliveryType: plan.baseType,
      });
    }
  });

  await insertReturningIds(db, decisions, decisionRows);
  await insertReturningIds(db, notes, noteRows);
  await insertReturningIds(db, productDeliveries, productRows);
  return { decisions: decisionRows.length, notes: noteRows.length, productDeliveries: productRows.length };
}
