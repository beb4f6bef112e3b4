import { showHandlerError } from './toasts.ts';
import { endsSession, HttpError } from './http-errors.ts';

/**
 * A page's read of its own record (a student, an enrollment): errors go the shared handler's way,
 * but for a 404, which the page itself tells in its place: 'This student was deleted on … by …'
 * (issue 25) or SPEC section 2's 'Error Loading Content'. A toast 'Something went wrong.' beside
 * either said the opposite of the panel.
 */
export async function readRecord<T>(read: (quiet: { toastErrors: false }) => Promise<T>): Promise<T> {
  try {
    return await read({ toastErrors: false });
  } catch (error) {
    if (error instanceof HttpError && error.status !== 404 && !endsSession(error.status, error.body)) {
      showHandlerError(error.handlerText);
    }
    throw error;
  }
}
