import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VersionChange } from '@srs/shared/versions';
import { describe, expect, it, vi } from 'vitest';
import { VersionChanges } from '../src/features/versions/components/version-changes.tsx';
import { changedAt, changedBy, changedFields, changeTitle } from '../src/features/versions/format.ts';
import { versionFiltersOf, withVersionFilter } from '../src/features/versions/version-filters.ts';
import { Wrapper } from './support.tsx';

describe('the filters of /versions, kept in the URL', () => {
  it('keep what a person could have chosen and leave out the rest', () => {
    const params = new URLSearchParams(
      'item_type=Student&item_id=12&whodunnit=0&event=destroy&from=2026-02-30&to=2026-03-01&page=2',
    );
    expect(versionFiltersOf(params)).toEqual({ item_type: 'Student', item_id: '12', event: 'destroy', to: '2026-03-01' });
    expect(versionFiltersOf(new URLSearchParams('event=explode&item_type=1;drop'))).toEqual({});
  });

  it('go back to the first page when one changes, and a record goes with its kind', () => {
    const params = new URLSearchParams('item_type=Student&item_id=12&page=3&after=abc');
    const next = withVersionFilter(params, 'event', 'update');
    expect(next.toString()).toBe('item_type=Student&item_id=12&event=update');
    expect(withVersionFilter(next, 'item_type', null).toString()).toBe('event=update');
  });
});

describe('a change in words', () => {
  const version = { event: 'destroy' as const, item_type_label: 'Student', record: 'Ann Lee', fields: [], user: null };
  it('says what happened to which record, by whom and when', () => {
    expect(changeTitle(version)).toBe('Deleted student Ann Lee');
    expect(changedBy(version)).toBe('A deleted user');
    expect(changedBy({ user: { id: 1, first_name: 'Sam', last_name: 'Ray' } })).toBe('Sam Ray');
    expect(changedAt(new Date(2026, 2, 4, 9, 5).toISOString())).toBe('03/04/2026 09:05');
    expect(changedFields({ event: 'update', fields: ['City', 'Phone'] })).toBe('City, Phone');
    expect(changedFields(version)).toBe('-');
  });
});

describe('the fields of one change', () => {
  const changes: VersionChange[] = [
    { field: 'city', label: 'City', before: 'Ames', after: 'Boone', revertible: true },
    { field: 'phone', label: 'Phone', before: '-', after: '555', revertible: true },
    { field: 'schoolId', label: 'School', before: 'Alpha (A1)', after: 'Beta (B2)', revertible: false },
  ];

  it('set back only the fields a person ticks, together', async () => {
    const onRevert = vi.fn();
    render(<VersionChanges changes={changes} onRevert={onRevert} />, { wrapper: Wrapper });
    const button = screen.getByRole('button', { name: 'Set chosen fields back' });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('checkbox', { name: 'Set School back' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Set City back' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Set Phone back' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Set Phone back' }));
    await userEvent.click(button);
    expect(onRevert).toHaveBeenCalledWith(['city']);
    expect(screen.getByRole('cell', { name: 'Alpha (A1)' })).toBeInTheDocument();
  });

  it('offer nothing to set back where nothing can be', () => {
    render(<VersionChanges changes={changes} />, { wrapper: Wrapper });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
