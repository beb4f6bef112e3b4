import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  time,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, oneOf, ref, timestamps } from './columns.ts';
import { schools } from './organisations.ts';

const seriesTypes = ['Course', 'Seminar'] as const;

/** A series is a Course (taught lesson by lesson) or a Seminar (presentations with attendance). */
export const series = pgTable(
  'series',
  {
    id: id(),
    type: text('type', { enum: seriesTypes }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    // Priority courses are grouped first in the course picker (SPEC section 3).
    priority: boolean('priority').notNull().default(false),
    active: boolean('active').notNull().default(true),
    // Seminars are held by a school; courses are a network-wide catalogue (DOMAIN.md).
    schoolId: ref('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    location: text('location'),
    ...timestamps,
  },
  (t) => [
    oneOf('series_type_known', t.type, seriesTypes),
    index('series_type_name_idx').on(t.type, t.name),
    index('series_school_id_idx').on(t.schoolId),
    index('series_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/** Lessons of a course, presentations of a seminar (each presentation with a date and time). */
export const episodes = pgTable(
  'episodes',
  {
    id: id(),
    seriesId: ref('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    date: date('date', { mode: 'string' }),
    time: time('time'),
    ...timestamps,
  },
  (t) => [uniqueIndex('episodes_series_position_key').on(t.seriesId, t.position)],
);

export const decisionOptions = pgTable(
  'decision_options',
  {
    id: id(),
    seriesId: ref('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    // An option in use is retired, not deleted: it stays on past records and leaves the pickers.
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('decision_options_series_id_idx').on(t.seriesId)],
);

export const productOffers = pgTable('product_offers', {
  id: id(),
  name: text('name').notNull(),
  defaultPrice: numeric('default_price', { precision: 10, scale: 2 }).notNull().default('0'),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

export const seriesProducts = pgTable(
  'series_products',
  {
    seriesId: ref('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    productOfferId: ref('product_offer_id')
      .notNull()
      .references(() => productOffers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    // A product delivered under this series is retired from it, not removed (like decision options).
    active: boolean('active').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.productOfferId] })],
);

/** A school offers a course (or participates in a seminar) through series_offered. */
export const seriesOffered = pgTable(
  'series_offered',
  {
    id: id(),
    seriesId: ref('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    schoolId: ref('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('series_offered_series_school_key').on(t.seriesId, t.schoolId),
    index('series_offered_school_id_idx').on(t.schoolId),
  ],
);
