import { base, en, en_US, Faker } from '@faker-js/faker';

export type DemoRandom = ReturnType<typeof demoRandom>;

/**
 * A private Faker seeded with 2026: every start draws the same names, addresses and choices,
 * and nothing else in the process can shift the sequence by using the shared `faker`.
 */
export function demoRandom(seed = 2026) {
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
