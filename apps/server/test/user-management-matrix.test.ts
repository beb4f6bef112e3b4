import type { UserAction } from '@srs/shared/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/password.ts';
import { roles as roleRows, users } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createConference, createCourse, createSchool, createStudent, enroll, offer } from './support/factories.ts';

/**
 * Issue 24, "An attacker's suite in the project": who may act on whom among users holding mixed
 * roles, on every user-management route, for every acting user and every kind of target.
 *
 * The expected answer of each cell comes from the rule written again below (the oracle), not from
 * user-rules.ts: `update` for an admin who could grant ANY role the user holds (manages);
 * `change_email`, `destroy`, `delete_mfa`, `welcome_email` for one who could grant EVERY role
 * (governs), never on one's own account; `welcome_email` to an account with a password for a
 * global admin only. A user with the admin flag or a global_admin role is managed by global admins
 * only. Who sees a user is core/scope.ts `visibleUser`: themselves, and whoever administers a school
 * or conference one of their roles names (404 otherwise); a role the route does not allow is 403
 * before the scope is looked at.
 *
 * Reads go to one user per kind of target (with a student at each school they teach or run);
 * every write goes to a fresh user of its own, made in bulk before the cells run, so that no
 * cell sees another's change. A write on "themselves" is made by a fresh copy of the acting user
 * on its own account. After each write the target's row, roles and mail are compared with what the
 * oracle says the write did (nothing, when refused).
 */

type SchoolKey = 'A1' | 'A2' | 'B1' | 'B2';
type ConferenceKey = 'A' | 'B';
type RoleSpec =
  | { type: 'global_admin' }
  | { type: 'conference_admin'; conference: ConferenceKey }
  | { type: 'school_admin' | 'instructor'; school: SchoolKey };
type Person = { label: string; admin?: boolean; password?: boolean; roles: readonly RoleSpec[] };
type Actor = Person & { grant: RoleSpec };

const schoolKeys: readonly SchoolKey[] = ['A1', 'A2', 'B1', 'B2'];
const conferenceOf = (school: SchoolKey) => school.slice(0, 1) as ConferenceKey;
const instructor = (school: SchoolKey): RoleSpec => ({ type: 'instructor', school });
const schoolAdmin = (school: SchoolKey): RoleSpec => ({ type: 'school_admin', school });
const conferenceAdmin = (conference: ConferenceKey): RoleSpec => ({ type: 'conference_admin', conference });
const globalAdmin: RoleSpec = { type: 'global_admin' };

function roleLabel(role: RoleSpec): string {
  switch (role.type) {
    case 'global_admin':
      return 'global admin';
    case 'conference_admin':
      return `conference admin of ${role.conference}`;
    case 'school_admin':
      return `school admin of ${role.school}`;
    case 'instructor':
      return `instructor at ${role.school}`;
  }
}

/**
 * The network: conference A (schools A1, A2) and conference B (schools B1, B2). Each acting user
 * names the role it adds in "PUT add …": one it could grant, where it has any.
 */
const actors: readonly Actor[] = [
  { label: 'school admin of A1', roles: [schoolAdmin('A1')], grant: instructor('A1') },
  { label: 'school admin of A1 and B1', roles: [schoolAdmin('A1'), schoolAdmin('B1')], grant: instructor('B1') },
  { label: 'conference admin of A', roles: [conferenceAdmin('A')], grant: instructor('A2') },
  {
    label: 'conference admin of B teaching at A1',
    roles: [conferenceAdmin('B'), instructor('A1')],
    grant: instructor('B2'),
  },
  { label: 'global admin', roles: [globalAdmin], grant: schoolAdmin('B2') },
  { label: 'admin-flag user', admin: true, roles: [], grant: instructor('A2') },
  { label: 'instructor at A1', roles: [instructor('A1')], grant: instructor('A1') },
];

