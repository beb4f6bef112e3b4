import { privacyEndpoints } from '@srs/shared/endpoints/privacy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '../../lib/browser.ts';
import { todayIso } from '../../lib/dates.ts';
import { call, send } from '../../lib/http.ts';
import { studentKeys, versionKeys } from '../../lib/query-keys.ts';
import { attachmentName } from './api.ts';

/**
 * Privacy (issue 12): a student's personal data as a file, and its erasure. Global admins only;
 * the server answers 403 to anyone else.
 */

export type PersonalDataFormat = 'json' | 'pdf';

/**
 * GET /students/{id}/personal_data(.pdf): saved under the server's file name. False when it failed
 * (the shared handler has said why).
 */
export async function downloadPersonalData(studentId: number, format: PersonalDataFormat): Promise<boolean> {
  const path = `/students/${studentId}/personal_data${format === 'pdf' ? '.pdf' : ''}`;
  let response: Response;
  try {
    response = await send('GET', path);
  } catch {
    return false;
  }
  const fallback = `student-${studentId}-personal-data-${todayIso()}.${format}`;
  saveBlob(await response.blob(), attachmentName(response.headers.get('content-disposition'), fallback));
  return true;
}

/** POST /students/{id}/erase; the student's page then shows what is left, and its history the erasure. */
export function useEraseStudent(studentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(privacyEndpoints.erase, { params: { id: studentId } }),
    // Not awaited: the dialog closes and says so at once, while the page loads what is left.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: studentKeys.all });
      void client.invalidateQueries({ queryKey: versionKeys.all });
    },
  });
}
