import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastContainers } from '../src/app/toast-containers.tsx';
import { sizeText } from '../src/components/export-progress.tsx';
import { PageHeader } from '../src/components/page-header.tsx';
import { useExports } from '../src/components/use-exports.ts';
import { Wrapper } from './support.tsx';

vi.mock('../src/lib/browser.ts', () => import('./mocks/browser.ts'));
const { saveBlob } = await import('../src/lib/browser.ts');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function StudentsHeader() {
  return <PageHeader title="Students" actions={useExports('/students', { section: 'all' }, 'students')} />;
}

describe("a list's exports", () => {
  it('offer CSV and Excel; a long one says how far it has come and can be cancelled', async () => {
    let signal: AbortSignal | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(2_500_000));
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation((_url: string, init: RequestInit) => {
        signal = init.signal ?? undefined;
        return Promise.resolve(new Response(body, { headers: { 'content-type': 'application/octet-stream' } }));
      }),
    );
    render(
      <>
        <StudentsHeader />
        <ToastContainers />
      </>,
      { wrapper: Wrapper },
    );
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/students.xlsx?section=all');
    // What has arrived is told (the reading has begun), then the download is cancelled.
    expect(await screen.findByText('Exporting students (Excel): 2.5 MB so far')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(signal?.aborted).toBe(true);
    // The notice goes (its exit animation never ends in jsdom: the toast is no longer active).
    await waitFor(() => expect(toast.isActive('export:students.xlsx')).toBe(false));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export Excel' })).not.toHaveAttribute('data-loading'));
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it('tell sizes in words a person reads', () => {
    expect(sizeText(830_000)).toBe('830 kB');
    expect(sizeText(2_450_000)).toBe('2.5 MB');
  });
});
