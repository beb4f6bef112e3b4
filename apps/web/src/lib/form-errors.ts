import { messages } from '@srs/shared/messages';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { sharedText } from '../i18n/shared.ts';
import { fieldErrorsOf, HttpError } from './http-errors.ts';

/**
 * A failed save of a form (SPEC section 8): a 422's messages go to the fields the form shows, which
 * keep what was typed. Returns the text to show above the form when no field took the error, else null.
 */
export function showSaveError<V extends FieldValues>(
  form: Pick<UseFormReturn<V>, 'setError'>,
  error: unknown,
  fields: readonly Path<V>[],
): string | null {
  const fieldErrors: Partial<Record<string, string>> = error instanceof HttpError ? fieldErrorsOf(error.body, fields) : {};
  const entries = Object.entries(fieldErrors);
  for (const [field, message] of entries) form.setError(field as Path<V>, { message });
  if (entries.length > 0) return null;
  return error instanceof Error ? error.message : sharedText(messages.somethingWentWrong);
}
