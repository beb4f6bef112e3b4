import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Column, DataTable } from '../src/components/data-table.tsx';
import { nextSort, withSort } from '../src/components/list-params.ts';
import { useListParams } from '../src/components/use-list-params.ts';
import { renderRoutes } from './support.tsx';

type Row = { id: number; name: string };
const columns: Column<Row>[] = [
  { key: 'name', header: 'NAME', sortKey: 'name', render: (row) => row.name },
  { key: 'created', header: 'CREATED', sortKey: 'created_at', render: () => '-' },
  { key: 'notes', header: 'NOTES', render: () => '' },
];

function List() {
  const list = useListParams('name');
  return (
    <DataTable
      label="People"
      columns={columns}
      rows={[{ id: 1, name: 'Ann' }]}
      rowKey={(row) => row.id}
      emptyMessage="None."
      sort={{ state: list.sort, onSort: list.onSort }}
    />
  );
}

const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

describe('sortable headers (SPEC section 2, Shared list behaviour)', () => {
  it('toggles the active column and resets page to 1', () => {
    const { router } = renderRoutes([{ path: '/people', element: <List /> }], '/people?page=4&query=an');
    fireEvent.click(screen.getByRole('button', { name: 'NAME' }));
    expect(search(router).get('sortBy')).toBe('name');
    expect(search(router).get('orderBy')).toBe('desc');
    expect(search(router).get('page')).toBe('1');
    expect(search(router).get('query')).toBe('an');
    expect(screen.getByRole('columnheader', { name: 'NAME' })).toHaveAttribute('aria-sort', 'descending');

    fireEvent.click(screen.getByRole('button', { name: 'NAME' }));
    expect(search(router).get('orderBy')).toBe('asc');
  });

  it('starts another column ascending', () => {
    const { router } = renderRoutes(
      [{ path: '/people', element: <List /> }],
      '/people?sortBy=name&orderBy=desc&page=2',
    );
    fireEvent.click(screen.getByRole('button', { name: 'CREATED' }));
    expect(search(router).get('sortBy')).toBe('created_at');
    expect(search(router).get('orderBy')).toBe('asc');
    expect(search(router).get('page')).toBe('1');
  });

  it('leaves columns without a sort key plain', () => {
    renderRoutes([{ path: '/people', element: <List /> }], '/people');
    expect(screen.queryByRole('button', { name: 'NOTES' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'NOTES' })).toBeInTheDocument();
  });

  it('rule', () => {
    expect(nextSort({ sortBy: 'name', orderBy: 'asc' }, 'name')).toEqual({ sortBy: 'name', orderBy: 'desc' });
    expect(nextSort({ sortBy: 'name', orderBy: 'desc' }, 'name')).toEqual({ sortBy: 'name', orderBy: 'asc' });
    expect(nextSort({ sortBy: 'name', orderBy: 'desc' }, 'school')).toEqual({ sortBy: 'school', orderBy: 'asc' });
    expect(withSort(new URLSearchParams('page=9'), { sortBy: 'x', orderBy: 'asc' }).get('page')).toBe('1');
  });
});

function Empty() {
  return <DataTable label="People" columns={columns} rows={[]} rowKey={() => 1} emptyMessage="No students found." />;
}

describe('empty list', () => {
  it('shows the empty message row', () => {
    renderRoutes([{ path: '/', element: <Empty /> }], '/');
    expect(screen.getByText('No students found.')).toBeInTheDocument();
  });
});