/** The targets: another user like each acting user, and the mixed cases. */
const targets: readonly Person[] = [
  ...actors.map(({ label, admin, roles }) => ({ label, admin, roles })),
  { label: 'instructor at B2', roles: [instructor('B2')] },
  { label: 'instructor at A1 with a password', password: true, roles: [instructor('A1')] },
  { label: 'instructor at A1 and B1', roles: [instructor('A1'), instructor('B1')] },
  { label: 'conference admin of A teaching at A1', roles: [conferenceAdmin('A'), instructor('A1')] },
  { label: 'conference admin of A teaching at B1', roles: [conferenceAdmin('A'), instructor('B1')] },
  { label: 'admin-flag user teaching at A1', admin: true, roles: [instructor('A1')] },
  { label: 'global admin teaching at A1', roles: [globalAdmin, instructor('A1')] },
  {
    label: 'school admin of A1 teaching at A2, with a password',
    password: true,
    roles: [schoolAdmin('A1'), instructor('A2')],
  },
];

/** What POST /api/users is asked to create, by every acting user. */
const creations: readonly { label: string; admin?: boolean; roles: RoleSpec[] }[] = [
  { label: 'an instructor at A1', roles: [instructor('A1')] },
  { label: 'a school admin of A1', roles: [schoolAdmin('A1')] },
  { label: 'an instructor at B2', roles: [instructor('B2')] },
  { label: 'a conference admin of A', roles: [conferenceAdmin('A')] },
  { label: 'a conference admin of B', roles: [conferenceAdmin('B')] },
  { label: 'a global admin', roles: [globalAdmin] },
  { label: 'an instructor at A1 and B1', roles: [instructor('A1'), instructor('B1')] },
  { label: 'a school admin of A1 and B1', roles: [schoolAdmin('A1'), schoolAdmin('B1')] },
  { label: 'a conference admin of B teaching at A1', roles: [conferenceAdmin('B'), instructor('A1')] },
  { label: 'an admin-flag user teaching at A1', admin: true, roles: [instructor('A1')] },
];

// ---- The oracle: the rule of issue 24, written from its words and core/scope.ts, not imported.

const isGlobal = (person: Person) => person.admin === true || person.roles.some((role) => role.type === 'global_admin');
/** The user routes allow admins: an admin role of any kind, or the admin flag. */
const isAdmin = (person: Person) => person.admin === true || person.roles.some((role) => role.type !== 'instructor');
const conferencesRun = (person: Person) =>
  new Set(person.roles.flatMap((role) => (role.type === 'conference_admin' ? [role.conference] : [])));
/** Schools a user administers: their school_admin schools and every school of their conferences. */
function schoolsRun(person: Person): Set<SchoolKey> {
  const conferences = conferencesRun(person);
  return new Set(
    schoolKeys.filter(
      (school) =>
        conferences.has(conferenceOf(school)) ||
        person.roles.some((role) => role.type === 'school_admin' && role.school === school),
    ),
  );
}

function grants(actor: Person, role: RoleSpec): boolean {
  if (isGlobal(actor)) return true;
  if (role.type === 'global_admin') return false;
  if (role.type === 'conference_admin') return conferencesRun(actor).has(role.conference);
  return schoolsRun(actor).has(role.school);
}

function sees(actor: Person, target: Person, self: boolean): boolean {
  if (self || isGlobal(actor)) return true;
  const schools = schoolsRun(actor);
  const conferences = conferencesRun(actor);
  return target.roles.some((role) =>
    role.type === 'conference_admin'
      ? conferences.has(role.conference)
      : role.type !== 'global_admin' && schools.has(role.school),
  );
}

type Relation = { sees: boolean; manages: boolean; governs: boolean; permissions: Record<UserAction, boolean> };

