import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, ref, timestamps } from './columns.ts';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    // The superuser flag: every permission check passes (SPEC section 6).
    admin: boolean('admin').notNull().default(false),
    active: boolean('active').notNull().default(true),
    // scrypt hash for the built-in provider; null for users who only sign in elsewhere.
    passwordHash: text('password_hash'),
    oidcSub: text('oidc_sub'),
    profilePictureUploadId: ref('profile_picture_upload_id'),
    // The second factor at the built-in provider (docs/decisions/016): the secret being set up,
    // then the one in use from mfa_enabled_at; recovery codes only as hashes, each used once; the
    // last step a code signed in with, so that a code seen once cannot sign in again.
    mfaPendingSecret: text('mfa_pending_secret'),
    mfaSecret: text('mfa_secret'),
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true }),
    mfaRecoveryHashes: text('mfa_recovery_hashes').array().notNull().default(sql`'{}'::text[]`),
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    // Raised by every change of the email, the password or the second factor, and by a
    // deactivation: an app token carries the number it was issued under and dies when it moves on
    // (docs/decisions/019).
    sessionGeneration: integer('session_generation').notNull().default(0),
    welcomeEmailSentAt: timestamp('welcome_email_sent_at', { withTimezone: true }),
    // The person's language (issue 29, migration 0034): null while none is chosen, when their
    // browser's is used.
    language: text('language', { enum: ['en', 'es'] }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_sub_key').on(t.oidcSub),
    check('users_language_known', sql`${t.language} IN ('en', 'es')`),
  ],
);

export const userSettings = pgTable('user_settings', {
  userId: ref('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  backgroundImageUrl: text('background_image_url'),
  backgroundUploadId: ref('background_upload_id'),
  emailPreferences: jsonb('email_preferences').$type<Record<string, boolean>>().notNull().default({}),
  ...timestamps,
});

/** Uploads live in the database so that every server instance sees them (ARCHITECTURE.md). */
export const uploads = pgTable('uploads', {
  id: id(),
  userId: ref('user_id').references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['profile_picture', 'background_image'] }).notNull(),
  contentType: text('content_type').notNull(),
  byteSize: ref('byte_size').notNull(),
  data: bytea('data').notNull(),
  ...timestamps,
});
