import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './app.ts';
import { CellFailure, call, describe, expectCanary, expectNoLeak, expectStatus } from './matrix-checks.ts';
import {
  type ActingRole,
  actingRoles,
  kindLevels,
  type Level,
  type MatrixFixture,
  type MatrixRole,
  type RecordKind,
  sees,
} from './matrix-fixture.ts';
import {
  isRefProbe,
  kindsByRoute,
  kindsBySegment,
  type Probe,
  type ProbeRequest,
  probes,
  type RecordRef,
  skipped,
  writeBodies,
} from './matrix-probes.ts';
import { type MatrixRoute, pathParams, segmentBefore } from './matrix-routes.ts';

/** One cell of the matrix: a route called by one role in one case, and what it must answer. */
export type Cell = {
  route: MatrixRoute;
  role: MatrixRole;
  /** 'student:foreign', 'list', 'school_id=school:sibling'… */
  label: string;
  expected: string;
  run: (t: TestContext, f: MatrixFixture) => Promise<void>;
};

/** An id no record has: an id out of scope must not answer differently. */
const missingId = 999_999_999;

export type MatrixPlan = { cells: Cell[]; problems: string[]; skippedRoutes: MatrixRoute[] };

export function planMatrix(routes: MatrixRoute[]): MatrixPlan {
  const cells: Cell[] = [];
  const problems: string[] = [];
  const skippedRoutes: MatrixRoute[] = [];
  for (const route of routes) {
    if (route.key in skipped) {
      skippedRoutes.push(route);
      if (!route.access?.public) problems.push(`${route.key} is skipped but not public: the matrix must cover it.`);
      continue;
    }
    if (route.access?.public) {
      problems.push(`${route.key} is public: list it in \`skipped\` (test/support/matrix-probes.ts) with its reason.`);
      continue;
    }
    if (!route.access?.roles) {
      problems.push(
        `${route.key}: the matrix cannot tell which roles it allows (no config.roles captured, no x-roles in OpenAPI).`,
      );
      continue;
    }
    const shape = shapeOf(route);
    if (typeof shape === 'string') problems.push(shape);
    const allowed = route.access.roles;
    cells.push(gateCell(route, 'signed_out', 401, shape));
    cells.push(gateCell(route, 'no_role', 403, shape));
    for (const role of actingRoles) {
      const mayCall = role === 'admin_flag' || allowed.includes(role);
      if (!mayCall) cells.push(gateCell(route, role, 403, shape));
      else if (typeof shape !== 'string') cells.push(...scopeCells(route, role, shape));
    }
  }
  for (const key of [...Object.keys(probes), ...Object.keys(writeBodies), ...Object.keys(skipped)]) {
    if (!routes.some((route) => route.key === key)) {
      problems.push(`The matrix tables in test/support/matrix-probes.ts name ${key}, which no longer exists.`);
    }
  }
  return { cells, problems, skippedRoutes };
}

/** How a route names its record: by its path, by probes, or not at all (a problem to report). */
type Shape = { kind: 'path'; kinds: readonly RecordKind[] } | { kind: 'probes'; probes: Probe[] };

function shapeOf(route: MatrixRoute): Shape | string {
  const params = pathParams(route.path);
  if (params.length > 1) {
    return (
      `${route.key} has ${params.length} path parameters and the matrix fills one: extend ` +
      'test/support/matrix-cells.ts, or list the route in `skipped` with its reason.'
    );
  }
  if (params.length === 1) {
    const segment = segmentBefore(route.path, params[0]!);
    const kinds = kindsByRoute[route.key] ?? (segment ? kindsBySegment[segment] : undefined);
    if (!kinds) {
      return (
        `${route.key}: the matrix does not know which record '${segment}/{${params[0]}}' names. Add ` +
        `'${segment}' to kindsBySegment in test/support/matrix-probes.ts (with fixture records for a new ` +
        'kind), or list the route in `skipped` with its reason.'
      );
    }
    return { kind: 'path', kinds };
  }
  const listed = probes[route.key];
  if (listed) return { kind: 'probes', probes: listed };
  if (route.method === 'GET') return { kind: 'probes', probes: [{ name: 'no query', request: () => ({}) }] };
  return (
    `${route.key} names no record in its path and the matrix has no request for it: add its probes ` +
    '(the body, and each record the body names) to `probes` in test/support/matrix-probes.ts.'
  );
}

const isWrite = (route: MatrixRoute) => route.method !== 'GET';

/** The record a call uses: a fresh one for a write, so no write changes what later cases read. */
async function recordFor(route: MatrixRoute, f: MatrixFixture, kind: RecordKind, level: Level): Promise<RecordRef> {
  return isWrite(route) ? f.fresh[kind](level) : f.record(kind, level);
}

function pathRequest(route: MatrixRoute, ref: RecordRef): { url: string; request: ProbeRequest } {
  const url = route.path.replace(/\{[^}]+\}/, String(ref.id));
  if (!isWrite(route) || route.method === 'DELETE') return { url, request: {} };
  return { url, request: { body: route.key in writeBodies ? writeBodies[route.key] : {} } };
}

