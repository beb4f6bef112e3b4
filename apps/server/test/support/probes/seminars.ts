import type { RecordKind } from '../matrix-fixture.ts';
import type { Probe } from '../matrix-probes.ts';

/** The authorization matrix's probes for the seminars routes (see matrix-probes.ts for the rules). */
export const probes: Record<string, Probe[]> = {};

/** Bodies for writes to a seminars record named in the path: the least that is a valid request. */
// PUT /api/series/{id}/assign_student names its student in the body, which a fixed body cannot
// name in each caller's scope: it is sent {} (a 422 after the scope check); seminars-students.test.ts
// assigns students in and out of scope.
export const writeBodies: Record<string, unknown> = {};

/** seminars routes the matrix does not call, each with its reason. */
export const skipped: Record<string, string> = {};

/**
 * The seminar-only calls name a seminar by `/series/{id}`: a course there answers 404
 * (seminars-access.test.ts), so the matrix calls them with seminars only.
 */
const seminarOnly: readonly RecordKind[] = ['seminar'];
export const kindsByRoute: Record<string, readonly RecordKind[]> = Object.fromEntries(
  [
    'GET /api/series/{id}/students',
    'GET /api/series/{id}/assign_students',
    'PUT /api/series/{id}/assign_student',
    'GET /api/series/{id}/recently_assigned',
    'GET /api/series/{id}/participating_schools_instructors',
    'GET /api/series/{id}/attendances',
    'GET /api/series/{id}/tickets.pdf',
  ].map((route) => [route, seminarOnly]),
);
