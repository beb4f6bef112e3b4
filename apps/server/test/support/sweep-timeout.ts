/**
 * The time a test that walks every grouping, filter, period and scope of the reports, or every
 * change their kept counts go through, may take: hundreds of reports asked twice each, about 25 s on PGlite on a quiet machine and up to 72 s on
 * a slow one beside the journeys (CI, 2026-11-30), past the suite's 60 s for one test.
 */
export const sweepTimeout = 240_000;
