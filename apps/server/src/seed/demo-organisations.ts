import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { claimedZips, conferences, roles, schools, users } from '../db/schema/index.ts';
import { insertAll, insertReturningIds } from './bulk.ts';
import { type DemoSchool, demoConferences, demoSchools, schoolWithoutHeadAdmin } from './demo-data.ts';
import type { DemoRandom } from './demo-random.ts';
import { usZips } from './us-zips.ts';
import { stateForZip } from './zip-states.ts';

export type StaffMember = { id: number; firstName: string; lastName: string; role: 'school_admin' | 'instructor' };

export type DemoSchoolRow = {
  id: number;
  index: number;
  def: DemoSchool;
  /** Zips of the school's state, nearest first: the first few are claimed, students live in the rest too. */
  zipPool: string[];
  headAdminId: number | null;
  staff: StaffMember[];
};

export type Organisation = {
  conferenceIds: number[];
  schools: DemoSchoolRow[];
  globalAdminId: number;
  schoolAdminId: number;
  instructorId: number;
};

type RoleSpec = { roleType: 'global_admin' | 'conference_admin' | 'school_admin' | 'instructor'; org?: number };
type UserSpec = { email: string; firstName: string; lastName: string; role: RoleSpec; head?: boolean };

const claimedPerSchool = 4;
const zipPoolSize = 30;

export async function insertOrganisation(db: DbOrTx, random: DemoRandom, passwordHash: string): Promise<Organisation> {
  const conferenceIds = await insertReturningIds(
    db,
    conferences,
    demoConferences.map((name) => ({ name })),
  );
  const schoolIds = await insertReturningIds(
    db,
    schools,
    demoSchools.map((def) => ({
      conferenceId: conferenceIds[def.conference]!,
      schoolCode: def.code,
      churchName: def.churchName,
      active: true,
      schoolAddress: def.schoolStreet,
      schoolAddress2: 'Bible School Office',
      schoolCity: def.city,
      schoolState: def.state,
      schoolCountry: 'United States',
      schoolZipCode: def.zip,
      churchAddress: def.churchStreet,
      churchCity: def.city,
      churchState: def.state,
      churchCountry: 'United States',
      churchZipCode: def.zip,
    })),
  );

  const specs = userSpecs(random);
  const userIds = await insertReturningIds(
    db,
    users,
    specs.map((spec) => ({
      email: spec.email,
      firstName: spec.firstName,
      lastName: spec.lastName,
      passwordHash,
    })),
  );
  await insertAll(
    db,
    roles,
    specs.map((spec, i) => {
      const { roleType, org } = spec.role;
      return {
        userId: userIds[i]!,
        roleType,
        conferenceId: roleType === 'conference_admin' ? conferenceIds[org!]! : null,
        schoolId: roleType === 'school_admin' || roleType === 'instructor' ? schoolIds[org!]! : null,
      };
    }),
  );

  const rows: DemoSchoolRow[] = demoSchools.map((def, index) => ({
    id: schoolIds[index]!,
    index,
    def,
    zipPool: nearestZips(def),
    headAdminId: null,
    staff: [],
  }));
  specs.forEach((spec, i) => {
    const { roleType, org } = spec.role;
    if (roleType !== 'school_admin' && roleType !== 'instructor') return;
    const school = rows[org!]!;
    school.staff.push({ id: userIds[i]!, firstName: spec.firstName, lastName: spec.lastName, role: roleType });
    if (spec.head) school.headAdminId = userIds[i]!;
  });
  for (const school of rows) {
    if (school.headAdminId) {
      await db.update(schools).set({ headSchoolAdminId: school.headAdminId }).where(eq(schools.id, school.id));
    }
  }
  await insertAll(
    db,
    claimedZips,
    rows.flatMap((school) =>
      school.zipPool.slice(0, claimedPerSchool).map((zipCode) => ({ schoolId: school.id, zipCode })),
    ),
  );

  return {
    conferenceIds,
    schools: rows,
    globalAdminId: userIds[0]!,
    schoolAdminId: userIds[2]!,
    instructorId: userIds[3]!,
  };
}

/** The four demo accounts first (their order is relied on above), then generated staff. */
function userSpecs(random: DemoRandom): UserSpec[] {
  const specs: UserSpec[] = [
    { email: 'global.admin@demo.test', firstName: 'Grace', lastName: 'Global', role: { roleType: 'global_admin' } },
    {
      email: 'conference.admin@demo.test',
      firstName: 'Conrad',
      lastName: 'Conference',
      role: { roleType: 'conference_admin', org: 0 },
    },
    {
      email: 'school.admin@demo.test',
      firstName: 'Sarah',
      lastName: 'School',
      role: { roleType: 'school_admin', org: 0 },
      head: true,
    },
    {
      email: 'instructor@demo.test',
      firstName: 'Ian',
      lastName: 'Instructor',
      role: { roleType: 'instructor', org: 0 },
    },
  ];
  const taken = new Set<string>(specs.map((spec) => spec.email));
  const person = (role: RoleSpec, head = false): UserSpec => {
    const firstName = random.faker.person.firstName();
    const lastName = random.faker.person.lastName();
    const stem = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
    let email = `${stem}@demo.test`;
    for (let n = 2; taken.has(email); n++) email = `${stem}${n}@demo.test`;
    taken.add(email);
    return { email, firstName, lastName, role, head };
  };
  specs.push(person({ roleType: 'conference_admin', org: 1 }));
  demoSchools.forEach((_, index) => {
    if (index > 0 && index !== schoolWithoutHeadAdmin)
      specs.push(person({ roleType: 'school_admin', org: index }, true));
    // School 101 gets two more instructors, so that one of them can share students with Ian.
    const extra = index === 0 ? 2 : random.int(1, 3);
    for (let n = 0; n < extra; n++) specs.push(person({ roleType: 'instructor', org: index }));
  });
  return specs;
}

function nearestZips(def: DemoSchool): string[] {
  const zips = usZips();
  const home = zips.find((z) => z.zipCode === def.zip);
  if (!home) throw new Error(`Demo school zip ${def.zip} is not in us-zips`);
  const cosLat = Math.cos((home.latitude * Math.PI) / 180);
  return zips
    .filter((z) => stateForZip(z.zipCode) === def.state)
    .map((z) => ({
      zip: z.zipCode,
      d: (z.latitude - home.latitude) ** 2 + ((z.longitude - home.longitude) * cosLat) ** 2,
    }))
    .sort((a, b) => a.d - b.d || a.zip.localeCompare(b.zip))
    .slice(0, zipPoolSize)
    .map((z) => z.zip);
}
