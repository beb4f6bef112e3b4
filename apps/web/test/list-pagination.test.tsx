import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListPagination } from '../src/components/list-pagination.tsx';
import { withPage, withSearchText, withSort } from '../src/components/list-params.ts';
import { useListParams } from '../src/components/use-list-params.ts';
import { countText, recordCount } from '../src/lib/counts.ts';
import { renderRoutes } from './support.tsx';

type Paging = NonNullable<Parameters<typeof ListPagination>[0]['pagination']>;

const counted = (total: number, page = 1): Paging => ({
  page,
  per_page: 25,
  total_count: total,
  total_pages: Math.ceil(total / 25),
  total_capped: false,
  next_cursor: 'next-key',
  prev_cursor: page > 1 ? 'prev-key' : null,
});
const capped = (page: number, next: string | null = 'next-key'): Paging => ({
  ...counted(1000, page),
  total_capped: true,
  next_cursor: next,
});

function List({ pagination }: { pagination: (page: number) => Paging }) {
  const list = useListParams('name');
  return <ListPagination pagination={pagination(list.page)} page={list.page} onPage={list.onPage} />;
}

const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

describe('list pages past the count cap (docs/decisions/008)', () => {
  it('says in words that a count stopped at its cap', () => {
    expect(recordCount({ total_count: 1, total_capped: false })).toBe('1 record');
    expect(recordCount({ total_count: 1204, total_capped: false })).toBe('1,204 records');
    expect(recordCount({ total_count: 1000, total_capped: true })).toBe('More than 1,000 records');
    expect(countText({ total_count: 1000, total_capped: true })).toBe('More than 1,000');
  });

  it('pages forwards by the next key and back by the previous key, the page number in the URL', () => {
    const { router } = renderRoutes([{ path: '/people', element: <List pagination={(page) => capped(page)} /> }], '/people?page=1');
    expect(screen.getByText('More than 1,000 records')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'First page' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(search(router).get('page')).toBe('2');
    expect(search(router).get('after')).toBe('next-key');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(search(router).get('page')).toBe('3');
    expect(screen.getByText('Page 3')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(search(router).get('page')).toBe('2');
    expect(search(router).get('before')).toBe('prev-key');
    expect(search(router).get('after')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(search(router).get('page')).toBe('1');
    expect(search(router).get('after')).toBeNull();
    expect(search(router).get('before')).toBeNull();
  });

  it('stops at the last page: Next is disabled without a next key', () => {
    renderRoutes([{ path: '/people', element: <List pagination={(page) => capped(page, null)} /> }], '/people?page=40');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByText('Page 40')).toBeInTheDocument();
  });

  it('keeps numbered pages for a counted list', () => {
    const { router } = renderRoutes([{ path: '/people', element: <List pagination={(page) => counted(120, page)} /> }], '/people');
    expect(screen.getByText('120 records')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(search(router).get('page')).toBe('4');
    expect(search(router).get('after')).toBeNull();
  });

  it('drops the page key when the sort or the search changes', () => {
    const keyed = withPage(new URLSearchParams('query=ann'), 7, { after: 'k' });
    expect(keyed.get('after')).toBe('k');
    expect(withSort(keyed, { sortBy: 'name', orderBy: 'desc' }).get('after')).toBeNull();
    expect(withSearchText(keyed, 'bob').get('after')).toBeNull();
    expect(withPage(keyed, 8, { before: 'b' }).get('after')).toBeNull();
  });
});
