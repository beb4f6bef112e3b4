import { interestImportRowsMax } from '@srs/shared/interests';
import { bulkZipRowsMax } from '@srs/shared/schools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInterestCsv } from '../src/modules/interests/interest-import.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createUser } from './support/factories.ts';

/** A multipart body with the file and dry_run, as the import dialogs send it. */
function multipart(file: string) {
  const boundary = 'importboundary';
  const payload = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="dry_run"',
    '',
    'true',
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="rows.csv"',
    'Content-Type: text/csv',
    '',
    file,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('the CSV imports refuse a file over their row limit while reading it (413, with what to do)', () => {
  let t: TestContext;
  let admin: { authorization: string };
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: admin, payload });

  beforeAll(async () => {
    t = await createTestApp({ FEATURE_INTEREST_TRACKING: 'true' });
    admin = await t.headersFor((await createUser(t.database.db, { roleType: 'global_admin' })).email);
  });
  afterAll(async () => t.close());

  it(`zips: ${bulkZipRowsMax + 1} rows are refused, as JSON or multipart`, async () => {
    const rows = Array.from({ length: bulkZipRowsMax + 1 }, (_, i) => `NOPE,${10_000 + i}`);
    const file = ['school_code,zip_code', ...rows].join('\r\n');
    const sentence = 'The file has more than 50,000 rows. Split it into files of at most 50,000 rows.';
    const json = await post('/api/schools/bulk_import_zips', { file, dry_run: true });
    expect(json.statusCode).toBe(413);
    expect(json.json()).toEqual({ error: sentence });
    const body = multipart(file);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/schools/bulk_import_zips',
      headers: { ...admin, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect([form.statusCode, form.json()]).toEqual([413, { error: sentence }]);
  });

  it('zips: a file of nearly 4 MB, far over the limit, is refused the same', async () => {
    const file = 'SC1,12345\n'.repeat(399_000);
    const refused = await post('/api/schools/bulk_import_zips', { file, dry_run: true });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toMatch(/^The file has more than 50,000 rows\./);
  });

  it(`interests: ${interestImportRowsMax + 1} lines under the first are refused; empty spreadsheet rows do not count`, async () => {
    const people = Array.from({ length: interestImportRowsMax }, (_, i) => `Person,Number ${i}`);
    const full = ['first_name,last_name', ...people, ...Array<string>(200).fill(',,')].join('\r\n');
    expect(await readInterestCsv(full)).toHaveLength(interestImportRowsMax);
    const over = await post('/api/interests/import', { file: `${full}\r\nOne,More`, dry_run: true });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      error: 'The file has more than 5,000 rows. Split it into files of at most 5,000 rows.',
    });
    // A file without the columns is told so first, as before.
    const noColumns = await post('/api/interests/import', { file: `email\r\n${people.join('\r\n')}\r\nx,y`, dry_run: true });
    expect(noColumns.statusCode).toBe(422);
  });

  it('a JSON body larger than a file may be is refused before it is read (413)', async () => {
    const file = 'x'.repeat(5 * 1024 * 1024 + 1);
    for (const url of ['/api/schools/bulk_import_zips', '/api/interests/import']) {
      const refused = await post(url, { file, dry_run: true });
      expect(refused.statusCode, url).toBe(413);
    }
  });
});
