import { deletedRecordOf } from '@srs/shared/deleted-records';
import { showHandlerError } from './toasts.ts';
import { endsSession, HttpError } from './http-errors.ts';

/**
 * A page's read of its own record (a student, an enrollment): errors go the shared handler's way
 * (SPEC section 8: a 404 is 'Something went wrong.'), but for a deleted record's 404, which the
 * page tells in its place: 'This student was deleted on … by …' (issue 25). A toast 'Something went
 * wrong.' beside that panel said the opposite of it.
 */
export async function readRecord<T>(read: (quiet: { toastErrors: false }) => Promise<T>): Promise<T> {
  try {
    return await read({ toastErrors: false });
  } catch (error) {
    if (error instanceof HttpError && !deletedRecordOf(error.body) && !endsSession(error.status, error.body)) {
      showHandlerError(error.handlerText);
    }
    throw error;
  }
}
