import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { id, ref, timestamps } from './columns.ts';
import { users } from './users.ts';

/** The audit trail: who changed which record, when, and each changed field before and after. */
export const versions = pgTable(
  'versions',
  {
    id: id(),
    itemType: text('item_type').notNull(),
    itemId: ref('item_id').notNull(),
    // 'erase': a student's personal data erased on request (docs/decisions/017).
    event: text('event', { enum: ['create', 'update', 'destroy', 'erase'] }).notNull(),
    whodunnit: ref('whodunnit').references(() => users.id, { onDelete: 'set null' }),
    // The record as it was before the change (null on create): enough to restore a deleted one.
    object: jsonb('object').$type<Record<string, unknown>>(),
    objectChanges: jsonb('object_changes').$type<Record<string, [unknown, unknown]>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The school the record belonged to when it changed (a school, a student, an enrollment and
    // what hangs off them; a role in a school): its admins see the change. No foreign key: the
    // change outlives the school. Null for the network's records (courses, users without a school).
    schoolId: ref('school_id'),
  },
  (t) => [
    index('versions_item_idx').on(t.itemType, t.itemId, t.id),
    index('versions_created_at_idx').on(t.createdAt),
    index('versions_whodunnit_idx').on(t.whodunnit, t.id),
    index('versions_school_idx').on(t.schoolId, t.id),
  ],
);

/** Signed-out app tokens, by jti, kept until they would have expired anyway. */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    // Only a hash is kept: the key itself is shown once, at creation.
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('api_keys_prefix_idx').on(t.prefix)],
);

export const countries = pgTable('countries', {
  id: id(),
  name: text('name').notNull().unique(),
  isoCode: text('iso_code').notNull().unique(),
});

export const states = pgTable(
  'states',
  {
    id: id(),
    countryId: ref('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    abbreviation: text('abbreviation').notNull(),
  },
  (t) => [index('states_country_id_idx').on(t.countryId, t.name)],
);

export const zipCentroids = pgTable('zip_centroids', {
  zipCode: text('zip_code').primaryKey(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
});

/** Mail waits here; without an SMTP server it stays here and the development mailbox shows it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'kept'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('mail_outbox_status_idx').on(t.status, t.createdAt)],
);

/** The built-in OpenID provider's sessions, grants, codes and keys (shared by every instance). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id] }),
    index('oidc_payloads_grant_id_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_at_idx').on(t.expiresAt),
  ],
);

/** Fixed-window rate-limit counters, shared by every instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Wrong passwords per email and wrong codes per user, counted until a right one (docs/decisions/019):
 * past a number of failures the key is locked for a time that doubles with each further failure.
 */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Sign-in attempts in flight with an external provider: state, nonce and PKCE verifier. */
export const authRequests = pgTable('auth_requests', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirectTo: text('redirect_to'),
  // The hash of the cookie of the browser that started the sign-in: the callback must come back to it.
  browserBinding: text('browser_binding'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  ...timestamps,
});

/** Server key material (the app token signing key, the built-in provider's JWKS and cookie keys). */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  ...timestamps,
});

/**
 * One write, once (docs/decisions/020): a write that carried an `Idempotency-Key` header, kept for a
 * day per user and route. A repeat with the same key answers the first one's result and writes
 * nothing; `statusCode` is null while the first is still being worked.
 */
export const idempotentWrites = pgTable(
  'idempotent_writes',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    route: text('route').notNull(),
    key: text('key').notNull(),
    // A hash of the method, the path with its query and the body: the same key for another request is refused.
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    // Set inside the write's own transaction: committed with the write, so a claim left without an
    // answer by a server that stopped says whether its write was made (docs/decisions/020).
    writtenAt: timestamp('written_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.route, t.key] }), index('idempotent_writes_created_at_idx').on(t.createdAt)],
);

/** The morning mail of reminders due and follow-up: one row per person and day, so never two on one day. */
export const reminderMails = pgTable(
  'reminder_mails',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
