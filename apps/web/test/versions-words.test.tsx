import type { VersionDetail, VersionSummary } from '@srs/shared/versions';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { VersionsTable } from '../src/features/versions/components/versions-table.tsx';
import { changeTitle, namesItsKind } from '../src/features/versions/format.ts';
import { setToken } from '../src/lib/session.ts';
import * as versionDetail from '../src/routes/version-detail.tsx';
import { makeToken, mockJsonApi, renderWithAppClient, resetAfterEach, Wrapper } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

resetAfterEach();

/** A note's change as the server words it (issue 25): the record by its student and enrollment. */
const note: VersionSummary = {
  id: 41,
  item_type: 'Note',
  item_type_label: 'Note',
  item_id: 431,
  event: 'create',
  created_at: '2026-11-02T15:04:00.000Z',
  user: { id: 4, first_name: 'Sam', last_name: 'Ray' },
  record: "Note on Ann Smith's Discover enrollment",
  fields: [],
};

describe('a change names its record as a person would (issue 25)', () => {
  it('says the kind of record once, whether its name says it or not', () => {
    expect(namesItsKind(note)).toBe(true);
    expect(changeTitle(note)).toBe("Created note on Ann Smith's Discover enrollment");
    expect(changeTitle({ event: 'destroy', item_type_label: 'Enrollment', record: "Ann Smith's Discover enrollment" })).toBe(
      "Deleted Ann Smith's Discover enrollment",
    );
    expect(changeTitle({ event: 'update', item_type_label: 'Student', record: 'Ann Smith' })).toBe('Updated student Ann Smith');
    expect(changeTitle({ event: 'update', item_type_label: 'Lesson', record: "Lesson on Ann Smith's Discover enrollment" })).toBe(
      "Updated lesson on Ann Smith's Discover enrollment",
    );
  });

  it('lists the change with the student named and who made it, no number', () => {
    render(
      <MemoryRouter>
        <VersionsTable versions={[note]} loading={false} />
      </MemoryRouter>,
      { wrapper: Wrapper },
    );
    const table = screen.getByRole('table', { name: 'Changes' });
    expect(within(table).getByText("Note on Ann Smith's Discover enrollment")).toBeInTheDocument();
    expect(within(table).getByText('Sam Ray')).toBeInTheDocument();
    expect(table.textContent).not.toMatch(/#\d|Created by \d/);
  });

  it("opens the change's page with its record in words and each field named, nothing internal", async () => {
    const detail: VersionDetail = {
      ...note,
      changes: [
        { field: 'text', label: 'Text', before: '-', after: 'Asked for a Bible', revertible: false },
        { field: 'authorId', label: 'Author', before: '-', after: 'Sam Ray', revertible: false },
        { field: 'visitId', label: 'Visit', before: '-', after: 'Visit on 11/02/2026', revertible: false },
      ],
      record_path: null,
      removed_with: null,
      import_undo: null,
      can_restore: false,
    };
    setToken(makeToken());
    mockJsonApi({ 'GET /versions/41': () => detail });
    const router = createMemoryRouter(
      [{ path: '/versions/:versionId', loader: versionDetail.loader, Component: versionDetail.Component, hydrateFallbackElement: <p>Loading</p> }],
      { initialEntries: ['/versions/41'] },
    );
    renderWithAppClient(router);
    expect(await screen.findByRole('heading', { name: "Created note on Ann Smith's Discover enrollment" })).toBeInTheDocument();
    expect(screen.getByText("Record: Note on Ann Smith's Discover enrollment")).toBeInTheDocument();
    expect(screen.getByText(/^By Sam Ray on /)).toBeInTheDocument();
    expect(screen.getAllByText('Sam Ray').length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toMatch(/Note: Note|#431|Request key|if_address_valid/);
  });
});
