export type SortOrder = 'asc' | 'desc';
export type SortState = { sortBy: string; orderBy: SortOrder };

/** Clicking the active column toggles the direction; another column starts ascending. */
export function nextSort(current: SortState, column: string): SortState {
  if (current.sortBy === column) return { sortBy: column, orderBy: current.orderBy === 'asc' ? 'desc' : 'asc' };
  return { sortBy: column, orderBy: 'asc' };
}

/** The search text of a list: `query`, or the header search's `studentsQuery` on /students. */
export const searchParamNames = ['query', 'studentsQuery'] as const;

export function searchTextOf(params: URLSearchParams): string {
  for (const name of searchParamNames) {
    const value = params.get(name);
    if (value) return value;
  }
  return '';
}

export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The page's key (keyset paging, docs/decisions/008): the row it starts after or ends before. */
export type PageCursor = { after?: string; before?: string };
const cursorNames = ['after', 'before'] as const;

export function cursorOf(params: URLSearchParams): PageCursor {
  const after = params.get('after');
  const before = params.get('before');
  return after ? { after } : before ? { before } : {};
}

function withoutCursor(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of cursorNames) next.delete(name);
  return next;
}

export function sortOf(params: URLSearchParams, defaultSortBy: string): SortState {
  return {
    sortBy: params.get('sortBy') || defaultSortBy,
    orderBy: params.get('orderBy') === 'desc' ? 'desc' : 'asc',
  };
}

/** Any sort change resets page to 1 (SPEC section 2, Shared list behaviour). */
export function withSort(params: URLSearchParams, sort: SortState): URLSearchParams {
  const next = withoutCursor(params);
  next.set('sortBy', sort.sortBy);
  next.set('orderBy', sort.orderBy);
  next.set('page', '1');
  return next;
}

/** A page by number (an offset), or by the key of the row it follows or precedes. */
export function withPage(params: URLSearchParams, page: number, cursor: PageCursor = {}): URLSearchParams {
  const next = withoutCursor(params);
  next.set('page', String(page));
  if (cursor.after) next.set('after', cursor.after);
  else if (cursor.before) next.set('before', cursor.before);
  return next;
}

/** A new search starts on page 1; the Quick find text replaces a header search. */
export function withSearchText(params: URLSearchParams, text: string): URLSearchParams {
  const next = withoutCursor(params);
  for (const name of searchParamNames) next.delete(name);
  if (text !== '') next.set('query', text);
  next.set('page', '1');
  return next;
}

/** Search words for `full_name_i_cont_all[]`. */
export function searchWords(text: string): string[] {
  return text.split(/\s+/).filter(Boolean).slice(0, 10);
}
