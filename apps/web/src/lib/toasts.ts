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

/** How many notices of each kind were opened: the showing one's id ends with its number. */
const shown: Record<Kind, number> = { handler: 0, error: 0, success: 0 };

/**
 * One notice of a kind at a time (issue 25): a new one takes the place of the one showing, with
 * its time to close started again, instead of stacking below it. Three lessons sent in a row show
 * one 'Updated successfully.', not a column of boxes over the next row's Send button.
 */
function notice(kind: Kind, message: string, options: ToastOptions = {}) {
  const type = kind === 'success' ? 'success' : 'error';
  const containerId = kind === 'handler' ? errorContainerId : undefined;
  const showing = `notice:${kind}:${shown[kind]}`;
  if (toast.isActive(showing, containerId)) {
    toast.update(showing, { ...options, render: message, type, containerId });
    return;
  }
  // A closed toast keeps its id until its exit and collapse end (about a second), and a new one
  // under that id would be dropped: each new notice of a kind takes an id of its own.
  shown[kind] += 1;
  toast(message, { ...options, type, toastId: `notice:${kind}:${shown[kind]}`, containerId });
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