/** 401 signed out, 403 for a role the route does not allow: asked with a record of conference Z. */
function gateCell(route: MatrixRoute, role: MatrixRole, status: 401 | 403, shape: Shape | string): Cell {
  return {
    route,
    role,
    label: 'any record',
    expected: String(status),
    run: async (t, f) => {
      let url = route.path.replace(/\{[^}]+\}/g, '1');
      let request: ProbeRequest = isWrite(route) && route.method !== 'DELETE' ? { body: {} } : {};
      if (typeof shape !== 'string' && shape.kind === 'path') {
        ({ url, request } = pathRequest(route, f.record(shape.kinds[0]!, 'foreign')));
      } else if (typeof shape !== 'string') {
        const probe = shape.probes[0]!;
        request = isRefProbe(probe)
          ? await probe.request(f.record(probe.kind, 'foreign'), 'foreign', f, role)
          : await probe.request(f);
      }
      const response = await call(t, f, role, route, url, request);
      expectStatus(response, [status]);
      expectNoLeak(response, role);
    },
  };
}

function scopeCells(route: MatrixRoute, role: ActingRole, shape: Shape): Cell[] {
  if (shape.kind === 'path') {
    return shape.kinds.flatMap((kind) => [
      ...kindLevels[kind].map((level) =>
        recordCell(route, role, `${kind}:${level}`, kind, level, async (t, f) => {
          const { url, request } = pathRequest(route, await recordFor(route, f, kind, level));
          return call(t, f, role, route, url, request);
        }),
      ),
      ...badBodyCells(route, role, kind),
    ]);
  }
  return shape.probes.flatMap((probe): Cell[] => {
    if (!isRefProbe(probe)) {
      return [
        {
          route,
          role,
          label: probe.name,
          expected: (probe.accept ?? ['2xx']).join(' or '),
          run: async (t, f) => {
            const response = await call(t, f, role, route, route.path, await probe.request(f));
            if (probe.accept) expectStatus(response, probe.accept);
            else expectStatus(response, [200, 201, 204], 'a 2xx');
            expectNoLeak(response, role);
            if (role === 'global_admin' || role === 'admin_flag') expectCanary(response, probe.canary ?? []);
          },
        },
      ];
    }
    return kindLevels[probe.kind].map((level) => {
      const label = `${probe.name}=${probe.kind}:${level}`;
      const send = async (t: TestContext, f: MatrixFixture, ref: RecordRef) =>
        call(t, f, role, route, route.path, await probe.request(ref, level, f, role));
      return recordCell(
        route,
        role,
        label,
        probe.kind,
        level,
        async (t, f) => send(t, f, await recordFor(route, f, probe.kind, level)),
        probe.outOfScope ? async (t, f, ref) => send(t, f, { ...ref, id: missingId }) : undefined,
      );
    });
  });
}

/**
 * A write with a body that cannot be valid: out of scope it is still 404 (the scope is checked
 * before the body, or a 422 would tell that the record exists); in scope it is a 400 or 422,
 * which shows the body is refused indeed.
 */
function badBodyCells(route: MatrixRoute, role: ActingRole, kind: RecordKind): Cell[] {
  const bodiless = route.method === 'DELETE' || (route.key in writeBodies && writeBodies[route.key] === undefined);
  if (!isWrite(route) || bodiless) return [];
  const inScope = kindLevels[kind].find((level) => sees(role, kind, level));
  const cases = kindLevels[kind].filter((level) => !sees(role, kind, level) || level === inScope);
  return cases.map((level) => {
    const seen = sees(role, kind, level);
    return {
      route,
      role,
      label: `${kind}:${level} with a bad body`,
      expected: seen ? 'in scope: 400 or 422' : 'out of scope: 404',
      run: async (t, f) => {
        const { url } = pathRequest(route, await recordFor(route, f, kind, level));
        const response = await call(t, f, role, route, url, { body: ['not', 'a', 'valid', 'body'] });
        expectStatus(response, seen ? [400, 422] : [404]);
        expectNoLeak(response, role);
      },
    };
  });
}

/**
 * In scope: a read answers 200; a write anything but 401, 404 or a server error (a 403 of a finer
 * rule, a 422 of a relation the body asks for are fine). Out of scope: 404 (or, where the probe
 * says so, exactly what a missing id gets), never a leak.
 */
function recordCell(
  route: MatrixRoute,
  role: ActingRole,
  label: string,
  kind: RecordKind,
  level: Level,
  send: (t: TestContext, f: MatrixFixture) => Promise<LightMyRequestResponse>,
  missing?: (t: TestContext, f: MatrixFixture, ref: RecordRef) => Promise<LightMyRequestResponse>,
): Cell {
  const inScope = sees(role, kind, level);
  return {
    route,
    role,
    label,
    expected: inScope
      ? `in scope: ${route.method === 'GET' ? '200' : 'not 404'}`
      : `out of scope: ${missing ? 'as a missing id' : '404'}`,
    run: async (t, f) => {
      const response = await send(t, f);
      if (inScope && route.method === 'GET') {
        expectStatus(response, [200], 'in scope, a 200');
      } else if (inScope) {
        if ([401, 404].includes(response.statusCode) || response.statusCode >= 500) {
          throw new CellFailure(`in scope, got ${describe(response)}; expected a status other than 401, 404 or 5xx`);
        }
      } else if (missing) {
        const baseline = await missing(t, f, f.record(kind, level));
        const same = response.statusCode === baseline.statusCode && response.body === baseline.body;
        if (!same || response.statusCode < 300) {
          throw new CellFailure(
            `out of scope, got ${describe(response)}; an id that does not exist got ${describe(baseline)}`,
          );
        }
      } else {
        expectStatus(response, [404]);
      }
      expectNoLeak(response, role);
    },
  };
}
