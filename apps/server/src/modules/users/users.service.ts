import type { UserInput, UserUpdateInput } from '@srs/shared/users';
import { eq, sql } from 'drizzle-orm';
import { emailChangedNotice, passwordResetNotice, secondFactorOffNotice } from '../../auth/account-notices.ts';
import { endSessions } from '../../auth/account-sessions.ts';
import { createWelcomeLink } from '../../auth/welcome-link.ts';
import type { Actor } from '../../core/actor.ts';
import { recordVersion } from '../../core/audit.ts';
import { forbidden, invalid, notFound } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { assertAllowed } from '../../core/permissions.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type Env, publicUrl } from '../../env.ts';
import { users } from '../../db/schema/index.ts';
import { queueMail } from '../mail/public.ts';
import { userFacts } from './user-detail.queries.ts';
import { roleFactsOfInput, setRoles } from './user-roles.ts';
import { userRules } from './user-rules.ts';
import { welcomeEmail } from './welcome-email.ts';

/** Where a welcome link leads: the product's address and whether the built-in provider signs users in. */
export type WelcomeContext = { baseUrl: string; builtinProvider: boolean };
/** The welcome link's target: the built-in provider is in use exactly when no OIDC_ISSUER is set (app.ts). */
export const welcomeContextOf = (env: Env): WelcomeContext => ({
  baseUrl: publicUrl(env),
  builtinProvider: !env.OIDC_ISSUER,
});

export type UserWriteResult = { id: number; outboxIds: number[] };

const emailTaken = () => invalid({ email: ['has already been taken'] });

export function isEmailTaken(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: string; constraint?: string; message?: string };
    if (candidate.code === '23505') return String(candidate.constraint ?? candidate.message).includes('users_email_key');
  }
  return false;
}

/** The users holding this email, whatever its case (the unique index is on lower(email)). */
async function userWithEmail(tx: DbOrTx, email: string) {
  const [found] = await rows<{ id: number; active: boolean; had_password: boolean }>(
    tx.execute(sql`select id, active, password_hash is not null as had_password from users
      where lower(email) = lower(${email}) for update`),
  );
  return found ?? null;
}

/** Bringing back a deleted account that had signed in with a password is a reset of it: a global admin's (user-rules.ts). */
export const revivalMessage = 'belongs to a deleted account that had a password. Only a global admin can bring it back.';

function assertAdminFlag(actor: Actor, wanted: boolean | undefined, current: boolean) {
  if (wanted !== undefined && wanted !== current && !actor.scope.all) throw forbidden();
}

type UserRow = typeof users.$inferSelect;
/** A user row as the versions keep it: never the password hash. */
/** A user as the versions keep it: no password hash, no second factor's secrets (only whether it is on). */
const withoutSecret = ({
  passwordHash: _hash,
  mfaSecret: _secret,
  mfaPendingSecret: _pending,
  mfaRecoveryHashes: _codes,
  mfaLastStep: _step,
  ...row
}: UserRow) => row;

/** Writes to users, audited like every write, with the password hash left out of the versions. */
async function insertUser(tx: DbOrTx, actor: Actor, values: typeof users.$inferInsert): Promise<number> {
  const [row] = await tx.insert(users).values(values).returning();
  await recordVersion(tx, actor, { itemType: 'User', itemId: row!.id, before: null, after: withoutSecret(row!) });
  return row!.id;
}

export async function updateUserRow(
  tx: DbOrTx,
  actor: Actor,
  id: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<void> {
  const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!before) throw notFound('User');
  const [after] = await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  await recordVersion(tx, actor, { itemType: 'User', itemId: id, before: withoutSecret(before), after: withoutSecret(after!) });
}

const fields = (input: UserInput) => ({
  firstName: input.first_name,
  lastName: input.last_name,
  email: input.email,
  phone: input.phone,
  // The language an admin chose for the person (issue 29): the welcome mail is in it.
  language: input.language ?? null,
});

/** A transaction that writes users: an email another account has is the 422 of SPEC section 8. */
export async function userTransaction<T>(db: Db, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isEmailTaken(error)) throw emailTaken();
    throw error;
  }
}

