import { sql } from 'drizzle-orm';
import { endSessions } from '../../auth/account-sessions.ts';
import type { Actor } from '../../core/actor.ts';
import { deleteAudited, recordVersions } from '../../core/audit.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { assertAllowed } from '../../core/permissions.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { roles } from '../../db/schema/index.ts';
import { userFacts } from './user-detail.queries.ts';
import { userRules } from './user-rules.ts';
import { updateUserRow } from './users.service.ts';

type SchoolName = { school_code: string; church_name: string };
const schoolName = (school: SchoolName) => `(#${school.school_code}) ${school.church_name}`;

/** 422 while the user is the head school admin of a school: another must be chosen first. */
async function assertNotHead(tx: DbOrTx, userId: number): Promise<void> {
  const heads = await rows<SchoolName>(
    tx.execute(sql`select school_code, church_name from schools where head_school_admin_id = ${userId} order by school_code`),
  );
  if (heads.length === 0) return;
  const names = heads.map(schoolName).join(', ');
  throw invalid(
    `This user is the head school admin of ${names}. Choose another head school admin for ${heads.length === 1 ? 'that school' : 'those schools'} first.`,
  );
}

/** Each of the user's students goes to the head school admin of the student's own school, audited. */
async function handOverStudents(tx: DbOrTx, actor: Actor, userId: number): Promise<number> {
  const found = await rows<{ id: number; head: number | null } & SchoolName>(
    tx.execute(sql`select s.id, sc.head_school_admin_id as head, sc.school_code, sc.church_name
      from students s join schools sc on sc.id = s.school_id
      where s.instructor_id = ${userId} order by s.id for update of s`),
  );
  const headless = found.find((student) => student.head === null);
  if (headless) {
    throw invalid(
      `No head school admin is assigned to ${schoolName(headless)}, where this user's students would go. Choose one first.`,
    );
  }
  if (found.length === 0) return 0;
  // One statement for all of them, and their versions in one more (not two queries a student).
  await tx.execute(sql`update students s set instructor_id = sc.head_school_admin_id, updated_at = now()
    from schools sc where sc.id = s.school_id and s.instructor_id = ${userId}`);
  await recordVersions(
    tx,
    actor,
    found.map((student) => ({
      itemType: 'Student',
      itemId: student.id,
      before: { instructorId: userId },
      after: { instructorId: student.head },
    })),
  );
  return found.length;
}

/**
 * DELETE /users/{id}, in one transaction: their students go to their schools' head school
 * admins, their roles are removed and the account is deactivated, not erased, so that the
 * versions still name who did what (docs/decisions.md). The next call with their token is a 401.
 */
export async function deleteUser(db: Db, actor: Actor, id: number): Promise<{ students_moved: number }> {
  return db.transaction(async (tx) => {
    const facts = await userFacts(tx, id, true);
    if (!facts) throw notFound('User');
    assertAllowed(actor, userRules.destroy, [facts]);
    await assertNotHead(tx, id);
    const moved = await handOverStudents(tx, actor, id);
    for (const role of facts.roles) await deleteAudited(tx, actor, roles, role.id);
    await updateUserRow(tx, actor, id, { active: false });
    // Deactivated, and every session and unused link ended: coming back later starts none again.
    await endSessions(tx, id, { voidPasswordLinks: true });
    return { students_moved: moved };
  });
}
