import type { PublicInterestInput, PublicInterestResponse } from '@srs/shared/api-keys';
import { intakeMessages } from '@srs/shared/public-intake';
import { and, eq } from 'drizzle-orm';
import { invalid } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { interests, series } from '../../db/schema/index.ts';
import { activeSeriesNamed, checkSeries, personColumns } from './interest-writes.ts';

/**
 * The course or seminar a website asked for: by its id (any series, as the form by hand takes it),
 * or by its name among the active ones, upper or lower case alike. A name that is no active
 * series, or that two of them have (two schools' seminars), is a 422 at `series`, as is sending
 * both: nothing the website sent is dropped without a word.
 */
async function seriesOfIntake(db: Db, input: Pick<PublicInterestInput, 'series' | 'series_id'>): Promise<number | null> {
  const name = input.series ?? null;
  const id = input.series_id ?? null;
  if (name !== null && id !== null) throw invalid({ series: [intakeMessages.seriesTwice] });
  if (id !== null) {
    await checkSeries(db, id);
    return id;
  }
  if (name === null) return null;
  const named = (await activeSeriesNamed(db, [name])).get(name.toLowerCase()) ?? [];
  if (named.length === 0) throw invalid({ series: [intakeMessages.unknownSeries] });
  if (named.length > 1) throw invalid({ series: [intakeMessages.ambiguousSeries] });
  return named[0]!;
}

/** The answer: the interest as it stands, with its course or seminar. */
async function answerOf(db: Db, id: number, created: boolean): Promise<PublicInterestResponse> {
  const [row] = await db
    .select({
      id: interests.id,
      externalId: interests.externalId,
      status: interests.status,
      receivedOn: interests.receivedOn,
      seriesId: series.id,
      seriesName: series.name,
    })
    .from(interests)
    .leftJoin(series, eq(series.id, interests.seriesId))
    .where(eq(interests.id, id));
  return {
    id: row!.id,
    external_id: row!.externalId,
    status: row!.status,
    received_on: row!.receivedOn,
    series: row!.seriesId === null ? null : { id: row!.seriesId, name: row!.seriesName ?? '' },
    created,
  };
}

/**
 * POST /api/public/interests: a person a website sent with its key (`apiKeyId`). The sender's
 * `external_id` makes a retried post the same interest (the unique index on key and id): the
 * first post makes it (created), a repeat answers it as it stands and changes nothing. Without
 * an external_id every post makes a new interest (NULLs are distinct in the index).
 */
export async function receivePublicInterest(db: Db, apiKeyId: number, input: PublicInterestInput): Promise<PublicInterestResponse> {
  const seriesId = await seriesOfIntake(db, input);
  const { series: _name, external_id: externalId, ...person } = input;
  const [made] = await db
    .insert(interests)
    .values({
      ...personColumns({ ...person, series_id: seriesId }),
      apiKeyId,
      externalId: externalId ?? null,
      source: 'api',
    })
    .onConflictDoNothing({ target: [interests.apiKeyId, interests.externalId] })
    .returning({ id: interests.id });
  if (made) return answerOf(db, made.id, true);
  const [first] = await db
    .select({ id: interests.id })
    .from(interests)
    .where(and(eq(interests.apiKeyId, apiKeyId), eq(interests.externalId, externalId!)));
  return answerOf(db, first!.id, false);
}
