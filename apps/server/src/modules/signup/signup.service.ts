import type { SignupInput } from '@srs/shared/signup';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { updateAudited } from '../../core/audit.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import type { Db } from '../../db/client.ts';
import { signupRequests, versions } from '../../db/schema/index.ts';
import { type Language, queueMail } from '../mail/public.ts';
import { createUserIn, isEmailTaken, type WelcomeContext } from '../users/public.ts';
import { countRequestFrom, firstKnownMailToday, noticeAllowed } from './signup-limits.ts';
import { alreadyHasAccount, requestDeclined, requestNotice } from './signup-mail.ts';
import { activeSchool, lockPendingRequest, requestRecipients } from './signup.queries.ts';

/**
 * POST /signup (public): never an account, and never a different answer for an email that is
 * already known. A known address is told (by mail, to itself, once a day) that it has an account;
 * a repeated request for the same school while one is pending adds nothing. Otherwise the request
 * is kept and the school's head school admin and conference admins hear of it (up to a number of
 * requests a day). The client's address is counted first, outside the transaction: a refused or
 * failed request still counts (signup-limits.ts).
 */
export async function requestAccount(db: Db, input: SignupInput, baseUrl: string, address: string): Promise<number[]> {
  await countRequestFrom(db, address);
  return db.transaction(async (tx) => {
    const school = await activeSchool(tx, input.school_id);
    if (!school) throw invalid({ school_id: ['is not valid'] });
    const [known] = await rows<{ id: number; email: string; language: string | null }>(
      tx.execute(sql`select id, email, language from users where lower(email) = lower(${input.email}) and active`),
    );
    // To the account's own address, however the email was spelt in the request.
    if (known) {
      if (!(await firstKnownMailToday(tx, known.id))) return [];
      return [await queueMail(tx, alreadyHasAccount(known, baseUrl))];
    }
    const [pending] = await rows<{ id: number }>(
      tx.execute(sql`select id from signup_requests where lower(email) = lower(${input.email})
        and school_id = ${school.id} and status = 'pending'`),
    );
    if (pending) return [];
    const [created] = await tx
      .insert(signupRequests)
      .values({
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        schoolId: school.id,
        message: input.message,
      })
      .returning();
    // Audited like every write; nobody is signed in, so the version names no one.
    await tx.insert(versions).values({
      itemType: 'SignupRequest',
      itemId: created!.id,
      event: 'create',
      whodunnit: null,
      object: null,
      objectChanges: { email: [null, input.email], schoolId: [null, school.id] },
    });
    // Kept either way: past the day's notices the admins still find it under 'Requests for an account'.
    if (!(await noticeAllowed(tx, school.id))) return [];
    const outboxIds: number[] = [];
    for (const recipient of await requestRecipients(tx, school)) {
      outboxIds.push(
        await queueMail(tx, requestNotice(recipient, input, school, baseUrl)),
      );
    }
    return outboxIds;
  });
}

export type Decision = { id: number; status: 'approved' | 'declined'; user_id: number | null; outboxIds: number[] };

/**
 * PUT /signup_requests/decide by an admin of the request's school: approve creates the user with
 * the instructor role of that school and sends the welcome email; decline tells the requester, in
 * `language`, the deciding admin's (a requester has none of their own).
 */
export async function decideRequest(
  db: Db,
  actor: Actor,
  input: { id: number; decision: 'approve' | 'decline' },
  welcome: WelcomeContext,
  language: Language = 'en',
): Promise<Decision> {
  try {
    return await db.transaction(async (tx) => {
      const request = await lockPendingRequest(tx, actor.scope, input.id);
      if (!request) throw notFound('Request');
      const decided = { decidedById: actor.userId, decidedAt: new Date() };
      if (input.decision === 'decline') {
        await updateAudited(tx, actor, signupRequests, request.id, { ...decided, status: 'declined' });
        const outboxId = await queueMail(tx, requestDeclined({ ...request, message: null }, request, language));
        return { id: request.id, status: 'declined', user_id: null, outboxIds: [outboxId] };
      }
      const created = await createUserIn(
        tx,
        actor,
        {
          first_name: request.first_name,
          last_name: request.last_name,
          email: request.email,
          phone: null,
          roles: [{ role_type: 'instructor', organization_id: request.school_id }],
          send_welcome_email: true,
        },
        welcome,
      );
      await updateAudited(tx, actor, signupRequests, request.id, { ...decided, status: 'approved', userId: created.id });
      return { id: request.id, status: 'approved', user_id: created.id, outboxIds: created.outboxIds };
    });
  } catch (error) {
    if (isEmailTaken(error)) throw invalid({ email: ['has already been taken'] });
    throw error;
  }
}
