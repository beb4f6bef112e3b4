// The users the benchmark acts as, with tokens minted by the app's own token service and the
// app's JWT_SECRET, and the scope the baseline needs to run the same SQL (it has no sign-in).
import { loadSignedInUser } from '../../apps/server/src/auth/current-user.ts';
import { createTokenService, type TokenService } from '../../apps/server/src/auth/tokens.ts';
import { type Database, openPostgres } from '../../apps/server/src/db/client.ts';
import { resolveScope, type Scope } from '../../apps/server/src/core/scope.ts';
import { config } from './config.ts';

export type Staff = {
  label: string;
  userId: number;
  email: string;
  scope: Scope;
  /** Headers for the app (a bearer token) and for the baseline (the scope, base64url JSON). */
  app: Record<string, string>;
  baseline: Record<string, string>;
};

export type BaselineScope = Scope;

export const scopeHeader = 'x-bench-scope';

export function encodeScope(scope: Scope): string {
  return Buffer.from(JSON.stringify(scope)).toString('base64url');
}

export async function openTokens(database: Database) {
  const tokens: TokenService = await createTokenService(database.db, {
    JWT_SECRET: config.jwtSecret,
    TOKEN_TTL_MINUTES: 240,
  });
  return async (label: string, userId: number): Promise<Staff> => {
    const signedIn = await loadSignedInUser(database.db, userId);
    if (!signedIn) throw new Error(`user ${userId} (${label}) is missing or inactive`);
    const { user } = signedIn;
    const scope = await resolveScope(database.db, user);
    const { token } = await tokens.issue(user, signedIn.generation);
    return {
      label,
      userId,
      email: user.email,
      scope,
      app: { authorization: `Bearer ${token}` },
      baseline: { [scopeHeader]: encodeScope(scope) },
    };
  };
}

const one = async (database: Database, sql: string, what: string) => {
  const [row] = await database.query<{ id: number }>(sql);
  if (!row) throw new Error(`no ${what} in this database`);
  return Number(row.id);
};

/** The four users of the per-role scenarios, picked from the data (the run prints who). */
export async function pickRoles(database: Database, mint: Awaited<ReturnType<typeof openTokens>>) {
  const globalAdmin = await one(
    database,
    "select id from users where email = 'global.admin@demo.test'",
    'global admin',
  );
  // The conference admin who sees the most students.
  const conferenceAdmin = await one(
    database,
    `select r.user_id as id from roles r join users u on u.id = r.user_id and u.active
     where r.role_type = 'conference_admin'
     order by (select count(*) from students s join schools sc on sc.id = s.school_id
       where sc.conference_id = r.conference_id) desc, r.user_id limit 1`,
    'conference admin',
  );
  // A school admin of the school with the most students.
  const schoolAdmin = await one(
    database,
    `select r.user_id as id from roles r join users u on u.id = r.user_id and u.active
     where r.role_type = 'school_admin' and r.school_id = (
       select s.school_id from students s group by s.school_id order by count(*) desc, s.school_id limit 1)
     order by r.user_id limit 1`,
    'school admin',
  );
  // The instructor with the most students of their own.
  const instructor = await one(
    database,
    `select s.instructor_id as id from students s
     where exists (select 1 from roles r where r.user_id = s.instructor_id and r.role_type = 'instructor')
     group by s.instructor_id order by count(*) desc, s.instructor_id limit 1`,
    'instructor',
  );
  return {
    global: await mint('global admin', globalAdmin),
    conference: await mint('conference admin', conferenceAdmin),
    school: await mint('school admin', schoolAdmin),
    instructor: await mint('instructor', instructor),
  };
}

export type Roles = Awaited<ReturnType<typeof pickRoles>>;

export const openBenchDatabase = () => openPostgres(config.databaseUrl, 4);
