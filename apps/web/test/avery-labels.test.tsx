import type { StudentListResponse } from '@srs/shared/students';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AveryLabelsDialog } from '../src/features/students/components/avery-labels-dialog.tsx';
import { setToken } from '../src/lib/session.ts';
import * as studentsList from '../src/routes/students-list.tsx';
import { type Call, makeStudent, mockApi } from './student-fixtures.ts';
import { jsonResponse, makeToken, renderRoutes, schoolAdmin, Wrapper } from './support.tsx';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
vi.mock('../src/lib/browser.ts', () => import('./mocks/browser.ts'));
const { showHandlerError, showSuccess } = await import('../src/lib/toasts.ts');
const { saveBlob } = await import('../src/lib/browser.ts');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function pdf(ids: number[]) {
  return new Response('%PDF-1.7 labels', {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="avery-labels-2026-03-07.pdf"',
      'x-student-ids': ids.join(','),
      'x-label-count': String(ids.length),
    },
  });
}

const printed = (id: number) => () => jsonResponse({ id, avery_label_printed_at: '2026-03-07T10:00:00.000Z' });

function renderDialog(props: Partial<Parameters<typeof AveryLabelsDialog>[0]> = {}) {
  const onClose = vi.fn();
  render(
    <AveryLabelsDialog
      opened
      onClose={onClose}
      selectedIds={[]}
      filter={{ section: 'all', sortBy: 'name', orderBy: 'asc' }}
      filterCount={40}
      {...props}
    />,
    { wrapper: Wrapper },
  );
  return { onClose };
}

const labelsQuery = (calls: Call[]) => calls.find((c) => c.path === '/students/avery_labels')?.search;