/**
 * POST /users: a new user with the roles the admin may grant. The email of a deleted (inactive)
 * account brings that account back, with new roles and no password (docs/decisions.md).
 */
export async function createUser(db: Db, actor: Actor, input: UserInput, welcome: WelcomeContext): Promise<UserWriteResult> {
  return userTransaction(db, (tx) => createUserIn(tx, actor, input, welcome));
}

/** createUser inside the caller's transaction (approving a request for an account). */
export async function createUserIn(
  tx: DbOrTx,
  actor: Actor,
  input: UserInput,
  welcome: WelcomeContext,
): Promise<UserWriteResult> {
  const wanted = roleFactsOfInput(input.roles);
  assertAdminFlag(actor, input.admin, false);
  if (wanted.length === 0 && !input.admin) throw invalid({ roles: ['must include at least one role'] });
  const existing = await userWithEmail(tx, input.email);
  if (existing?.active) throw emailTaken();
  // Deleting and bringing back would otherwise let any admin who governs a user set their password.
  if (existing?.had_password && !actor.scope.all) throw invalid({ email: [revivalMessage] });
  const values = { ...fields(input), admin: input.admin ?? false, active: true, passwordHash: null };
  let id: number;
  if (existing) {
    // A deleted account brought back starts afresh: no password, no second factor, no session.
    await updateUserRow(tx, actor, existing.id, { ...values, ...secondFactorOff });
    await endSessions(tx, existing.id, { voidPasswordLinks: true });
    id = existing.id;
  } else {
    id = await insertUser(tx, actor, values);
  }
  await setRoles(tx, actor, id, existing ? ((await userFacts(tx, id))?.roles ?? []) : [], wanted);
  const outboxIds = input.send_welcome_email ? (await queueWelcome(tx, actor, id, welcome)).outboxIds : [];
  return { id, outboxIds };
}

/** The name of who acts, for the notices an account's owner receives. */
async function nameOf(tx: DbOrTx, userId: number): Promise<string> {
  const [found] = await rows<{ name: string }>(
    tx.execute(sql`select first_name || ' ' || last_name as name from users where id = ${userId}`),
  );
  return found?.name ?? 'An administrator';
}

/**
 * PUT /users/{id}: the fields sent (names, email, phone, roles; the admin flag for global admins).
 * A new email is for whoever governs the account (user-rules.ts): it ends every session of the
 * account and voids its unused links, and the owner is told at the address they had.
 */
export async function updateUser(
  db: Db,
  actor: Actor,
  id: number,
  input: UserUpdateInput,
  welcome: WelcomeContext,
): Promise<UserWriteResult> {
  return userTransaction(db, async (tx) => {
    const facts = await userFacts(tx, id, true);
    if (!facts) throw notFound('User');
    assertAllowed(actor, userRules.update, [facts]);
    assertAdminFlag(actor, input.admin, facts.admin);
    // Any other text is a new email, even one that lower-cases the same ('K' and the Kelvin sign):
    // mail goes to the address as written.
    const newEmail = input.email !== undefined && input.email !== facts.email;
    if (newEmail) assertAllowed(actor, userRules.change_email, [facts]);
    if (input.send_welcome_email) assertAllowed(actor, userRules.welcome_email, [facts]);
    // Someone's language chooses the words of their security notices: like their email, it is for
    // whoever governs the account (an admin who could grant every role it holds), or the owner.
    if (input.language !== undefined && id !== actor.userId) assertAllowed(actor, userRules.change_email, [facts]);
    if (input.roles !== undefined) {
      const wanted = roleFactsOfInput(input.roles);
      if (wanted.length === 0 && !(input.admin ?? facts.admin)) {
        throw invalid({ roles: ['must include at least one role'] });
      }
      await setRoles(tx, actor, id, facts.roles, wanted);
    }
    if (input.email !== undefined) {
      const holder = await userWithEmail(tx, input.email);
      if (holder && holder.id !== id) throw emailTaken();
    }
    const changes = {
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      phone: input.phone,
      language: input.language,
      admin: input.admin,
    };
    const sent = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    if (Object.keys(sent).length > 0) await updateUserRow(tx, actor, id, sent);
    const outboxIds: number[] = [];
    if (newEmail) {
      await endSessions(tx, id, { voidPasswordLinks: true });
      const owner = await ownerOf(tx, id, facts.email);
      outboxIds.push(await queueMail(tx, emailChangedNotice(owner, input.email!, await nameOf(tx, actor.userId))));
    }
    if (input.send_welcome_email) {
      outboxIds.push(...(await queueWelcome(tx, actor, id, welcome, facts.hasPassword ? facts.email : null)).outboxIds);
    }
    return { id, outboxIds };
  });
}

