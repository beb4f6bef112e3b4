/**
 * A whole number as the product writes counts and limits, with en-US thousands separators:
 * 1204 → '1,204'. Written out rather than `toLocaleString('en-US')`, the same text: a browser's
 * first locale number format costs it some 40 ms, on a phone several times that, before the
 * dashboard can show its first count.
 */
export function groupedNumber(n: number): string {
  const digits = String(Math.trunc(Math.abs(n)));
  return `${n < 0 ? '-' : ''}${digits.replace(/\B(?=(\d{3})+$)/g, ',')}`;
}
