import { messages } from '@srs/shared/messages';
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

/** '{label}-{date}.csv' (SPEC section 7). */
export function csvFileName(label: string, now?: Date): string {
  return `${label}-${todayIso(now)}.csv`;
}

/**
 * Downloads a CSV export with the Authorization header. A failed export answers
 * `{ success: false, error }`: that error is shown as a toast.
 */
export async function downloadCsv(path: string, query: QueryParams, label: string): Promise<boolean> {
  let response: Response;
  try {
    response = await send('GET', path, { query, toastErrors: false });
  } catch (error) {
    showExportError(error);
    return false;
  }
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    const body = (await response.json().catch(() => null)) as { success?: boolean; error?: string } | null;
    showError(body?.error || messages.somethingWentWrong);
    return false;
  }
  saveBlob(await response.blob(), csvFileName(label));
  return true;
}
