import { describe, expect, it } from 'vitest';
import { groupedNumber } from '../src/numbers.ts';

describe('a whole number as the product writes it', () => {
  it("is what toLocaleString('en-US') writes, without asking the browser's locale data", () => {
    const numbers = [0, 1, 12, 999, 1000, 1204, 99_999, 100_000, 1_000_300, 123_456_789, -1, -1204, -1_000_000];
    for (let n = 1; n < 1e15; n = n * 7 + 3) numbers.push(n);
    for (const n of numbers) expect(groupedNumber(n)).toBe(n.toLocaleString('en-US'));
  });
});
