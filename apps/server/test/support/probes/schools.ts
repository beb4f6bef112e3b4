import { randomBytes } from 'node:crypto';
import type { RecordKind } from '../matrix-fixture.ts';
import type { FixedProbe, Probe } from '../matrix-probes.ts';

/** Gives a probe literal its type, so its request's fixture is typed. */
const fixed = (probe: FixedProbe): FixedProbe => probe;

/** The authorization matrix's probes for the schools routes (see matrix-probes.ts for the rules). */
export const probes: Record<string, Probe[]> = {
  // Conference Z's name carries its marker: a global admin must see it, nobody else.
  'GET /api/conferences': [fixed({ name: 'all', request: () => ({}), canary: ['foreign'] })],
  'POST /api/schools': [
    fixed({
      name: 'a new school',
      request: (f) => ({
        body: {
          school_code: `NEW${randomBytes(3).toString('hex')}`,
          church_name: 'Aab New Church',
          conference_id: f.schoolA.conferenceId,
        },
      }),
      accept: [201],
    }),
  ],
  'POST /api/schools/bulk_import_zips': [
    fixed({
      // The preview: each row's school is judged in the user's scope in the answer (schools-zips.test.ts).
      name: 'preview',
      request: (f) => ({ body: { file: `school_code,zip_code\n${f.schoolA.schoolCode},99501`, dry_run: true } }),
      accept: [200],
    }),
  ],
  'POST /api/series_offered': [
    {
      name: 'school_id',
      kind: 'school',
      // The unmarked course of school A (school A already offers it: 422 there, 201 elsewhere), so that
      // no school's page comes to show a course of a level its readers do not see.
      request: ({ id }, _level, f) => ({ body: { series_id: f.courseAt('mine').id, school_id: id } }),
    },
  ],
};

/** Bodies for writes to a schools record named in the path: the least that is a valid request. */
export const writeBodies: Record<string, unknown> = {
  'PUT /api/schools/{id}': { church_address: '1 Matrix Way' },
  'POST /api/schools/{id}/claimed_zips': { zip_code: '99502-0001' },
};

/** schools routes the matrix does not call, each with its reason. */
export const skipped: Record<string, string> = {};

/** DELETE /series_offered/{id} names a series_offered row: a school of each level offering a course. */
export const kindsByRoute: Record<string, readonly RecordKind[]> = {
  'DELETE /api/series_offered/{id}': ['series_offered'],
};
