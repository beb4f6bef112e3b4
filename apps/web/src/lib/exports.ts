import type { ExportFormat } from '@srs/shared/exports';
import { messages } from '@srs/shared/messages';
import { sharedText } from '../i18n/shared.ts';
import { saveBlob } from './browser.ts';
import { todayIso } from './dates.ts';
import { type QueryParams, send } from './http.ts';
import { endsSession, HttpError } from './http-errors.ts';
import { showError, showHandlerError } from './toasts.ts';


/** `{ success: false, error }` shows its error; any other failure goes the shared handler's way. */
function showExportError(error: unknown) {
  if (!(error instanceof HttpError) || endsSession(error.status, error.body)) return;
  const body = error.body as { success?: unknown; error?: unknown } | null;
  if (body && body.success === false && typeof body.error === 'string' && body.error) showError(body.error);
  else showHandlerError(error.handlerText);
}

/** '{label}-{date}.csv' or '.xlsx' (SPEC section 7). */
export function exportFileName(label: string, format: ExportFormat = 'csv', now?: Date): string {
  return `${label}-${todayIso(now)}.${format}`;
}

type DownloadOptions = {
  /** Cancels the download: nothing is saved and nothing is said. */
  signal?: AbortSignal;
  /** The bytes received so far, as they arrive. */
  onProgress?: (bytes: number) => void;
};

const aborted = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** The body, read piece by piece so that a long export tells how far it has come; a cancel stops it. */
async function readBody(response: Response, { onProgress, signal }: DownloadOptions): Promise<Blob> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || !onProgress) return response.blob();
  const reader = response.body.getReader();
  // A cancel that came while the answer was on its way has already fired: it stops the reading now.
  if (signal?.aborted) void reader.cancel();
  else signal?.addEventListener('abort', () => void reader.cancel(), { once: true });
  const parts: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  if (signal?.aborted) throw new DOMException('The export was cancelled', 'AbortError');
  return new Blob(parts as BlobPart[], { type });
}

/**
 * Downloads an export (`path` is '/students.csv', '/students.xlsx'…) with the Authorization
 * header. A failed export answers `{ success: false, error }`: that error is shown as a toast.
 */
export async function downloadExport(
  path: string,
  query: QueryParams,
  label: string,
  format: ExportFormat = 'csv',
  options: DownloadOptions = {},
): Promise<boolean> {
  let response: Response;
  let blob: Blob;
  try {
    response = await send('GET', path, { query, toastErrors: false, signal: options.signal });
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      const body = (await response.json().catch(() => null)) as { success?: boolean; error?: string } | null;
      showError(body?.error || sharedText(messages.somethingWentWrong));
      return false;
    }
    blob = await readBody(response, options);
  } catch (error) {
    if (!aborted(error)) showExportError(error);
    return false;
  }
  saveBlob(blob, exportFileName(label, format));
  return true;
}