function relation(actor: Person, target: Person, self: boolean): Relation {
  const networkWide = isGlobal(target);
  const manages = isGlobal(actor) || (!networkWide && target.roles.some((role) => grants(actor, role)));
  const governs = !self && (isGlobal(actor) || (!networkWide && target.roles.every((role) => grants(actor, role))));
  const welcome = governs && (!target.password || isGlobal(actor));
  const admin = isAdmin(actor);
  return {
    sees: sees(actor, target, self),
    manages,
    governs,
    permissions: {
      update: admin && manages,
      change_email: admin && governs,
      destroy: admin && governs,
      welcome_email: admin && welcome,
      delete_mfa: admin && governs,
    },
  };
}

/** 403 for a role the route does not allow, then 404 out of scope, then the route's own answer. */
const scoped = (actor: Person, relation: Relation, status: number) =>
  !isAdmin(actor) ? 403 : !relation.sees ? 404 : status;
const allowedOr403 = (allowed: boolean, success: number) => (allowed ? success : 403);

// ---- The cells.

type Ids = { schools: Record<SchoolKey, number>; conferences: Record<ConferenceKey, number> };
type State = {
  email: string;
  firstName: string;
  admin: boolean;
  active: boolean;
  mfa: boolean;
  welcomed: boolean;
  roles: string[];
};
type Method = 'PUT' | 'POST' | 'DELETE';

type Write = {
  route: string;
  method: Method;
  suffix: string;
  body?: (ids: Ids, email: string) => object;
  expected: number;
  /** What the write does to the target when it is allowed. */
  after: (state: State) => State;
};

const roleInput = (role: RoleSpec, ids: Ids) => ({
  role_type: role.type,
  organization_id:
    role.type === 'global_admin'
      ? null
      : role.type === 'conference_admin'
        ? ids.conferences[role.conference]
        : ids.schools[role.school],
});
const sameRole = (a: RoleSpec, b: RoleSpec) => roleLabel(a) === roleLabel(b);
const sortedLabels = (roles: readonly RoleSpec[]) => [...new Set(roles.map(roleLabel))].sort();
const moved = (email: string) => email.replace('@', '.moved@');

function writesOn(actor: Actor, target: Person, self: boolean): Write[] {
  const rel = relation(actor, target, self);
  const put = (route: string, body: Write['body'], status: number, after: Write['after']): Write => ({
    route,
    method: 'PUT',
    suffix: '',
    body,
    expected: scoped(actor, rel, status),
    after,
  });
  const adds = [actor.grant, conferenceAdmin('A'), globalAdmin].map((role) => {
    const held = target.roles.some((mine) => sameRole(mine, role));
    return put(
      `PUT add ${roleLabel(role)}${held ? ' (held already)' : ''}`,
      (ids) => ({ roles: [...target.roles, role].map((wanted) => roleInput(wanted, ids)) }),
      allowedOr403(rel.manages && (held || grants(actor, role)), 200),
      (state) => ({ ...state, roles: sortedLabels([...target.roles, role]) }),
    );
  });
  const removals = target.roles.map((role) => {
    const left = target.roles.filter((mine) => !sameRole(mine, role));
    // A user keeps one role at least, unless they have the admin flag: 422 once the edit is allowed.
    const status = !rel.manages ? 403 : left.length === 0 && !target.admin ? 422 : allowedOr403(grants(actor, role), 200);
    return put(
      `PUT remove ${roleLabel(role)}`,
      (ids) => ({ roles: left.map((wanted) => roleInput(wanted, ids)) }),
      status,
      (state) => ({ ...state, roles: sortedLabels(left) }),
    );
  });
  return [
    put('PUT name', () => ({ first_name: 'Renamed' }), allowedOr403(rel.manages, 200), (state) => ({
      ...state,
      firstName: 'Renamed',
    })),
    put(
      'PUT email',
      (_ids, email) => ({ email: moved(email) }),
      allowedOr403(rel.manages && rel.governs, 200),
      (state) => ({ ...state, email: moved(state.email) }),
    ),
    // The admin flag is a global admin's to give or take (users.service.ts assertAdminFlag).
    put(
      `PUT admin flag ${target.admin ? 'off' : 'on'}`,
      () => ({ admin: !target.admin }),
      allowedOr403(rel.manages && isGlobal(actor), 200),
      (state) => ({ ...state, admin: !state.admin }),
    ),
    ...adds,
    ...removals,
    put(
      'PUT send_welcome_email',
      () => ({ send_welcome_email: true }),
      allowedOr403(rel.manages && rel.permissions.welcome_email, 200),
      (state) => ({ ...state, welcomed: true }),
    ),
    {
      route: 'DELETE',
      method: 'DELETE',
      suffix: '',
      expected: scoped(actor, rel, allowedOr403(rel.governs, 204)),
      after: (state) => ({ ...state, active: false, roles: [] }),
    },
    {
      route: 'POST welcome_email',
      method: 'POST',
      suffix: '/welcome_email',
      expected: scoped(actor, rel, allowedOr403(rel.permissions.welcome_email, 200)),
      after: (state) => ({ ...state, welcomed: true }),
    },
    {
      route: 'DELETE delete_mfa',
      method: 'DELETE',
      suffix: '/delete_mfa',
      expected: scoped(actor, rel, allowedOr403(rel.governs, 204)),
      after: (state) => ({ ...state, mfa: false }),
    },
  ];
}

