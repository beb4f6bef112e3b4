import type { SeminarStudent } from '@srs/shared/seminars';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PrintTickets } from '../src/features/seminars/components/print-tickets.tsx';
import { AveryLabelsDialog } from '../src/features/students/components/avery-labels-dialog.tsx';
import { setToken } from '../src/lib/session.ts';
import { deferred } from './new-student-support.tsx';
import { jsonResponse, makeToken, schoolAdmin, stubApi, Wrapper } from './support.tsx';

vi.setConfig({ testTimeout: 30_000 });

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
vi.mock('../src/lib/browser.ts', () => import('./mocks/browser.ts'));
const { showHandlerError, showSuccess } = await import('../src/lib/toasts.ts');
const { saveBlob } = await import('../src/lib/browser.ts');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const row = (id: number): SeminarStudent => ({
  enrollment_id: 100 + id,
  registration_number: `S-${id}`,
  status: 'Applied',
  orphaned: false,
  student: { id, first_name: 'Student', last_name: String(id) },
  school: { id: 3, school_code: '101', church_name: 'Central' },
  attendances_count: 0,
  created_at: '2026-11-01T10:00:00.000Z',
});

const pdf = (headers: Record<string, string>) =>
  new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf', ...headers } });

/** The print-tickets tab of seminar 5 with two active students; the PDF answers when the test says. */
function renderTickets(answer: Promise<Response>) {
  setToken(makeToken(schoolAdmin));
  const api = stubApi((call) => {
    if (call.path === '/series/5/students') {
      return jsonResponse({ students: [row(1), row(2)], pagination: { page: 1, per_page: 500, total_count: 2, total_pages: 1 } });
    }
    if (call.path === '/series/5/tickets.pdf') return answer;
    return jsonResponse({ error: 'Not found' }, 404, 'Not Found');
  });
  render(<PrintTickets seminarId={5} />, { wrapper: Wrapper });
  return api;
}

describe('a ticket PDF being made', () => {
  it('says so beside a disabled button until it is saved; a second press asks for nothing more', async () => {
    const answer = deferred<Response>();
    const api = renderTickets(answer.promise);
    const print = await screen.findByRole('button', { name: 'Print 2 tickets (1 page)' });
    expect(screen.getByRole('status')).toHaveTextContent('');

    fireEvent.click(print);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Making the PDF of 2 tickets…'));
    expect(print).toBeDisabled();
    fireEvent.click(print);
    expect(api.callsTo('GET', '/series/5/tickets.pdf')).toHaveLength(1);

    answer.resolve(pdf({ 'x-ticket-count': '2' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('2 tickets saved as a PDF.'));
    expect(saveBlob).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(print).toBeEnabled();
  });

  it('shows a failure through the shared handler and gives the button back', async () => {
    const answer = deferred<Response>();
    renderTickets(answer.promise);
    const print = await screen.findByRole('button', { name: 'Print 2 tickets (1 page)' });
    fireEvent.click(print);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Making the PDF'));
    answer.resolve(jsonResponse({ error: 'Internal Server Error' }, 500, 'Internal Server Error'));
    await waitFor(() => expect(showHandlerError).toHaveBeenCalledWith('Something went wrong.'));
    await waitFor(() => expect(print).toBeEnabled());
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(saveBlob).not.toHaveBeenCalled();
    expect(showSuccess).not.toHaveBeenCalled();
  });

  it('shows a file cut off on its way, which no handler saw, and gives the button back', async () => {
    const broken = pdf({ 'x-ticket-count': '2' });
    vi.spyOn(broken, 'blob').mockRejectedValue(new TypeError('network error'));
    renderTickets(Promise.resolve(broken));
    const print = await screen.findByRole('button', { name: 'Print 2 tickets (1 page)' });
    fireEvent.click(print);
    await waitFor(() => expect(showHandlerError).toHaveBeenCalledWith('Something went wrong.'));
    await waitFor(() => expect(print).toBeEnabled());
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});

describe('a labels PDF being made', () => {
  it('says so in the dialog while the labels download', async () => {
    setToken(makeToken(schoolAdmin));
    const answer = deferred<Response>();
    stubApi((call) =>
      call.path === '/students/avery_labels'
        ? answer.promise
        : jsonResponse({ id: 7, avery_label_printed_at: '2026-11-28T10:00:00.000Z' }),
    );
    render(
      <AveryLabelsDialog opened onClose={vi.fn()} selectedIds={[]} filter={{ section: 'all' }} filterCount={1} />,
      { wrapper: Wrapper },
    );
    const download = await screen.findByRole('button', { name: 'Download labels' });
    fireEvent.click(download);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Making the PDF…'));
    expect(download).toBeDisabled();
    answer.resolve(pdf({ 'x-student-ids': '7' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('1 label printed.'));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
