import { named } from '../matrix-fixture.ts';
import type { Probe } from '../matrix-probes.ts';

/** The authorization matrix's probes for the courses routes (see matrix-probes.ts for the rules). */
export const probes: Record<string, Probe[]> = {
  'POST /api/series': [
    {
      name: 'course',
      // The catalogue is the global admins': other admins pass the role gate and get the rule's 403.
      request: () => ({ body: { type: 'Course', name: 'Aab Course created' } }),
      accept: [201, 403],
    },
    {
      name: 'school_id',
      kind: 'school',
      request: ({ id }, level) => ({ body: { type: 'Seminar', name: named(level, 'Seminar created'), school_id: id } }),
    },
  ],
};

/** Bodies for writes to a courses record named in the path: the least that is a valid request. */
export const writeBodies: Record<string, unknown> = {
  'PUT /api/series/{id}': { active: true },
};

/** courses routes the matrix does not call, each with its reason. */
export const skipped: Record<string, string> = {};
