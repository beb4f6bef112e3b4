import { cssTransition, type ToastOptions, toast } from 'react-toastify';

/** The container of the shared error handler (SPEC section 9: bottom-left, 3000 ms, closed by a click). */
export const errorContainerId = 'shared-errors';

/** The collapse animation of the other toasts: 300 ms (SPEC section 9). */
export const collapse = cssTransition({
  enter: 'Toastify--animate Toastify__bounce-enter',
  exit: 'Toastify--animate Toastify__bounce-exit',
  appendPosition: true,
  collapseDuration: 300,
});

type Kind = 'handler' | 'error' | 'success';

/**
 * One notice of a kind at a time (issue 25): a new one takes the place of the one showing, with
 * its time to close started again, instead of stacking below it. Three lessons sent in a row show
 * one 'Updated successfully.', not a column of boxes over the next row's Send button.
 */
function notice(kind: Kind, message: string, options: ToastOptions = {}) {
  const type = kind === 'success' ? 'success' : 'error';
  const toastId = `notice:${kind}`;
  const containerId = kind === 'handler' ? errorContainerId : undefined;
  if (toast.isActive(toastId, containerId)) toast.update(toastId, { ...options, render: message, type, containerId });
  else toast(message, { ...options, type, toastId, containerId });
}

/** A toast of the shared error handler (SPEC section 9), one at a time. */
export function showHandlerError(message: string) {
  notice('handler', message);
}

export function showError(message: string, options?: ToastOptions) {
  notice('error', message, options);
}

/** A success toast, one at a time. */
export function showSuccess(message: string, options?: ToastOptions) {
  notice('success', message, options);
}
