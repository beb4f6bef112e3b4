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

/** A toast of the shared error handler. One toast per message at a time. */
export function showHandlerError(message: string) {
  toast.error(message, { containerId: errorContainerId, toastId: `handler:${message}` });
}

export function showError(message: string, options?: ToastOptions) {
  toast.error(message, options);
}

/**
 * A success toast. One per message at a time: three boxes ticked in a row show one 'Updated
 * successfully.', not a stack covering the top of a phone's screen.
 */
export function showSuccess(message: string, options?: ToastOptions) {
  toast.success(message, { toastId: `success:${message}`, ...options });
}
