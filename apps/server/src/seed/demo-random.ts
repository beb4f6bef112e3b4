export type DemoRandom = Awaited<ReturnType<typeof demoRandom>>;

/**
 * A private Faker seeded with 2026: every start draws the same names, addresses and choices,
 * and nothing else in the process can shift the sequence by using the shared `faker`.
 */
export async function demoRandom(seed = 2026) {
  // Loaded when the demo is seeded, never by a server that finds its data in place: Faker's
  // locales are tens of megabytes of strings kept for the life of the process.
  const { base, en, en_US, Faker } = await import('@faker-js/faker');
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(seed);
  const int = (min: number, max: number) => (max <= min ? min : faker.number.int({ min, max }));
  return {
    faker,
    int,
    chance: (probability: number) => faker.number.float({ min: 0, max: 1 }) < probability,
    pick: <T>(items: readonly T[]): T => faker.helpers.arrayElement(items),
    weighted: <T>(items: ReadonlyArray<readonly [T, number]>): T =>
      faker.helpers.weightedArrayElement(items.map(([value, weight]) => ({ value, weight }))),
    sample: <T>(items: readonly T[], count: number): T[] => faker.helpers.arrayElements(items, count),
    shuffle: <T>(items: readonly T[]): T[] => faker.helpers.shuffle([...items]),
  };
}
