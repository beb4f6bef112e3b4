import type { EnrollmentAction } from '@srs/shared/enrollments';
import { admins, everyone, type TokenUser } from '@srs/shared/roles';
import type { Actor } from '../../core/actor.ts';
import { invalid } from '../../core/errors.ts';
import { serverMessages } from '../../core/i18n.ts';
import en from '../../locales/enrollments.en.json' with { type: 'json' };
import es from '../../locales/enrollments.es.json' with { type: 'json' };
import { type ActionRule, permissionsOf } from '../../core/permissions.ts';
import { administers } from '../../core/scope.ts';

/** An enrollment as its rules see it: the school of its student. */
export type EnrollmentFacts = { schoolId: number };

/**
 * What may be done with an enrollment the user sees (docs/decisions.md "Writes by role"): its
 * status and records are everyone's who sees it; deleting it is for admins of the student's school.
 */
export const enrollmentRules: Record<EnrollmentAction, ActionRule<EnrollmentFacts>> = {
  update: { roles: everyone, allows: () => true },
  destroy: { roles: admins, allows: (actor, enrollment) => administers(actor.scope, enrollment.schoolId) },
};

/** Enrolling a student: whoever sees the student, in what the student's school offers (a 422 otherwise). */
export const enrollRule: ActionRule<unknown> = { roles: everyone, allows: () => true };

export const enrollmentPermissions = (user: TokenUser, actor: Actor, enrollment: EnrollmentFacts) =>
  permissionsOf(user, actor, enrollmentRules, enrollment);

const rulesText = serverMessages('enrollments', en, es);

/**
 * A student has at most one active enrollment in a series: the refusal of a second, naming the
 * enrollment there is (the create path's and an import's words), in the reader's language.
 */
export function alreadyEnrolled(student: { first_name: string; last_name: string }, seriesName: string, registrationNumber: string) {
  const values = { name: `${student.first_name} ${student.last_name}`, series: seriesName, number: registrationNumber };
  return invalid([rulesText('en', 'alreadyEnrolled', values)], (language) => [rulesText(language, 'alreadyEnrolled', values)]);
}
