// Deep pages of the whole network's student list (global admin), reached as the list UI reaches
// them: by key, with the cursor of the page before (`after=<next_cursor>`,
// components/list-pagination.tsx). Numbered pages stop where the count stops (docs/decisions/008):
// a page number past it without a cursor is a 422, checked here once.
import type { Database } from '../../apps/server/src/db/client.ts';
import { type Context, runPair, selected } from './pair.ts';
import type { Staff } from './tokens.ts';

const perPage = 25;
const listPage = (page: number, after?: string) =>
  `/api/students?sortBy=name&orderBy=asc&section=all&per_page=${perPage}&page=${page}${after ? `&after=${encodeURIComponent(after)}` : ''}`;

/** The cursor the app writes for a row: its sort values and id, base64url JSON (core/lists.ts). */
const cursorOf = (row: { last_name: string; first_name: string; id: number }) =>
  Buffer.from(JSON.stringify([row.last_name, row.first_name, Number(row.id)])).toString('base64url');

export async function deepPageScenarios(
  context: Context,
  database: Database,
  staff: Staff,
  pages = [20000, 20001, 25000, 30000, 35000],
): Promise<void> {
  const scenario = 'GET /students?page=20000… (after cursor)';
  if (!selected(`deep pages ${scenario}`)) return;
  const refused = await fetch(`${context.app.url}${listPage(pages[0] ?? 20000)}`, { headers: staff.app });
  if (refused.status !== 422) context.failures.push(`deep pages: page ${pages[0]} without a cursor answered ${refused.status}, not 422`);
  const paths: string[] = [];
  for (const page of pages) {
    // The last row of the page before, and the page's own rows, straight from the name order.
    const rows = await database.query<{ last_name: string; first_name: string; id: number }>(
      'select last_name, first_name, id from students order by last_name, first_name, id offset $1 limit $2',
      [(page - 1) * perPage - 1, perPage + 1],
    );
    const [before, ...expected] = rows;
    if (!before) throw new Error(`deep pages: there is no page ${page}`);
    const path = listPage(page, cursorOf(before));
    const response = await fetch(`${context.app.url}${path}`, { headers: staff.app });
    const body = (await response.json()) as { students: { id: number }[] };
    if (body.students.map((s) => s.id).join() !== expected.map((row) => Number(row.id)).join()) {
      context.failures.push(`deep pages: page ${page} by cursor holds other students than the name order there`);
    }
    paths.push(path);
  }
  await runPair(context, { group: 'deep pages', scenario, staff, connections: 10, paths });
  // One person paging alone: the time of a page itself, without nine others queued beside it.
  await runPair(context, { group: 'deep pages', scenario, staff, connections: 1, paths });
}
