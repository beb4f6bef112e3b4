import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { writtenOnce } from '../src/db/client.ts';
import { needsFollowupSql } from '../src/modules/enrollments/enrollment-caches.ts';

const render = (fragment: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(fragment);

/** Fragments written once into text (db/client.ts `writtenOnce`), and what may go into that text. */
describe('fragments written once', () => {
  it('writes a fragment without parameters as one piece of the same text', () => {
    const fragment = sql`select ${sql.raw('s.id')} from students s where ${sql`s.school_id is not null`}`;
    const written = writtenOnce(fragment);
    expect(written.queryChunks).toHaveLength(1);
    expect(render(sql`${written} limit ${5}`)).toEqual({ sql: `${render(fragment).sql} limit $1`, params: [5], typings: ['none'] });
  });

  it('refuses a fragment with a parameter: its value would be lost', () => {
    expect(() => writtenOnce(sql`select ${'text'}`)).toThrow('writtenOnce: the fragment has parameters');
  });

  it('writes only a day and a number of days into the follow-up rule, and sends any other day as a parameter', () => {
    const written = render(needsFollowupSql({ written: '2026-11-30' }, 30));
    expect(written.params).toEqual([]);
    expect(written.sql).toContain("< '2026-11-30'::date - 30::int");
    expect(render(needsFollowupSql('2026-11-30', 30)).params).toEqual(['2026-11-30', 30, '2026-11-30']);
    expect(() => needsFollowupSql({ written: "2026-11-30'::date or true --" }, 30)).toThrow('Not a day');
  });
});