/** The owner as the notices address them: at `address`, the one they had before the change. */
async function ownerOf(tx: DbOrTx, userId: number, address: string) {
  const [found] = await rows<{ first_name: string; language: string | null }>(
    tx.execute(sql`select first_name, language from users where id = ${userId}`),
  );
  return { email: address, firstName: found?.first_name ?? '', language: found?.language ?? null };
}

/**
 * The welcome email, in the caller's transaction: a new link, the message in the outbox and
 * users.welcome_email_sent_at, audited. The caller dispatches the outbox ids after the commit.
 * For an account that already has a password (`resetOf`: the address it had) the link is a reset:
 * the mail says so, and when the link goes to another address the owner is told at the old one.
 */
export async function queueWelcome(tx: DbOrTx, actor: Actor, userId: number, welcome: WelcomeContext, resetOf: string | null = null) {
  const person = async (id: number) => {
    const [found] = await rows<{ email: string; first_name: string; last_name: string; language: string | null }>(
      tx.execute(sql`select email, first_name, last_name, language from users where id = ${id}`),
    );
    return found!;
  };
  const user = await person(userId);
  const sender = await person(actor.userId);
  const link = await createWelcomeLink(tx, userId, welcome.baseUrl, welcome.builtinProvider);
  const reset = resetOf !== null && welcome.builtinProvider;
  const outboxIds = [await queueMail(tx, welcomeEmail(user.email, user, sender, link, reset))];
  if (reset && resetOf !== user.email) {
    const by = `${sender.first_name} ${sender.last_name}`;
    outboxIds.push(await queueMail(tx, passwordResetNotice({ email: resetOf, firstName: user.first_name, language: user.language }, by, user.email)));
  }
  const sentAt = new Date();
  await updateUserRow(tx, actor, userId, { welcomeEmailSentAt: sentAt });
  return { outboxIds, sentAt, expiresAt: link.expiresAt };
}

/** POST /users/{id}/welcome_email. */
export async function sendWelcomeEmail(db: Db, actor: Actor, id: number, welcome: WelcomeContext) {
  return db.transaction(async (tx) => {
    const facts = await userFacts(tx, id, true);
    if (!facts) throw notFound('User');
    assertAllowed(actor, userRules.welcome_email, [facts]);
    return queueWelcome(tx, actor, id, welcome, facts.hasPassword ? facts.email : null);
  });
}

/** What turns a user's second factor off: the columns of the built-in provider's codes, emptied. */
export const secondFactorOff = {
  mfaSecret: null,
  mfaPendingSecret: null,
  mfaEnabledAt: null,
  mfaRecoveryHashes: [],
  mfaLastStep: null,
} satisfies Partial<typeof users.$inferInsert>;

/**
 * DELETE /users/{id}/delete_mfa (an admin who governs the user, never on oneself): the user's
 * second factor is cleared, the change kept in the versions, every session of theirs ended, and
 * the user told by email (they sign in with their password alone until they turn it on again).
 * Answers the outbox ids to send after the commit.
 */
export async function clearSecondFactor(db: Db, actor: Actor, id: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const facts = await userFacts(tx, id, true);
    if (!facts) throw notFound('User');
    assertAllowed(actor, userRules.delete_mfa, [facts]);
    const [user] = await tx
      .select({ email: users.email, firstName: users.firstName, language: users.language, on: users.mfaEnabledAt })
      .from(users)
      .where(eq(users.id, id));
    if (!user?.on) return [];
    await updateUserRow(tx, actor, id, secondFactorOff);
    await endSessions(tx, id, { voidPasswordLinks: false });
    return [await queueMail(tx, secondFactorOffNotice(user, await nameOf(tx, actor.userId)))];
  });
}
