import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, ref, timestamps } from './columns.ts';
import { schools } from './organisations.ts';
import { users } from './users.ts';

/**
 * Single-use links that let a user set their password at the built-in provider (the welcome
 * email). Only a hash of the token is kept; a link is valid for 7 days and used once.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: ['welcome'] })
      .notNull()
      .default('welcome'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_tokens_token_hash_key').on(t.tokenHash), index('password_tokens_user_id_idx').on(t.userId)],
);

/**
 * 'Need an account?' (POST /signup): a request that the school's head school admin or its
 * conference admins approve (the user is created as an instructor) or decline; never an account
 * by itself (DOMAIN.md, Organisations and roles).
 */
export const signupRequests = pgTable(
  'signup_requests',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    schoolId: ref('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    message: text('message'),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    decidedById: ref('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    userId: ref('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('signup_requests_school_pending_idx').on(t.schoolId).where(sql`${t.status} = 'pending'`),
    index('signup_requests_email_idx').on(sql`lower(${t.email})`),
  ],
);
