import { render, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable } from '../src/components/data-table.tsx';
import { Wrapper } from './support.tsx';

afterEach(() => onlineManager.setOnline(true));

const table = (failedMessage?: string) => (
  <DataTable<{ id: number }>
    label="Report"
    columns={[{ key: 'id', header: 'Id', render: (row) => row.id }]}
    rows={undefined}
    rowKey={(row) => row.id}
    emptyMessage="No rows"
    failedMessage={failedMessage}
  />
);

describe('a list whose rows did not come (issue 30)', () => {
  it("says 'Failed to load content' online, or the server's words", () => {
    const { unmount } = render(table(), { wrapper: Wrapper });
    expect(screen.getByText('Failed to load content')).toBeInTheDocument();
    unmount();
    render(table('You are not authorized to access this page.'), { wrapper: Wrapper });
    expect(screen.getByText('You are not authorized to access this page.')).toBeInTheDocument();
  });

  it('says without a signal that this phone did not keep it, not that it failed', () => {
    onlineManager.setOnline(false);
    render(table('You are not authorized to access this page.'), { wrapper: Wrapper });
    expect(screen.getByText('This list is not saved on this phone. It shows when the phone is back online.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load content')).toBeNull();
  });
});
