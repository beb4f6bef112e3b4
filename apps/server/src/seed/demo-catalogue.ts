import type { DbOrTx } from '../db/client.ts';
import { decisionOptions, episodes, productOffers, series, seriesOffered, seriesProducts } from '../db/schema/index.ts';
import { insertAll, insertReturningIds } from './bulk.ts';
import type { DayClock } from './dates.ts';
import { type DemoCourse, type DemoSeminar, demoCourses, demoProducts, demoSeminars } from './demo-data.ts';
import type { Organisation } from './demo-organisations.ts';

export type SeriesRow = {
  id: number;
  type: 'Course' | 'Seminar';
  name: string;
  episodeIds: number[];
  /** Seminars: days from today of each presentation. */
  episodeDays: number[];
  decisionOptionIds: number[];
  products: { id: number; price: string }[];
};

export type Catalogue = {
  courses: Record<DemoCourse['key'], SeriesRow>;
  seminars: Record<DemoSeminar['key'], SeriesRow & { def: DemoSeminar }>;
};

type SeriesDef = {
  type: 'Course' | 'Seminar';
  name: string;
  description: string | null;
  priority: boolean;
  schoolId: number | null;
  location: string | null;
  episodes: { name: string; day: number | null; time: string | null }[];
  decisions: string[];
  products: string[];
};

export async function insertCatalogue(db: DbOrTx, organisation: Organisation, clock: DayClock): Promise<Catalogue> {
  const productIds = await insertReturningIds(
    db,
    productOffers,
    demoProducts.map((p) => ({ name: p.name, defaultPrice: p.price })),
  );
  const productByKey = new Map(demoProducts.map((p, i) => [p.key as string, { id: productIds[i]!, price: p.price }]));

  const defs: SeriesDef[] = [
    ...demoCourses.map((c) => ({
      type: 'Course' as const,
      name: c.name,
      description: c.description,
      priority: c.priority,
      schoolId: null,
      location: null,
      episodes: c.lessons.map((name) => ({ name, day: null, time: null })),
      decisions: c.decisions,
      products: c.products,
    })),
    ...demoSeminars.map((s) => ({
      type: 'Seminar' as const,
      name: s.name,
      description: null,
      priority: false,
      schoolId: organisation.schools[s.host]!.id,
      location: s.location,
      episodes: s.presentations.map((name, i) => ({ name, day: s.firstDay + i * s.every, time: s.time })),
      decisions: s.decisions,
      products: s.products,
    })),
  ];
  const seriesIds = await insertReturningIds(
    db,
    series,
    defs.map(({ type, name, description, priority, schoolId, location }) => ({
      type,
      name,
      description,
      priority,
      schoolId,
      location,
    })),
  );
  const episodeIds = await insertReturningIds(
    db,
    episodes,
    defs.flatMap((def, s) =>
      def.episodes.map((episode, i) => ({
        seriesId: seriesIds[s]!,
        position: i + 1,
        name: episode.name,
        date: episode.day === null ? null : clock.day(episode.day),
        time: episode.time,
      })),
    ),
  );
  const optionIds = await insertReturningIds(
    db,
    decisionOptions,
    defs.flatMap((def, s) => def.decisions.map((name, i) => ({ seriesId: seriesIds[s]!, name, position: i + 1 }))),
  );
  await insertAll(
    db,
    seriesProducts,
    defs.flatMap((def, s) =>
      def.products.map((key) => ({ seriesId: seriesIds[s]!, productOfferId: productByKey.get(key)!.id })),
    ),
  );

  let episodeCursor = 0;
  let optionCursor = 0;
  const rows: SeriesRow[] = defs.map((def, s) => {
    const row: SeriesRow = {
      id: seriesIds[s]!,
      type: def.type,
      name: def.name,
      episodeIds: episodeIds.slice(episodeCursor, episodeCursor + def.episodes.length),
      episodeDays: def.episodes.map((episode) => episode.day ?? 0),
      decisionOptionIds: optionIds.slice(optionCursor, optionCursor + def.decisions.length),
      products: def.products.map((key) => productByKey.get(key)!),
    };
    episodeCursor += def.episodes.length;
    optionCursor += def.decisions.length;
    return row;
  });
  const courses = Object.fromEntries(demoCourses.map((c, i) => [c.key, rows[i]!])) as Catalogue['courses'];
  const seminars = Object.fromEntries(
    demoSeminars.map((s, i) => [s.key, { ...rows[demoCourses.length + i]!, def: s }]),
  ) as Catalogue['seminars'];

  await insertAll(db, seriesOffered, [
    ...organisation.schools.flatMap((school) =>
      school.def.courses.map((key) => ({ seriesId: courses[key].id, schoolId: school.id })),
    ),
    ...Object.values(seminars).flatMap((seminar) =>
      [seminar.def.host, ...seminar.def.participants].map((index) => ({
        seriesId: seminar.id,
        schoolId: organisation.schools[index]!.id,
      })),
    ),
  ]);
  return { courses, seminars };
}
