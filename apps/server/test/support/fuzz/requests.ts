import fc from 'fast-check';
import type { App } from '../../../src/types.ts';
import { kindLevels, type MatrixFixture, type MatrixRole, matrixRoles, type RecordKind, sees } from '../matrix-fixture.ts';
import { kindsByRoute, kindsBySegment } from '../matrix-probes.ts';
import { type HttpMethod, pathParams, segmentBefore } from '../matrix-routes.ts';
import { asText, bodyBreak, brokenBodyText, brokenIds, brokenValue, jsonText } from './broken-values.ts';
import { type JsonSchema, type ValueContext, valueFor } from './schema-values.ts';

type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };

/** A route as the OpenAPI document describes what it takes. */
export type FuzzRoute = {
  method: HttpMethod;
  path: string;
  key: string;
  query: Parameter[];
  body: JsonSchema | null;
};

/** One request, as text, so that a finding can be sent again exactly. */
export type FuzzRequest = {
  role: MatrixRole;
  method: HttpMethod;
  url: string;
  contentType?: string;
  body?: string;
  idempotencyKey?: string;
  /** Over a real socket (app.listen on port 0) rather than app.inject. */
  http?: 'whole' | 'cut short';
  /** What is wrong with it, in a few words ('valid' when nothing is meant to be). */
  what: string;
};

/** Every `/api/...` operation of the app's OpenAPI document, with what it takes. */
export function fuzzRoutes(app: App): FuzzRoute[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({
          method: method.toUpperCase() as HttpMethod,
          path,
          key: `${method.toUpperCase()} ${path}`,
          query: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query'),
          body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        })),
    )
    .sort((a, b) => a.key.localeCompare(b.key));
}

export const isWrite = (route: Pick<FuzzRoute, 'method'>) => route.method !== 'GET';

/** The records a fuzz run names: the authorization matrix's network, seen and unseen by each role. */
export type FuzzWorld = { fixture: MatrixFixture; values: ValueContext };

export function fuzzWorld(fixture: MatrixFixture): FuzzWorld {
  const ids = new Set<number>();
  for (const [kind, levels] of Object.entries(kindLevels)) {
    for (const level of levels) ids.add(fixture.record(kind as RecordKind, level).id);
  }
  return { fixture, values: { ids: [...ids].sort((a, b) => a - b) } };
}

/** Percent-encodes UTF-8 (a lone surrogate becomes U+FFFD, as a browser sends it). */
const encode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** Ids for a path parameter: records the role sees and does not see, one that does not exist, broken ones. */
function pathIdFor(route: FuzzRoute, param: string, role: MatrixRole, world: FuzzWorld): fc.Arbitrary<string> {
  const segment = segmentBefore(route.path, param);
  const kinds = kindsByRoute[route.key] ?? (segment ? kindsBySegment[segment] : undefined) ?? [];
  const acting = role !== 'signed_out' && role !== 'no_role' ? role : null;
  const real = kinds.flatMap((kind) =>
    kindLevels[kind].map((level) => ({ id: world.fixture.record(kind, level).id, seen: acting ? sees(acting, kind, level) : false })),
  );
  const seen = real.filter((record) => record.seen).map((record) => String(record.id));
  const unseen = real.filter((record) => !record.seen).map((record) => String(record.id));
  return fc.oneof(
    ...(seen.length ? [{ arbitrary: fc.constantFrom(...seen), weight: 4 }] : []),
    ...(unseen.length ? [{ arbitrary: fc.constantFrom(...unseen), weight: 2 }] : []),
    { arbitrary: fc.constantFrom('2147483647', String(Math.max(...world.values.ids, 1) + 100_000)), weight: 1 },
    { arbitrary: fc.constantFrom(...brokenIds), weight: 2 },
  );
}

type Pair = readonly [string, string];

/** The query's key=value pairs, valid ones from the schema, then one of several ways to break it. */
function queryFor(route: FuzzRoute, world: FuzzWorld): fc.Arbitrary<{ pairs: Pair[]; what: string }> {
  const parameters = route.query.map((parameter) => {
    const value = valueFor(parameter.schema ?? {}, world.values, parameter.name).map((item) => queryValues(parameter.name, item));
    return parameter.required ? value : fc.option(value, { nil: [] as Pair[], freq: 2 });
  });
  const valid = fc.tuple(...parameters).map((lists) => lists.flat());
  const names = route.query.map((parameter) => parameter.name);
  const name = names.length ? fc.constantFrom(...names) : fc.constantFrom('q', '__proto__');
  return fc.oneof(
    { arbitrary: valid.map((pairs) => ({ pairs, what: 'valid query' })), weight: 3 },
    {
      arbitrary: fc.tuple(valid, name, brokenValue).map(([pairs, key, value]) => ({
        pairs: [...pairs.filter(([other]) => other !== key), [key, asText(value)] as const],
        what: `query ${key} broken`,
      })),
      weight: 3,
    },
    {
      arbitrary: fc.tuple(valid, name, fc.string({ maxLength: 5 })).map(([pairs, key, extra]) => ({
        pairs: [...pairs, [key, '1'] as const, [key, extra] as const],
        what: `query ${key} repeated`,
      })),
      weight: 1,
    },
    {
      arbitrary: fc.tuple(valid, name).map(([pairs, key]) => ({
        pairs: [...pairs, [`${key}[]`, '1'] as const, [`${key}[${key}]`, '2'] as const],
        what: `query ${key} as an array and an object`,
      })),
      weight: 1,
    },
  );
}

