import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createConference, createSchool, createUser } from './support/factories.ts';
import { createStaffedNetwork, type StaffedNetwork } from './support/student-factories.ts';

describe('claimed zips: one at a time, and the bulk import', () => {
  let t: TestContext;
  let net: StaffedNetwork;
  let hidden: { id: number; schoolCode: string };
  let twoHats: { id: number; email: string };
  const post = async (url: string, email: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: await t.headersFor(email), payload });
  const zipsOf = async (schoolId: number) =>
    (
      await t.database.query<{ zip_code: string }>('select zip_code from claimed_zips where school_id = $1 order by 1', [
        schoolId,
      ])
    ).map((row) => row.zip_code);

  beforeAll(async () => {
    t = await createTestApp();
    net = await createStaffedNetwork(t.database.db);
    hidden = await createSchool(t.database.db, { conferenceId: (await createConference(t.database.db)).id });
    // A school admin of school A who also teaches in school B: B is seen, not administered.
    twoHats = await createUser(t.database.db, { roleType: 'school_admin', schoolId: net.schoolA.id });
    await t.database.query(`insert into roles (user_id, role_type, school_id) values ($1, 'instructor', $2)`, [
      twoHats.id,
      net.schoolB.id,
    ]);
    await t.database.query(`insert into claimed_zips (school_id, zip_code) values ($1, '10001'), ($2, '20002')`, [
      net.schoolB.id,
      hidden.id,
    ]);
  });
  afterAll(async () => t.close());

  describe('POST /api/schools/:id/claimed_zips', () => {
    const url = () => `/api/schools/${net.schoolA.id}/claimed_zips`;

    it('claims a zip (ZIP+4 keeps its 5 digits) and gives it up, each audited', async () => {
      const added = await post(url(), net.schoolAdminA.email, { zip_code: ' 62704-1234 ' });
      expect(added.statusCode).toBe(200);
      const [zip] = added.json().claimed_zips;
      expect(zip).toMatchObject({ zip_code: '62704' });
      const removed = await post(url(), net.conferenceAdminA.email, { id: zip.id, _destroy: true });
      expect(removed.json()).toEqual({ claimed_zips: [] });
      const events = await t.database.query<{ event: string }>(
        `select event from versions where item_type = 'ClaimedZip' and item_id = $1 order by id`,
        [zip.id],
      );
      expect(events.map((v) => v.event)).toEqual(['create', 'destroy']);
    });

    it('refuses a zip that is no US zip, or claimed: naming the school only when the user sees it', async () => {
      for (const zip_code of ['1234', '123456', 'ABCDE', '12345-12']) {
        const refused = await post(url(), net.schoolAdminA.email, { zip_code });
        expect(refused.statusCode).toBe(422);
        expect(refused.json()).toEqual({ zip_code: ['is not a US zip code (5 digits, or ZIP+4)'] });
      }
      const byB = await post(url(), net.globalAdmin.email, { zip_code: '10001' });
      expect(byB.json()).toEqual({ zip_code: [`is claimed by (#${net.schoolB.schoolCode}) Beta Church`] });
      const unseen = await post(url(), net.schoolAdminA.email, { zip_code: '20002' });
      expect(unseen.json()).toEqual({ zip_code: ['is claimed by another school'] });
      const empty = await post(url(), net.schoolAdminA.email, { zip_code: '' });
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toEqual({ zip_code: ['This field is required'] });
      const removeWithoutId = await post(url(), net.schoolAdminA.email, { _destroy: true });
      expect(removeWithoutId.json()).toEqual({ zip_code: ['This field is required'] });
    });

    it('answers 403 to instructors, 404 out of scope, and 404 for a zip of another school', async () => {
      expect((await post(url(), net.instructorA.email, { zip_code: '62705' })).statusCode).toBe(403);
      const outside = await post(`/api/schools/${net.schoolB.id}/claimed_zips`, net.schoolAdminA.email, {
        zip_code: '62705',
      });
      expect(outside.statusCode).toBe(404);
      const seenNotMine = await post(`/api/schools/${net.schoolB.id}/claimed_zips`, twoHats.email, { zip_code: '62705' });
      expect(seenNotMine.statusCode).toBe(403);
      const [other] = await t.database.query<{ id: number }>(`select id from claimed_zips where zip_code = '10001'`);
      expect((await post(url(), net.schoolAdminA.email, { id: other!.id, _destroy: true })).statusCode).toBe(404);
      expect(await zipsOf(net.schoolB.id)).toEqual(['10001']);
    });
  });

  describe('POST /api/schools/bulk_import_zips', () => {
    const importZips = (email: string, file: string, extra: object = {}) =>
      post('/api/schools/bulk_import_zips', email, { file, ...extra });

    it('previews every row with its result and reason, then applies the accepted rows', async () => {
      await t.database.query(`insert into claimed_zips (school_id, zip_code) values ($1, '30003')`, [net.schoolA.id]);
      const a = net.schoolA.schoolCode;
      const file = [
        'school_code,zip_code',
        `${a},40004`,
        `${a},1234`,
        `NOPE,40005`,
        `${hidden.schoolCode},40006`,
        `${net.schoolB.schoolCode},40007`,
        `${a},40004-1111`,
        `${a},10001`,
        `${a},30003`,
        `"${a}","40008"`,
        `${a}`,
        '',
      ].join('\r\n');
      const preview = await importZips(twoHats.email, file, { dry_run: true });
      expect(preview.statusCode).toBe(200);
      const body = preview.json();
      const results = body.rows.map((row: { line: number; status: string; reason: string | null }) => [
        row.line,
        row.status,
        row.reason,
      ]);
      expect(results).toEqual([
        [2, 'accepted', null],
        [3, 'rejected', 'Not a US zip code (5 digits, or ZIP+4)'],
        [4, 'rejected', 'Unknown school code'],
        [5, 'rejected', 'Unknown school code'],
        [6, 'rejected', 'Not one of the schools you administer'],
        [7, 'rejected', 'Repeats the zip code of line 2'],
        [8, 'rejected', `Claimed by (#${net.schoolB.schoolCode}) Beta Church`],
        [9, 'unchanged', 'Already claimed by this school'],
        [10, 'accepted', null],
        [11, 'rejected', 'Needs two columns: school_code,zip_code'],
      ]);
      expect(body).toMatchObject({ accepted_count: 2, unchanged_count: 1, rejected_count: 7, applied: false });
      expect(await zipsOf(net.schoolA.id)).toEqual(['30003']);

      const applied = await importZips(twoHats.email, file, { preview_token: body.preview_token });
      expect(applied.statusCode).toBe(200);
      expect(applied.json()).toMatchObject({ accepted_count: 2, applied: true });
      expect(await zipsOf(net.schoolA.id)).toEqual(['30003', '40004', '40008']);
      const versions = await t.database.query<{ n: number }>(
        `select count(*)::int as n from versions v join claimed_zips cz on cz.id = v.item_id
         where v.item_type = 'ClaimedZip' and v.event = 'create' and cz.zip_code in ('40004', '40008')`,
      );
      expect(versions[0]?.n).toBe(2);
    });

    it('refuses a confirmation without a preview, or when anything changed since it: nothing applied', async () => {
      const file = `${net.schoolA.schoolCode},50005\n${net.schoolA.schoolCode},50006`;
      const noToken = await importZips(net.schoolAdminA.email, file);
      expect(noToken.statusCode).toBe(422);
      const preview = (await importZips(net.schoolAdminA.email, file, { dry_run: 'true' })).json();
      await t.database.query(`insert into claimed_zips (school_id, zip_code) values ($1, '50006')`, [net.schoolB.id]);
      const stale = await importZips(net.schoolAdminA.email, file, { preview_token: preview.preview_token });
      expect(stale.statusCode).toBe(422);
      expect(stale.body).toBe('The claimed zips changed since the preview: preview the file again.');
      expect(await zipsOf(net.schoolA.id)).not.toContain('50005');
    });

    it('applies nothing when the database fails half-way through', async () => {
      await t.database.query(`create function refuse_zip() returns trigger language plpgsql as $$
        begin if new.zip_code = '60009' then raise exception 'refused'; end if; return new; end $$`);
      await t.database.query(
        `create trigger refuse_zip before insert on claimed_zips for each row execute function refuse_zip()`,
      );
      try {
        const codes = ['60001', '60002', '60003', '60009', '60010'];
        const file = codes.map((zip) => `${net.schoolA.schoolCode},${zip}`).join('\n');
        const preview = (await importZips(net.globalAdmin.email, file, { dry_run: true })).json();
        expect(preview.accepted_count).toBe(5);
        const failed = await importZips(net.globalAdmin.email, file, { preview_token: preview.preview_token });
        expect(failed.statusCode).toBe(500);
        const left = await t.database.query(`select 1 from claimed_zips where zip_code like '600%'`);
        expect(left).toEqual([]);
        const versions = await t.database.query(
          `select 1 from versions where item_type = 'ClaimedZip' and object_changes->'zipCode'->>1 like '600%'`,
        );
        expect(versions).toEqual([]);
      } finally {
        await t.database.query('drop trigger refuse_zip on claimed_zips');
      }
    });

    it('takes an upload as multipart form data, and refuses instructors (403)', async () => {
      const boundary = 'zipboundary';
      const payload = [
        `--${boundary}`,
        'Content-Disposition: form-data; name="dry_run"',
        '',
        'true',
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="zips.csv"',
        'Content-Type: text/csv',
        '',
        `${net.schoolA.schoolCode},70007`,
        `--${boundary}--`,
        '',
      ].join('\r\n');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/schools/bulk_import_zips',
        headers: { ...(await t.headersFor(net.schoolAdminA.email)), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ accepted_count: 1, applied: false });
      expect((await importZips(net.instructorA.email, 'x,12345', { dry_run: true })).statusCode).toBe(403);
    });

    it('imports 30,000 rows in one go', async () => {
      const schools: { schoolCode: string }[] = [];
      for (let i = 0; i < 20; i += 1) {
        schools.push(await createSchool(t.database.db, { conferenceId: net.conferenceA.id }));
      }
      const lines = Array.from({ length: 30_000 }, (_, i) => `${schools[i % 20]!.schoolCode},${65_000 + i}`);
      const file = `school_code,zip_code\n${lines.join('\n')}`;
      const started = performance.now();
      const preview = (await importZips(net.globalAdmin.email, file, { dry_run: true })).json();
      const previewed = performance.now();
      expect(preview.accepted_count).toBe(30_000);
      const applied = await importZips(net.globalAdmin.email, file, { preview_token: preview.preview_token });
      const done = performance.now();
      expect(applied.json()).toMatchObject({ applied: true, accepted_count: 30_000 });
      console.log(
        `bulk zip import of 30,000 rows: preview ${Math.round(previewed - started)} ms, ` +
          `confirm ${Math.round(done - previewed)} ms (${Math.round(30_000 / ((done - previewed) / 1000))} rows/s)`,
      );
    }, 120_000);
  });
});