/** Users made for the cells: the readers' targets, and one fresh user per write. */
type Made = { person: Person; email: string };
const fresh: Made[] = [];
const freshUser = (person: Person): Made => {
  const made = { person, email: `umx-${fresh.length}@matrix.example` };
  fresh.push(made);
  return made;
};
const initialState = ({ person, email }: Made): State => ({
  email,
  firstName: 'Target',
  admin: person.admin === true,
  active: true,
  mfa: true,
  welcomed: false,
  roles: sortedLabels(person.roles),
});

type Pair = {
  name: string;
  actor: Actor;
  target: Person;
  self: boolean;
  relation: Relation;
  writes: (Write & { user: Made })[];
};

const pairs: Pair[] = actors.flatMap((actor) =>
  [...targets.map((target) => ({ target, self: false })), { target: actor as Person, self: true }].map(({ target, self }) => ({
    name: `${actor.label} → ${self ? 'themselves' : target.label}`,
    actor,
    target,
    self,
    relation: relation(actor, target, self),
    writes: writesOn(actor, target, self).map((write) => ({ ...write, user: freshUser(self ? actor : target) })),
  })),
);

const creationCells = actors.flatMap((actor) =>
  creations.map((creation, index) => {
    const allowed = (!creation.admin || isGlobal(actor)) && creation.roles.every((role) => grants(actor, role));
    return {
      name: `${actor.label} creates ${creation.label}`,
      actor,
      creation,
      email: `umx-new-${actors.indexOf(actor)}-${index}@matrix.example`,
      expected: isAdmin(actor) ? allowedOr403(allowed, 201) : 403,
    };
  }),
);

// ---- Running them.

let t: TestContext;
let ids: Ids;
/** Every user this file made, by email; the readers' targets by label; the acting users' tokens. */
const userIds = new Map<string, number>();
const readerOf = new Map<string, Made>();
const tokens = new Map<string, string>();
/** Each reader's students: the school of each, and the course it takes there. */
const studentsOf = new Map<number, { id: number; school: SchoolKey }[]>();
const courseOf = {} as Record<SchoolKey, number>;
/** What each pair's GET answered, and each write's status, for the agreement check. */
const seen = new Map<string, { status: number; permissions?: Record<UserAction, boolean>; writes: Map<string, number> }>();

const idOf = (made: Made) => userIds.get(made.email)!;
const headers = (token: string) => ({ authorization: `Bearer ${token}` });

