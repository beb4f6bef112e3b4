import { ToastContainer } from 'react-toastify';
import { collapse, errorContainerId } from '../lib/toasts.ts';

/**
 * SPEC section 9: the shared error handler's toasts and the others, each with its own place and
 * timing. One of a kind shows at a time, a new one in the place of the last (lib/toasts.ts, issue 25).
 */
export function ToastContainers() {
  return (
    <>
      <ToastContainer containerId={errorContainerId} position="bottom-left" autoClose={3000} closeOnClick newestOnTop />
      <ToastContainer
        position="top-right"
        autoClose={5000}
        pauseOnHover
        pauseOnFocusLoss
        draggable
        draggablePercent={80}
        transition={collapse}
      />
    </>
  );
}