describe("'Print mailing labels' dialog", () => {
  it('prints the selected students from the chosen label, then records each print', async () => {
    const api = mockApi({
      'GET /students/avery_labels': () => pdf([7, 5]),
      'PUT /students/5/update_avery_labels': printed(5),
      'PUT /students/7/update_avery_labels': printed(7),
    });
    const { onClose } = renderDialog({ selectedIds: [5, 7, 9] });
    expect(screen.getByRole('dialog', { name: 'Print mailing labels' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'The 3 selected students' })).toBeChecked();
    expect(screen.getByText(/mailing option is 'Never'.*'If the address is valid'/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Label 5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download labels' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(labelsQuery(api.calls)?.toString()).toBe('ids%5B%5D=5&ids%5B%5D=7&ids%5B%5D=9&start_position=5');
    expect(saveBlob).toHaveBeenCalledWith(expect.anything(), 'avery-labels-2026-03-07.pdf');
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([
      '/students/7/update_avery_labels',
      '/students/5/update_avery_labels',
    ]);
    // Student 9 got no label: the server left it out (not on the mailing list).
    expect(showSuccess).toHaveBeenCalledWith('2 labels for 3 students: 1 is not on the mailing list.');
  });

  it('says how many students got no label because they are not on the mailing list', async () => {
    const selected = Array.from({ length: 50 }, (_, index) => index + 1);
    const labelled = selected.filter((id) => ![4, 17, 33].includes(id));
    const handlers: Record<string, () => Response> = {};
    for (const id of labelled) handlers[`PUT /students/${id}/update_avery_labels`] = printed(id);
    mockApi({ 'GET /students/avery_labels': () => pdf(labelled), ...handlers });
    renderDialog({ selectedIds: selected });
    fireEvent.click(screen.getByRole('button', { name: 'Download labels' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('47 labels for 50 students: 3 are not on the mailing list.'),
    );
  });

  it('without a selection prints every student of the current filter', async () => {
    const api = mockApi({
      'GET /students/avery_labels': () => pdf([3]),
      'PUT /students/3/update_avery_labels': printed(3),
    });
    const filter = { full_name_i_cont_all: ['ann', 'lee'], section: 'mine', school_id_eq: '3', sortBy: 'name' };
    renderDialog({ filter: { ...filter, orderBy: 'desc' } });
    expect(screen.getByRole('radio', { name: 'The 0 selected students' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'All 40 students of the current filter' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Download labels' }));

    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('1 label for 40 students: 39 are not on the mailing list.'),
    );
    const query = labelsQuery(api.calls);
    expect(query?.getAll('full_name_i_cont_all[]')).toEqual(['ann', 'lee']);
    expect(Object.fromEntries([...(query?.entries() ?? [])].filter(([key]) => !key.endsWith('[]')))).toEqual({
      section: 'mine',
      school_id_eq: '3',
      sortBy: 'name',
      orderBy: 'desc',
      start_position: '1',
    });
    expect(query?.has('ids[]')).toBe(false);
  });

  it('records the prints at most 6 at a time', async () => {
    const ids = Array.from({ length: 14 }, (_, index) => index + 1);
    let open = 0;
    let most = 0;
    const handlers: Record<string, () => Promise<Response>> = {};
    for (const id of ids) {
      handlers[`PUT /students/${id}/update_avery_labels`] = async () => {
        open += 1;
        most = Math.max(most, open);
        await new Promise((resolve) => setTimeout(resolve, 10));
        open -= 1;
        return printed(id)();
      };
    }
    const api = mockApi({ 'GET /students/avery_labels': () => pdf(ids), ...handlers });
    renderDialog({ selectedIds: ids });
    fireEvent.click(screen.getByRole('button', { name: 'Download labels' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('14 labels printed.'));
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(14);
    expect(most).toBe(6);
  });

  it('shows a refusal through the shared handler and stays open', async () => {
    const api = mockApi({
      'GET /students/avery_labels': () => jsonResponse('None of the chosen students can receive mail.', 422),
    });
    const { onClose } = renderDialog({ selectedIds: [5] });
    fireEvent.click(screen.getByRole('button', { name: 'Download labels' }));
    await waitFor(() =>
      expect(showHandlerError).toHaveBeenCalledWith('None of the chosen students can receive mail.'),
    );
    expect(saveBlob).not.toHaveBeenCalled();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    expect(showSuccess).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Print mailing labels' })).toBeInTheDocument();
  });

  it('pictures an Avery 5160 sheet: 30 labels, those before the first free one used', () => {
    mockApi({});
    renderDialog();
    const sheet = screen.getByRole('group', { name: 'First label to print on' });
    const labels = within(sheet).getAllByRole('button');
    expect(labels.map((label) => label.textContent)).toEqual(Array.from({ length: 30 }, (_, i) => String(i + 1)));
    expect(within(sheet).getByRole('button', { name: 'Label 1' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Label 12' }));
    expect(within(sheet).getByRole('button', { name: 'Label 12' })).toHaveAttribute('aria-pressed', 'true');
    expect(labels.filter((label) => label.hasAttribute('data-used'))).toHaveLength(11);
    expect(screen.getByText(/printing starts at label 12 \(row 4, column 3\)/)).toBeInTheDocument();
  });
});

describe('Labels on the student list', () => {
  const list: StudentListResponse = {
    students: [makeStudent(1), makeStudent(2)],
    pagination: { page: 1, per_page: 25, total_count: 2, total_pages: 1, total_capped: false, next_cursor: null, prev_cursor: null },
  };

  it("the page action prints the list's filter; the selection bar's prints the selection", async () => {
    setToken(makeToken(schoolAdmin));
    const api = mockApi({
      'GET /students': () => jsonResponse(list),
      'GET /students/avery_labels': () => pdf([2]),
      'PUT /students/2/update_avery_labels': printed(2),
    });
    renderRoutes([{ path: '/students', Component: studentsList.Component }], '/students?section=shared&query=first');
    await screen.findByText('First1 Last1');

    fireEvent.click(screen.getByRole('button', { name: 'Labels' }));
    let dialog = await screen.findByRole('dialog', { name: 'Print mailing labels' });
    expect(within(dialog).getByRole('radio', { name: 'All 2 students of the current filter' })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download labels' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledTimes(1));
    const first = labelsQuery(api.calls);
    expect(first?.get('section')).toBe('shared');
    expect(first?.getAll('full_name_i_cont_all[]')).toEqual(['first']);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select First2 Last2' }));
    const bar = screen.getByRole('toolbar', { name: 'Selected students' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Labels' }));
    dialog = await screen.findByRole('dialog', { name: 'Print mailing labels' });
    expect(within(dialog).getByRole('radio', { name: 'The 1 selected student' })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download labels' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledTimes(2));
    const second = api.calls.filter((c) => c.path === '/students/avery_labels')[1]?.search;
    expect(second?.getAll('ids[]')).toEqual(['2']);
  });
});
