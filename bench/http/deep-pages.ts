// Deep pages of the whole network's student list (global admin): by page number (an offset), and
// the same pages reached as the list UI reaches them, with the cursor of the page before
// (`after=<next_cursor>`, components/list-pagination.tsx).
import { type Context, runPair, selected } from './pair.ts';
import type { Staff } from './tokens.ts';

const listPage = (page: number, after?: string) =>
  `/api/students?sortBy=name&orderBy=asc&section=all&per_page=25&page=${page}${after ? `&after=${encodeURIComponent(after)}` : ''}`;

type ListBody = { students: { id: number }[]; pagination: { next_cursor?: string | null } };

async function get(context: Context, staff: Staff, path: string): Promise<ListBody> {
  const response = await fetch(`${context.app.url}${path}`, { headers: staff.app });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${(await response.text()).slice(0, 200)}`);
  return (await response.json()) as ListBody;
}

export async function deepPageScenarios(
  context: Context,
  staff: Staff,
  pages = [20000, 20001, 25000, 30000, 35000],
): Promise<void> {
  await runPair(context, {
    group: 'deep pages',
    scenario: 'GET /students?page=20000… (offset)',
    staff,
    connections: 10,
    paths: pages.map((page) => listPage(page)),
  });
  if (!selected('deep pages GET /students?page=20000… (after cursor)')) return;
  // The cursor of each page comes from the app's answer for the page before, as in the UI.
  const paths: string[] = [];
  for (const page of pages) {
    const before = await get(context, staff, listPage(page - 1));
    const cursor = before.pagination.next_cursor;
    if (!cursor) {
      context.failures.push(`deep pages: page ${page - 1} answered no next_cursor`);
      console.error(`!!! deep pages: page ${page - 1} answered no next_cursor: the keyset scenario is skipped`);
      return;
    }
    const [byOffset, byCursor] = await Promise.all([
      get(context, staff, listPage(page)),
      get(context, staff, listPage(page, cursor)),
    ]);
    const ids = (body: ListBody) => body.students.map((s) => s.id).join(',');
    if (ids(byOffset) !== ids(byCursor)) {
      context.failures.push(`deep pages: page ${page} by cursor holds other students than by number`);
      console.error(`!!! deep pages: page ${page} by cursor holds other students than by number`);
    }
    paths.push(listPage(page, cursor));
  }
  await runPair(context, {
    group: 'deep pages',
    scenario: 'GET /students?page=20000… (after cursor)',
    staff,
    connections: 10,
    paths,
  });
}
