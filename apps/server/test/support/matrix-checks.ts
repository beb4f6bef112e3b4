import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './app.ts';
import {
  allMarkers,
  hiddenMarkers,
  type Level,
  levelInfo,
  type MatrixFixture,
  type MatrixRole,
} from './matrix-fixture.ts';
import type { ProbeRequest } from './matrix-probes.ts';
import type { MatrixRoute } from './matrix-routes.ts';

/** A cell's failure: its message says what came back and what was expected. */
export class CellFailure extends Error {}

export async function call(
  t: TestContext,
  f: MatrixFixture,
  role: MatrixRole,
  route: MatrixRoute,
  url: string,
  request: ProbeRequest,
): Promise<LightMyRequestResponse> {
  const email = f.emailOf(role);
  // A fresh token each call: a logout in one cell must not sign out the next.
  const headers = email ? await t.headersFor(email) : {};
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
  }
  const query = search.size > 0 ? `?${search.toString()}` : '';
  return t.app.inject({
    method: route.method,
    url: `${url}${query}`,
    headers,
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
}

export function describe(response: LightMyRequestResponse): string {
  const body = response.body.length > 300 ? `${response.body.slice(0, 300)}…` : response.body;
  return `${response.statusCode} ${body}`;
}

export function expectStatus(response: LightMyRequestResponse, statuses: number[], wording?: string) {
  if (!statuses.includes(response.statusCode)) {
    throw new CellFailure(`got ${describe(response)}; expected ${wording ?? statuses.join(' or ')}`);
  }
}

/** A list that shows a level's records to someone who sees everything: else a leak would go unseen. */
export function expectCanary(response: LightMyRequestResponse, canary: readonly Level[]) {
  const text = response.body.toLowerCase();
  const absent = canary
    .map((level) => levelInfo[level].marker!)
    .filter((marker) => !text.includes(marker.toLowerCase()));
  if (absent.length > 0) {
    throw new CellFailure(
      `the answer lacks fixture records (${absent.join(', ')}) it should show to this role: ${describe(response)}`,
    );
  }
}

/** No body or header of any call may carry the marker of a level the caller does not see. */
export function expectNoLeak(response: LightMyRequestResponse, role: MatrixRole) {
  const hidden = role === 'signed_out' || role === 'no_role' ? allMarkers : hiddenMarkers(role);
  const text = `${response.body}\n${JSON.stringify(response.headers)}`.toLowerCase();
  const found = hidden.filter((marker) => text.includes(marker.toLowerCase()));
  if (found.length > 0) {
    throw new CellFailure(
      `the answer carries records ${role} may not see (${found.join(', ')}): ${describe(response)}`,
    );
  }
}