/** A value as the query carries it: an array as repeated keys, anything else as its text. */
function queryValues(name: string, value: unknown): Pair[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map((item) => [name, asText(item)] as const);
  return [[name, asText(value)]];
}

const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
/** The fields of a body as multipart form data, each value its text. */
function multipartOf(body: unknown, finished = true): string {
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? Object.entries(body) : [['value', body]];
  const parts = fields.map(
    ([key, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${String(key)}"\r\n\r\n${asText(value)}\r\n`,
  );
  return parts.join('') + (finished ? `--${boundary}--\r\n` : '');
}
const multipartType = `multipart/form-data; boundary=${boundary}`;

type Body = Pick<FuzzRequest, 'contentType' | 'body' | 'what' | 'http'>;

/** The body: valid for its schema, broken one way, or sent as the wrong kind of content. */
function bodyFor(route: FuzzRoute, world: FuzzWorld): fc.Arbitrary<Body> {
  const valid: fc.Arbitrary<unknown> = route.body ? valueFor(route.body, world.values) : fc.constant({});
  const json = (what: string, body: string): Body => ({ contentType: 'application/json', body, what });
  const options: { arbitrary: fc.Arbitrary<Body>; weight: number }[] = [
    { arbitrary: valid.map((value) => json('valid body', jsonText(value))), weight: 3 },
    {
      arbitrary: fc.tuple(valid, bodyBreak(route.body?.properties ?? {})).map(([value, change]) =>
        json(`body ${change.kind}${'key' in change ? ` ${change.key}` : ''} broken`, brokenBodyText(value, change)),
      ),
      weight: 5,
    },
    {
      arbitrary: fc.constantFrom<Body>(
        { contentType: 'application/json', body: '', what: 'empty JSON body' },
        { what: 'no body' },
        { contentType: 'application/json', body: '{"a":', what: 'JSON cut short' },
        { contentType: 'application/json', body: 'null', what: 'JSON null' },
        { contentType: 'application/xml', body: '<student/>', what: 'XML' },
        { contentType: 'application/json; charset=utf-16', body: '{}', what: 'JSON in another charset' },
        { contentType: multipartType, body: `--${boundary}\r\nbroken\r\n\r\n`, what: 'multipart with a broken part' },
        { contentType: 'multipart/form-data', body: 'a=1', what: 'multipart without a boundary' },
      ),
      weight: 2,
    },
    {
      arbitrary: valid.map((value) => ({ contentType: 'text/plain', body: jsonText(value), what: 'JSON as text/plain' })),
      weight: 1,
    },
    {
      arbitrary: valid.map((value) => ({
        contentType: 'application/x-www-form-urlencoded',
        body: Object.entries(value && typeof value === 'object' ? value : { value })
          .map(([key, item]) => `${encode(key)}=${encode(asText(item))}`)
          .join('&'),
        what: 'form-urlencoded',
      })),
      weight: 1,
    },
    {
      arbitrary: fc.tuple(valid, fc.constantFrom<'whole' | 'cut short' | undefined>(undefined, 'whole', 'cut short')).map(
        ([value, http]): Body => ({
          contentType: multipartType,
          body: multipartOf(value, http !== 'cut short'),
          what: http === 'cut short' ? 'multipart stream cut short' : 'multipart where JSON is expected',
          ...(http ? { http } : {}),
        }),
      ),
      weight: 2,
    },
  ];
  return fc.oneof(...options);
}

/** Every role, those that may do most a little more often: their requests get past the role check. */
const roles = fc.oneof(
  ...matrixRoles.map((role) => ({
    arbitrary: fc.constant(role),
    weight: role === 'global_admin' ? 3 : role === 'signed_out' || role === 'no_role' ? 1 : 2,
  })),
);

/**
 * Requests for one route: any role, path ids seen, unseen and broken, a query and a body from
 * the route's schema, valid or broken. About one in ten goes over real HTTP.
 */
export function requestFor(route: FuzzRoute, world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const params = pathParams(route.path);
  const hasBody = route.body !== null || isWrite(route);
  return roles.chain((role) =>
    fc
      .record({
        ids: fc.tuple(...params.map((param) => pathIdFor(route, param, role, world))),
        query: queryFor(route, world),
        body: hasBody ? bodyFor(route, world) : fc.constantFrom<Body>({ what: 'no body' }, { what: 'no body', http: 'whole' }),
        idempotencyKey: isWrite(route)
          ? fc.option(fc.constantFrom('fuzz-key-0001', '', ' ', 'a'.repeat(5000), '\u00e9t\u00e9'), { freq: 5 })
          : fc.constant(null),
        overHttp: fc.integer({ min: 0, max: 9 }).map((draw) => draw === 0),
      })
      .map(({ ids, query, body, idempotencyKey, overHttp }): FuzzRequest => {
        let path = route.path;
        params.forEach((param, index) => {
          path = path.replace(`{${param}}`, ids[index]!);
        });
        const search = query.pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
        const what = [body.what, query.what, ...(idempotencyKey !== null ? ['idempotency key'] : [])].join(', ');
        return {
          role,
          method: route.method,
          url: search ? `${path}?${search}` : path,
          ...(body.contentType !== undefined ? { contentType: body.contentType } : {}),
          ...(body.body !== undefined ? { body: body.body } : {}),
          ...(idempotencyKey !== null ? { idempotencyKey } : {}),
          ...(body.http ? { http: body.http } : overHttp ? { http: 'whole' as const } : {}),
          what,
        };
      }),
  );
}
