import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Column, DataTable } from '../src/components/data-table.tsx';
import { phoneScreen } from './media-query.ts';
import { renderRoutes } from './support.tsx';

type Row = { id: number; name: string; city: string };
const columns: Column<Row>[] = [
  { key: 'name', header: 'NAME', render: (row) => row.name },
  { key: 'city', header: 'CITY', render: (row) => row.city },
  { key: 'actions', header: '', render: () => <button type="button">Open</button> },
];

function People({ rows }: { rows: Row[] }) {
  return <DataTable label="People" columns={columns} rows={rows} rowKey={(row) => row.id} emptyMessage="None." nowrap />;
}

const render = (rows: Row[]) => renderRoutes([{ path: '/', element: <People rows={rows} /> }], '/');
const scrollArea = (table: HTMLElement) => table.closest('.mantine-ScrollArea-root');

afterEach(() => vi.restoreAllMocks());

describe('data table', () => {
  it('on wide screens scrolls inside its 300 px body, cells on one line', () => {
    render([{ id: 1, name: 'Ann Lee', city: 'Springfield' }]);
    const table = screen.getByRole('table', { name: 'People' });
    expect(scrollArea(table)).not.toBeNull();
    expect(table).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('on wide screens a table as long as the page, too wide for it, scrolls sideways in a box of its own', () => {
    const rows = [{ id: 1, name: 'Ann Lee', city: 'Springfield' }];
    const element = (
      <DataTable label="People" columns={columns} rows={rows} rowKey={(row) => row.id} emptyMessage="None." nowrap scroll="page" />
    );
    renderRoutes([{ path: '/', element }], '/');
    const table = screen.getByRole('table', { name: 'People' });
    expect(scrollArea(table)).toBeNull();
    expect(table.closest('.mantine-TableScrollContainer-scrollContainer')).not.toBeNull();
  });

  it('on phones stacks each row as a card: every cell names its column, the page scrolls, text wraps', () => {
    phoneScreen();
    render([{ id: 1, name: 'Ann Lee', city: 'Springfield' }]);
    const table = screen.getByRole('table', { name: 'People' });
    expect(scrollArea(table)).toBeNull();
    expect(table).not.toHaveStyle({ whiteSpace: 'nowrap' });
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['NAME', 'CITY', '']);
    // The header row stays for screen readers.
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['NAME', 'CITY', '']);
  });

  it('on phones the empty message spans the card', () => {
    phoneScreen();
    render([]);
    const cell = screen.getByText('None.').closest('td');
    expect(cell).not.toHaveAttribute('data-label');
    expect(cell).toHaveAttribute('colspan', '3');
  });
});