async function makeUsers(made: readonly Made[], passwordHash: string) {
  for (let start = 0; start < made.length; start += 400) {
    const chunk = made.slice(start, start + 400);
    const rows = await t.database.db
      .insert(users)
      .values(
        chunk.map(({ person, email }) => ({
          email,
          firstName: 'Target',
          lastName: person.label,
          admin: person.admin === true,
          passwordHash: person.password ? passwordHash : null,
          mfaEnabledAt: new Date(),
          mfaSecret: 'JBSWY3DPEHPK3PXP',
        })),
      )
      .returning({ id: users.id, email: users.email });
    for (const row of rows) userIds.set(row.email, row.id);
    const roles = chunk.flatMap(({ person, email }) =>
      person.roles.map((role) => ({
        userId: userIds.get(email)!,
        roleType: role.type,
        schoolId: 'school' in role ? ids.schools[role.school] : null,
        conferenceId: role.type === 'conference_admin' ? ids.conferences[role.conference] : null,
      })),
    );
    if (roles.length > 0) await t.database.db.insert(roleRows).values(roles);
  }
}

/** The target's row, roles and the mail sent to its old or new address, as the cells compare them. */
async function stateOf(id: number, email: string): Promise<State & { mails: number }> {
  const [row] = await t.database.query<{
    email: string;
    first_name: string;
    admin: boolean;
    active: boolean;
    mfa: boolean;
    welcomed: boolean;
    roles: string | null;
    mails: number;
  }>(
    `select u.email, u.first_name, u.admin, u.active, u.mfa_enabled_at is not null as mfa,
      u.welcome_email_sent_at is not null as welcomed,
      (select string_agg(r.role_type || ':' || coalesce(r.school_id, r.conference_id, 0), ',') from roles r
        where r.user_id = u.id) as roles,
      (select count(*)::int from mail_outbox m where lower(m."to") in (lower($2), lower($3))) as mails
     from users u where u.id = $1`,
    [id, email, moved(email)],
  );
  const schoolKey = new Map(schoolKeys.map((key) => [ids.schools[key], key]));
  const conferenceKey = new Map((['A', 'B'] as const).map((key) => [ids.conferences[key], key]));
  const roles = (row!.roles ? row!.roles.split(',') : []).map((text) => {
    const [type, org] = text.split(':') as [RoleSpec['type'], string];
    if (type === 'global_admin') return globalAdmin;
    if (type === 'conference_admin') return conferenceAdmin(conferenceKey.get(Number(org))!);
    return { type, school: schoolKey.get(Number(org))! };
  });
  return {
    email: row!.email,
    firstName: row!.first_name,
    admin: row!.admin,
    active: row!.active,
    mfa: row!.mfa,
    welcomed: row!.welcomed,
    roles: sortedLabels(roles),
    mails: Number(row!.mails),
  };
}

beforeAll(async () => {
  const started = Date.now();
  t = await createTestApp();
  const db = t.database.db;
  const [a, b] = [await createConference(db), await createConference(db)];
  ids = { conferences: { A: a.id, B: b.id }, schools: {} as Record<SchoolKey, number> };
  for (const key of schoolKeys) {
    const school = await createSchool(db, { conferenceId: ids.conferences[conferenceOf(key)], churchName: `Matrix ${key}` });
    ids.schools[key] = school.id;
    const { course } = await createCourse(db, 1, { name: `Matrix course ${key}` });
    await offer(db, course.id, school.id);
    courseOf[key] = course.id;
  }
  for (const actor of actors) readerOf.set(`actor:${actor.label}`, freshUser(actor));
  for (const target of targets) readerOf.set(`target:${target.label}`, freshUser(target));
  const readers = [...readerOf.values()];
  await makeUsers(fresh, await hashPassword('a-long-password-1'));
  // A student at each school a reader teaches at or runs, taught by them.
  for (const made of readers) {
    const schools = new Set(made.person.roles.flatMap((role) => ('school' in role ? [role.school] : [])));
    const mine: { id: number; school: SchoolKey }[] = [];
    for (const school of schools) {
      const student = await createStudent(db, { schoolId: ids.schools[school], instructorId: idOf(made) });
      await enroll(db, student.id, courseOf[school]);
      mine.push({ id: student.id, school });
    }
    studentsOf.set(idOf(made), mine);
  }
  for (const actor of actors) tokens.set(actor.label, await t.tokenFor(readerOf.get(`actor:${actor.label}`)!.email));
  console.log(`User-management matrix: network of ${fresh.length} users made in ${Date.now() - started} ms.`);
});

