import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, ref, timestamps } from './columns.ts';
import { users } from './users.ts';

export const conferences = pgTable('conferences', {
  id: id(),
  name: text('name').notNull(),
  ...timestamps,
});

export const schools = pgTable(
  'schools',
  {
    id: id(),
    conferenceId: ref('conference_id')
      .notNull()
      .references(() => conferences.id),
    schoolCode: text('school_code').notNull(),
    churchName: text('church_name').notNull(),
    active: boolean('active').notNull().default(true),
    schoolAddress: text('school_address'),
    schoolAddress2: text('school_address_2'),
    schoolCity: text('school_city'),
    schoolState: text('school_state'),
    schoolCountry: text('school_country'),
    schoolZipCode: text('school_zip_code'),
    churchAddress: text('church_address'),
    churchAddress2: text('church_address_2'),
    churchCity: text('church_city'),
    churchState: text('church_state'),
    churchCountry: text('church_country'),
    churchZipCode: text('church_zip_code'),
    // A school without a head school admin cannot accept new students (SPEC section 5).
    headSchoolAdminId: ref('head_school_admin_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('schools_school_code_key').on(t.schoolCode),
    index('schools_conference_id_idx').on(t.conferenceId),
    index('schools_church_name_trgm_idx').using('gin', sql`lower(${t.churchName}) gin_trgm_ops`),
  ],
);

/** A zip code is claimed by at most one school (DOMAIN.md, Schools and geography). */
export const claimedZips = pgTable(
  'claimed_zips',
  {
    id: id(),
    schoolId: ref('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    zipCode: text('zip_code').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('claimed_zips_zip_code_key').on(t.zipCode), index('claimed_zips_school_id_idx').on(t.schoolId)],
);

/**
 * A role ties a user to an organisation: a conference for conference_admin, a school for
 * school_admin and instructor, none for global_admin (DOMAIN.md, Organisations and roles).
 */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleType: text('role_type', { enum: ['global_admin', 'conference_admin', 'school_admin', 'instructor'] }).notNull(),
    conferenceId: ref('conference_id').references(() => conferences.id, { onDelete: 'cascade' }),
    schoolId: ref('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('roles_user_role_org_key').on(
      t.userId,
      t.roleType,
      sql`coalesce(${t.conferenceId}, 0)`,
      sql`coalesce(${t.schoolId}, 0)`,
    ),
    index('roles_school_id_idx').on(t.schoolId),
    index('roles_conference_id_idx').on(t.conferenceId),
    check(
      'roles_organisation_check',
      sql`(${t.roleType} = 'global_admin' and ${t.conferenceId} is null and ${t.schoolId} is null)
        or (${t.roleType} = 'conference_admin' and ${t.conferenceId} is not null and ${t.schoolId} is null)
        or (${t.roleType} in ('school_admin', 'instructor') and ${t.schoolId} is not null and ${t.conferenceId} is null)`,
    ),
  ],
);
