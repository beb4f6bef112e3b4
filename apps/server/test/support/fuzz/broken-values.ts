import fc from 'fast-check';

/**
 * Values no client should send, for any field. They are kept as raw JSON text where JavaScript
 * could not hold them (numbers past 2^63 or 1e309 stay digits; a `__proto__` key stays a key).
 */
export class Raw {
  constructor(readonly raw: string) {}
  toString() {
    return this.raw.length > 60 ? `raw(${this.raw.slice(0, 40)}… ${this.raw.length} chars)` : `raw(${this.raw})`;
  }
}
export const raw = (text: string) => new Raw(text);
const isRaw = (value: unknown): value is Raw => value instanceof Raw;

const nested = (depth: number, open: string, close: string, inner = '1') =>
  raw(open.repeat(depth) + inner + close.repeat(depth));

/** Strings that break parsers, limits and SQL: each plane of Unicode, NUL, dates that do not exist. */
export const brokenTexts: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '😀'.repeat(30),
  '\u{10FFFF}\u{E0001}\u{1F600}',
  '\u202Etxt.exe',
  'a'.repeat(100_000),
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '0000-00-00',
  '2026-02-30',
  '9999-12-31',
  '10000-01-01',
  '1970-01-01T00:00:00Z',
  '0',
  '-1',
  '1e309',
  '99999999999999999999',
  '9223372036854775808',
  '1;drop',
  "'; drop table students; --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{"a":1}',
];

/** Any JSON value of the wrong kind, or one too large, too deep or too strange to be a field. */
export const brokenValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...brokenTexts),
  fc.constantFrom<unknown>(
    0,
    -1,
    -0,
    1.5,
    2 ** 53,
    Number.MAX_VALUE,
    true,
    false,
    null,
    [],
    {},
    [1, 2, 3],
    { id: 1 },
    raw('1e309'),
    raw('-1e309'),
    raw('99999999999999999999'),
    raw('9223372036854775808'),
    raw('{"__proto__":{"admin":true}}'),
    raw('{"constructor":{"prototype":{"admin":true}}}'),
    nested(2000, '[', ']'),
    nested(2000, '{"a":', '}'),
    raw(`[${'1,'.repeat(20_000)}1]`),
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.bigInt({ min: 2n ** 63n, max: 2n ** 70n }).map((big) => raw(big.toString())),
);

/** What a broken body does to a valid one: one way to be wrong each time. */
export type BodyBreak =
  | { kind: 'field'; key: string; value: unknown }
  | { kind: 'drop'; key: string }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'whole'; value: unknown };

const strangeKeys = ['__proto__', 'constructor', 'prototype', '', '\u0000', 'a'.repeat(1000), '😀'];

/** A field's broken value: for a text field, half the time a text that a text column must survive. */
const brokenFor = (schema: { type?: string | string[] }): fc.Arbitrary<unknown> =>
  schema.type === 'string' ? fc.oneof(fc.constantFrom(...brokenTexts), brokenValue) : brokenValue;

export function bodyBreak(properties: Record<string, { type?: string | string[] }>): fc.Arbitrary<BodyBreak> {
  const keys = Object.keys(properties);
  const whole = brokenValue.map((value): BodyBreak => ({ kind: 'whole', value }));
  const extra = fc
    .record({ key: fc.constantFrom(...strangeKeys), value: brokenValue })
    .map(({ key, value }): BodyBreak => ({ kind: 'extra', key, value }));
  if (keys.length === 0) return fc.oneof(whole, extra);
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    {
      arbitrary: key.chain((key) => brokenFor(properties[key]!).map((value): BodyBreak => ({ kind: 'field', key, value }))),
      weight: 4,
    },
    { arbitrary: key.map((key): BodyBreak => ({ kind: 'drop', key })), weight: 1 },
    { arbitrary: extra, weight: 1 },
    { arbitrary: whole, weight: 1 },
  );
}

/** A valid body broken one way, as JSON text (raw values written as they are). */
export function brokenBodyText(valid: unknown, change: BodyBreak): string {
  if (change.kind === 'whole') return jsonText(change.value);
  const entries = Object.entries(valid && typeof valid === 'object' && !Array.isArray(valid) ? valid : {});
  const kept = entries.filter(([key]) => change.kind === 'extra' || key !== change.key);
  const added = change.kind === 'drop' ? [] : [[change.key, change.value] as const];
  return `{${[...kept, ...added].map(([key, value]) => `${JSON.stringify(key)}:${jsonText(value)}`).join(',')}}`;
}

/** JSON text of a value that may hold raw pieces anywhere. */
export function jsonText(value: unknown): string {
  if (isRaw(value)) return value.raw;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A broken value as query or path text: raw pieces as written, the rest as a client would print it. */
export function asText(value: unknown): string {
  if (isRaw(value)) return value.raw;
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? '';
}

/** Path ids a route must refuse: not numbers, out of range, or an attack. Already percent-encoded. */
export const brokenIds: readonly string[] = [
  '0',
  '-1',
  '1e309',
  '99999999999999999999',
  '9223372036854775808',
  '2147483648',
  '1.5',
  '1;drop',
  '1%3Bdrop',
  'abc',
  '%00',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '%EF%BC%91',
  '%20',
  '1%0A',
  '0x10',
  'NaN',
  '__proto__',
  'a'.repeat(3000),
];
