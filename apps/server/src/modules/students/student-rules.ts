import { admins, everyone, type TokenUser } from '@srs/shared/roles';
import type { Student, StudentAction, StudentDetail } from '@srs/shared/students';
import type { Actor } from '../../core/actor.ts';
import { type ActionRule, permissionsOf } from '../../core/permissions.ts';
import { administers } from '../../core/scope.ts';
import { enrollRule } from '../enrollments/public.ts';

/** A student as its rules see it: its school and its instructor. */
export type StudentFacts = { school_id: number; instructor_id: number | null };

const adminOfSchool = (actor: Actor, student: StudentFacts) => administers(actor.scope, student.school_id);

/**
 * What may be done with a student the user sees (docs/decisions.md "Writes by role", "Sharing"):
 * whoever sees a student edits its profile and records and enrolls it; deleting and reassigning
 * are for admins of its school; sharing for them and its instructor.
 */
export const studentRules: Record<StudentAction, ActionRule<StudentFacts>> = {
  update: { roles: everyone, allows: () => true },
  destroy: { roles: admins, allows: adminOfSchool },
  reassign: { roles: admins, allows: adminOfSchool },
  share: {
    roles: everyone,
    allows: (actor, student) => adminOfSchool(actor, student) || student.instructor_id === actor.userId,
  },
  enroll: enrollRule,
};

/** A student as its detail answers it: with what the signed-in user may do with it. */
export function studentDetail(user: TokenUser, actor: Actor, student: Student): StudentDetail {
  const facts = { school_id: student.school.id, instructor_id: student.instructor?.id ?? null };
  return { ...student, permissions: permissionsOf(user, actor, studentRules, facts) };
}
