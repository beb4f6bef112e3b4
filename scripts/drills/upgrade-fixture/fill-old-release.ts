/**
 * Runs INSIDE the old release (copied to its apps/server/src by scripts/drills/upgrade-fixture.ts,
 * so every import below is that release's own code): after its demo seed, writes a few rows into
 * every table the seed leaves empty, and the awkward values an upgrade must carry (names with odd
 * spacing and letters, lessons returned before they were sent or never sent), with that release's
 * own audit trail and cache refresh. Not part of today's server.
 */
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { loadEnv } from './env.ts';
import { openDatabase } from './db/open.ts';
import * as t from './db/schema/index.ts';
import { refreshEnrollmentCaches } from './modules/enrollments/enrollment-caches.ts';
import { recordVersion } from './plugins/audit.ts';

const database = await openDatabase(loadEnv());
const { db } = database;
const hash = (text: string) => createHash('sha256').update(text).digest('hex');
const inDays = (days: number) => new Date(Date.UTC(2026, 10, 20) + days * 86_400_000);

try {
  await db.transaction(async (tx) => {
    const [admin] = await tx.select().from(t.users).orderBy(asc(t.users.id)).limit(1);
    const [school] = await tx.select().from(t.schools).orderBy(asc(t.schools.id)).limit(1);
    if (!admin || !school) throw new Error('Run the demo seed first.');

    // Names the word search (migration 0005) must split as it splits any other.
    const odd = [
      { firstName: 'Anne-Marie', middleName: '  ', lastName: "O'Neil  Smith" },
      { firstName: 'ÉLODIE', middleName: 'Ça Va', lastName: 'Nuñez' },
      { firstName: 'X', middleName: '', lastName: 'Y' },
    ];
    const added = await tx
      .insert(t.students)
      .values(odd.map((name) => ({ ...name, schoolId: school.id, createdById: admin.id })))
      .returning();
    for (const student of added) {
      await recordVersion(tx, { itemType: 'Student', itemId: student.id, whodunnit: admin.id, before: null, after: student });
    }

    // A student's phone changed, and the change in the audit trail.
    const [student] = await tx.select().from(t.students).orderBy(asc(t.students.id)).limit(1);
    const [changed] = await tx.update(t.students).set({ phone: '555-0100' }).where(eq(t.students.id, student!.id)).returning();
    await recordVersion(tx, { itemType: 'Student', itemId: student!.id, whodunnit: admin.id, before: student!, after: changed! });

    // A school renamed; a note deleted; a lesson returned (versions with each kind of key).
    const [renamed] = await tx.update(t.schools).set({ churchName: `${school.churchName} Church` }).where(eq(t.schools.id, school.id)).returning();
    await recordVersion(tx, { itemType: 'School', itemId: school.id, whodunnit: admin.id, before: school, after: renamed! });
    const [note] = await tx.select().from(t.notes).orderBy(asc(t.notes.id)).limit(1);
    await tx.delete(t.notes).where(eq(t.notes.id, note!.id));
    await recordVersion(tx, { itemType: 'Note', itemId: note!.id, whodunnit: null, before: note!, after: null });
    const [enrollment] = await tx.select().from(t.enrollments).orderBy(asc(t.enrollments.id)).limit(1);
    await recordVersion(tx, { itemType: 'Enrollment', itemId: enrollment!.id, whodunnit: admin.id, before: null, after: enrollment! });
    const [decision] = await tx.select().from(t.decisions).orderBy(asc(t.decisions.id)).limit(1);
    await recordVersion(tx, { itemType: 'Decision', itemId: decision!.id, whodunnit: admin.id, before: null, after: decision! });
    const [series] = await tx.select().from(t.series).orderBy(asc(t.series.id)).limit(1);
    await recordVersion(tx, { itemType: 'Series', itemId: series!.id, whodunnit: admin.id, before: null, after: series! });

    // Lessons the roll-ups (migration 0010) count with care: returned before sent, never sent, no
    // type; on three lessons of a course enrollment that has not had them yet.
    const [open] = await database.query<{ enrollment_id: number; episode_ids: number[] }>(
      `select e.id as enrollment_id, (array_agg(ep.id order by ep.position))[1:3] as episode_ids
       from enrollments e join episodes ep on ep.series_id = e.series_id
       where not exists (select 1 from episode_deliveries d where d.enrollment_id = e.id and d.episode_id = ep.id)
       group by e.id having count(*) >= 3 order by e.id limit 1`,
    );
    const [first, second, third] = open!.episode_ids.map(Number);
    const lessons = await tx
      .insert(t.episodeDeliveries)
      .values([
        { enrollmentId: open!.enrollment_id, episodeId: first!, dateSent: '2026-03-10', dateCompleted: '2026-03-01', deliveryType: 'mail' },
        { enrollmentId: open!.enrollment_id, episodeId: second!, dateSent: null, dateCompleted: '2026-04-02', deliveryType: null },
        { enrollmentId: open!.enrollment_id, episodeId: third!, dateSent: '2026-01-31', dateCompleted: '2026-02-01', deliveryType: null },
      ])
      .returning();
    const [lesson] = lessons;
    const [returned] = await tx.update(t.episodeDeliveries).set({ gradingInstructorId: admin.id }).where(eq(t.episodeDeliveries.id, lesson!.id)).returning();
    await recordVersion(tx, { itemType: 'EpisodeDelivery', itemId: lesson!.id, whodunnit: admin.id, before: lesson!, after: returned! });
    await refreshEnrollmentCaches(tx, [Number(open!.enrollment_id)]);

    // Every table the seed leaves empty gets a few rows.
    const [upload] = await tx
      .insert(t.uploads)
      .values({ userId: admin.id, kind: 'profile_picture', contentType: 'image/png', byteSize: 8, data: Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]) })
      .returning();
    await tx.update(t.users).set({ profilePictureUploadId: upload!.id }).where(eq(t.users.id, admin.id));
    await tx.insert(t.userSettings).values({ userId: admin.id, backgroundImageUrl: 'https://example.test/sky.jpg', emailPreferences: { reminders: true, digest: false } });
    await tx.insert(t.apiKeys).values([
      { userId: admin.id, name: 'Church website', prefix: 'srs_a1b2', keyHash: hash('one'), scopes: ['interests:write'], lastUsedAt: inDays(-1) },
      { userId: admin.id, name: 'Old website', prefix: 'srs_c3d4', keyHash: hash('two'), scopes: [], revokedAt: inDays(-30) },
    ]);
    await tx.insert(t.authRequests).values({ state: 'state-1', nonce: 'nonce-1', codeVerifier: 'verifier-1', redirectTo: '/students', expiresAt: inDays(1) });
    await tx.insert(t.mailOutbox).values([
      { to: 'school.admin@demo.test', subject: 'Welcome', text: 'Welcome to the Student Records System.', kind: 'welcome', status: 'sent', attempts: 1, sentAt: inDays(-2) },
      { to: 'nobody@demo.test', subject: 'Reminders', text: 'Two reminders are due.', html: '<p>Two reminders are due.</p>', kind: 'reminders', status: 'failed', attempts: 3, lastError: 'connection refused' },
    ]);
    await tx.insert(t.oidcPayloads).values([
      { type: 'Session', id: 'session-1', payload: { accountId: String(admin.id), loginTs: 1 }, uid: 'uid-1', expiresAt: inDays(1) },
      { type: 'Grant', id: 'grant-1', payload: { accountId: String(admin.id) }, grantId: 'grant-1', expiresAt: inDays(1), consumedAt: inDays(-1) },
    ]);
    await tx.insert(t.rateLimits).values({ key: 'sign-in:203.0.113.7', count: 3, expiresAt: inDays(1) });
    await tx.insert(t.revokedTokens).values({ jti: 'jti-1', expiresAt: inDays(1) });
    await tx.insert(t.serverKeys).values({ name: 'app-token', value: { kty: 'oct', k: 'ZmFrZS1rZXk' } });
  });
  console.log('old release: filled every table its seed leaves empty');
} finally {
  await database.close();
}
