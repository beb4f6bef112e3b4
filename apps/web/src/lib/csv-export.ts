import { messages } from '@srs/shared/messages';
import { saveBlob } from './browser.ts';
import { todayIso } from './dates.ts';
import { type QueryParams, send } from './http.ts';
import { showError } from './toasts.ts';

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
    response = await send('GET', path, { query });
  } catch {
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
