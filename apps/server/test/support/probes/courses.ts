import type { Probe } from '../matrix-probes.ts';

/** The authorization matrix's probes for the courses routes (see matrix-probes.ts for the rules). */
export const probes: Record<string, Probe[]> = {};

/** Bodies for writes to a courses record named in the path: the least that is a valid request. */
export const writeBodies: Record<string, unknown> = {};

/** courses routes the matrix does not call, each with its reason. */
export const skipped: Record<string, string> = {};
