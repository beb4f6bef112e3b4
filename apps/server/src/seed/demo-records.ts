import type { DbOrTx } from '../db/client.ts';
import { attendances, enrollments, episodeDeliveries, reminders, visits } from '../db/schema/index.ts';
import { insertReturningIds } from './bulk.ts';
import type { DayClock } from './dates.ts';
import type { DeliveryPlan, EnrollmentPlan } from './demo-enrollments.ts';
import type { StudentPlan } from './demo-people.ts';
import type { DemoRandom } from './demo-random.ts';

export type Placed = {
  plans: EnrollmentPlan[];
  students: StudentPlan[];
  studentIds: number[];
  enrollmentIds: number[];
  deliveries: { id: number; enrollment: number; plan: DeliveryPlan }[];
  attendances: { id: number; enrollment: number; ago: number }[];
  visits: { id: number; enrollment: number; ago: number }[];
  reminders: { id: number; enrollment: number; createdAgo: number }[];
};

/** Enrollments with their lessons, attendance, visits and reminders, each kind in one go. */
export async function insertEnrollmentRecords(
  db: DbOrTx,
  random: DemoRandom,
  plans: EnrollmentPlan[],
  students: StudentPlan[],
  studentIds: number[],
  clock: DayClock,
): Promise<Placed> {
  const instructorOf = (plan: EnrollmentPlan) => students[plan.student]!.instructor.id;
  const enrollmentIds = await insertReturningIds(
    db,
    enrollments,
    plans.map((plan) => ({
      studentId: studentIds[plan.student]!,
      seriesId: plan.series.id,
      status: plan.status,
      orphaned: plan.orphaned,
      startedOn: clock.day(-plan.startAgo),
      createdAt: clock.at(-plan.startAgo),
      updatedAt: clock.at(-(plan.latestAgo ?? plan.startAgo)),
    })),
  );

  const deliveryPlans = plans.flatMap((plan, enrollment) => plan.deliveries.map((d) => ({ enrollment, plan: d })));
  const deliveryIds = await insertReturningIds(
    db,
    episodeDeliveries,
    deliveryPlans.map(({ enrollment, plan }) => {
      const owner = plans[enrollment]!;
      return {
        enrollmentId: enrollmentIds[enrollment]!,
        episodeId: owner.series.episodeIds[plan.position - 1]!,
        dateSent: clock.day(-plan.sentAgo),
        dateCompleted: plan.completedAgo === null ? null : clock.day(-plan.completedAgo),
        deliveryType: plan.type,
        gradingInstructorId: plan.completedAgo === null ? null : instructorOf(owner),
        createdAt: clock.at(-plan.sentAgo),
        updatedAt: clock.at(-(plan.completedAgo ?? plan.sentAgo)),
      };
    }),
  );

  const attendancePlans = plans.flatMap((plan, enrollment) =>
    plan.attended.map((position) => ({
      enrollment,
      position,
      ago: -plan.series.episodeDays[position - 1]!,
    })),
  );
  const attendanceIds = await insertReturningIds(
    db,
    attendances,
    attendancePlans.map(({ enrollment, position, ago }) => ({
      enrollmentId: enrollmentIds[enrollment]!,
      episodeId: plans[enrollment]!.series.episodeIds[position - 1]!,
      createdAt: clock.at(-ago, 150),
      updatedAt: clock.at(-ago, 150),
    })),
  );

  // Visits fall between the start and the latest lesson, so they never hide a needed follow-up.
  const visitPlans = plans.flatMap((plan, enrollment) => {
    if (plan.latestAgo === null) return [];
    const likely = plan.series.type === 'Seminar' ? 0.2 : plan.baseType === 'PO' ? 0.1 : 0.35;
    if (!random.chance(likely)) return [];
    return Array.from({ length: random.int(1, 2) }, () => ({
      enrollment,
      ago: random.int(plan.latestAgo!, plan.startAgo),
    }));
  });
  const visitIds = await insertReturningIds(
    db,
    visits,
    visitPlans.map(({ enrollment, ago }) => ({
      enrollmentId: enrollmentIds[enrollment]!,
      date: clock.day(-ago),
      visitorId: instructorOf(plans[enrollment]!),
      createdAt: clock.at(-ago, 60),
      updatedAt: clock.at(-ago, 60),
    })),
  );

  const reminderPlans = plans.flatMap((plan, enrollment) => {
    const active = plan.status === 'Applied' || plan.status === 'Enrolled' || plan.status === 'Attended';
    const lastContact = plan.latestAgo ?? plan.startAgo;
    if (plan.dueReminder) {
      // Dated after the last contact, on a day that has come: the enrollment needs follow-up.
      return [{ enrollment, ago: random.int(0, Math.max(0, lastContact - 1)), createdAgo: lastContact }];
    }
    if (active && random.chance(0.2)) return [{ enrollment, ago: -random.int(2, 45), createdAgo: lastContact }];
    if (plan.latestAgo !== null && plan.startAgo > plan.latestAgo && random.chance(0.08)) {
      // An old reminder, followed up since.
      const ago = random.int(plan.latestAgo, plan.startAgo);
      return [{ enrollment, ago, createdAgo: Math.min(plan.startAgo, ago + random.int(3, 14)) }];
    }
    return [];
  });
  const reminderIds = await insertReturningIds(
    db,
    reminders,
    reminderPlans.map(({ enrollment, ago, createdAgo }) => ({
      enrollmentId: enrollmentIds[enrollment]!,
      date: clock.day(-ago),
      createdById: instructorOf(plans[enrollment]!),
      createdAt: clock.at(-createdAgo, 90),
      updatedAt: clock.at(-createdAgo, 90),
    })),
  );

  return {
    plans,
    students,
    studentIds,
    enrollmentIds,
    deliveries: deliveryPlans.map((d, i) => ({ id: deliveryIds[i]!, ...d })),
    attendances: attendancePlans.map(({ enrollment, ago }, i) => ({ id: attendanceIds[i]!, enrollment, ago })),
    visits: visitPlans.map((v, i) => ({ id: visitIds[i]!, ...v })),
    reminders: reminderPlans.map(({ enrollment, createdAgo }, i) => ({ id: reminderIds[i]!, enrollment, createdAgo })),
  };
}
