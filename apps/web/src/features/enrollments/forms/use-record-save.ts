import type { EnrollmentUpdateInput } from '@srs/shared/enrollments';
import { sharedText } from '../../../i18n/shared.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import { showSaved } from '../../../lib/offline/kept-for-later.ts';
import { useUpdateChosenEnrollment } from '../api.ts';

/**
 * Saves a record form: success shows its SPEC section 8 toast (packages/shared's English, said in
 * the language of the moment) and closes the form; a failed save is already shown by the shared
 * handler, and the form keeps everything the user typed.
 */
export function useRecordSave(successMessage: string, onDone: () => void) {
  const mutation = useUpdateChosenEnrollment();
  const save = async (id: number, body: EnrollmentUpdateInput) => {
    let answer: unknown;
    try {
      answer = await mutation.mutateAsync({ id, body });
    } catch (error) {
      if (error instanceof HttpError) return;
      throw error;
    }
    showSaved(answer, sharedText(successMessage));
    onDone();
  };
  return { save, saving: mutation.isPending };
}