afterAll(async () => {
  const reads = pairs.length * 3;
  const writes = pairs.reduce((sum, pair) => sum + pair.writes.length, 0);
  const statuses = new Map<number, number>();
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  for (const pair of pairs) {
    for (let read = 0; read < 3; read += 1) count(scoped(pair.actor, pair.relation, 200));
    for (const write of pair.writes) count(write.expected);
  }
  for (const cell of creationCells) count(cell.expected);
  console.log(
    `User-management matrix: ${actors.length} acting users × ${targets.length + 1} targets = ${pairs.length} pairs; ` +
      `${reads} reads + ${writes} writes + ${creationCells.length} creations = ${reads + writes + creationCells.length} cells, ` +
      `and ${pairs.length} agreement checks. Expected: ` +
      [...statuses].sort(([a], [b]) => a - b).map(([status, cells]) => `${status} × ${cells}`).join(', ') + '.',
  );
  await t.close();
});

const readerFor = (pair: Pair) => readerOf.get(`${pair.self ? 'actor' : 'target'}:${pair.target.label}`)!;
const say = (cell: string, expected: unknown, actual: unknown) =>
  `${cell} expected ${JSON.stringify(expected)} got ${JSON.stringify(actual)}`;

async function read(pair: Pair, suffix: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/users/${idOf(readerFor(pair))}${suffix}`,
    headers: headers(tokens.get(pair.actor.label)!),
  });
  return response;
}

/** The reader's students the acting user sees: all of them for a global admin or themselves, else those of the schools they run. */
function visibleStudents(pair: Pair) {
  const mine = studentsOf.get(idOf(readerFor(pair)))!;
  const schools = schoolsRun(pair.actor);
  return mine.filter((student) => pair.self || isGlobal(pair.actor) || schools.has(student.school));
}

describe('user management: every acting user on every kind of user', () => {
  for (const pair of pairs) {
    describe(pair.name, () => {
      const expectedRead = scoped(pair.actor, pair.relation, 200);

      it(`GET → ${expectedRead}`, async () => {
        const response = await read(pair, '');
        const cell = `${pair.name}: GET`;
        expect(response.statusCode, say(cell, expectedRead, response.statusCode)).toBe(expectedRead);
        const permissions = response.statusCode === 200 ? (response.json().permissions as Record<UserAction, boolean>) : undefined;
        seen.set(pair.name, { status: response.statusCode, permissions, writes: new Map() });
        if (permissions) {
          expect(permissions, say(`${cell} permissions`, pair.relation.permissions, permissions)).toEqual(
            pair.relation.permissions,
          );
        }
      });

      it(`GET students → ${expectedRead}`, async () => {
        const response = await read(pair, '/students');
        const cell = `${pair.name}: GET students`;
        expect(response.statusCode, say(cell, expectedRead, response.statusCode)).toBe(expectedRead);
        if (response.statusCode !== 200) return;
        const got = (response.json().students as { id: number }[]).map((student) => student.id).sort();
        const wanted = visibleStudents(pair).map((student) => student.id).sort();
        expect(got, say(`${cell} students`, wanted, got)).toEqual(wanted);
      });

      it(`GET courses → ${expectedRead}`, async () => {
        const response = await read(pair, '/courses');
        const cell = `${pair.name}: GET courses`;
        expect(response.statusCode, say(cell, expectedRead, response.statusCode)).toBe(expectedRead);
        if (response.statusCode !== 200) return;
        const got = (response.json().courses as { id: number }[]).map((course) => course.id).sort();
        const wanted = [...new Set(visibleStudents(pair).map((student) => courseOf[student.school]))].sort();
        expect(got, say(`${cell} courses`, wanted, got)).toEqual(wanted);
      });

      for (const write of pair.writes) {
        it(`${write.route} → ${write.expected}`, async () => {
          const cell = `${pair.name}: ${write.route}`;
          const id = idOf(write.user);
          // On themselves: the fresh copy of the acting user acts on its own account.
          const token = pair.self ? await t.tokenFor(write.user.email) : tokens.get(pair.actor.label)!;
          const response = await t.app.inject({
            method: write.method,
            url: `/api/users/${id}${write.suffix}`,
            headers: headers(token),
            ...(write.body ? { payload: write.body(ids, write.user.email) } : {}),
          });
          seen.get(pair.name)?.writes.set(write.route, response.statusCode);
          expect(response.statusCode, say(cell, write.expected, response.statusCode)).toBe(write.expected);
          const before = initialState(write.user);
          const { mails, ...after } = await stateOf(id, write.user.email);
          if (write.expected < 300) {
            const wanted = write.after(before);
            expect(after, say(`${cell} left the user`, wanted, after)).toEqual(wanted);
          } else {
            expect({ ...after, mails }, say(`${cell} changed the user`, { ...before, mails: 0 }, { ...after, mails })).toEqual({
              ...before,
              mails: 0,
            });
          }
        });
      }

      it('permissions in GET agree with what the writes did', () => {
        const found = seen.get(pair.name);
        expect(found, `${pair.name}: GET did not run`).toBeDefined();
        const writes = found!.writes;
        expect(writes.size, `${pair.name}: not every write ran`).toBe(pair.writes.length);
        if (!found!.permissions) {
          // Refused before the record (403) or out of scope (404): every write answers as GET did.
          const refused = [...writes].filter(([, status]) => status !== found!.status);
          expect(refused, `${pair.name}: GET answered ${found!.status}, these writes did not`).toEqual([]);
          return;
        }
        const done = (route: string) => writes.get(route)! < 300;
        const did = {
          update: done('PUT name'),
          change_email: done('PUT email'),
          destroy: done('DELETE'),
          welcome_email: done('POST welcome_email'),
          delete_mfa: done('DELETE delete_mfa'),
        };
        expect(did, say(`${pair.name}: permissions said`, found!.permissions, did)).toEqual(found!.permissions);
        expect(done('PUT send_welcome_email'), `${pair.name}: PUT send_welcome_email against permissions.welcome_email`).toBe(
          found!.permissions.welcome_email,
        );
      });
    });
  }
});

describe('POST /api/users: creating a user with roles', () => {
  for (const cell of creationCells) {
    it(`${cell.name} → ${cell.expected}`, async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: headers(tokens.get(cell.actor.label)!),
        payload: {
          first_name: 'New',
          last_name: 'Matrix',
          email: cell.email,
          phone: null,
          ...(cell.creation.admin ? { admin: true } : {}),
          roles: cell.creation.roles.map((role) => roleInput(role, ids)),
          send_welcome_email: true,
        },
      });
      expect(response.statusCode, say(`${cell.name}: POST /api/users`, cell.expected, response.statusCode)).toBe(cell.expected);
      const [made] = await t.database.query<{ id: number }>('select id from users where lower(email) = lower($1)', [cell.email]);
      if (cell.expected !== 201) {
        expect(made, `${cell.name}: refused, yet the user exists`).toBeUndefined();
        return;
      }
      const state = await stateOf(made!.id, cell.email);
      expect({ roles: state.roles, welcomed: state.welcomed, mails: state.mails }).toEqual({
        roles: sortedLabels(cell.creation.roles),
        welcomed: true,
        mails: 1,
      });
    });
  }
});
