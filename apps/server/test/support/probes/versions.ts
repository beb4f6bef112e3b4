import type { Probe } from '../matrix-probes.ts';

/** The authorization matrix's probes for the versions routes (see matrix-probes.ts for the rules). */
export const probes: Record<string, Probe[]> = {};

/** Bodies for writes to a version named in the path: the least that is a valid request. */
export const writeBodies: Record<string, unknown> = {
  'POST /api/versions/{id}/restore': undefined,
  'POST /api/versions/{id}/revert': { fields: ['city'] },
  'POST /api/versions/{id}/undo': {},
};

/** versions routes the matrix does not call. */
export const skipped: Record<string, string> = {};
