import { ToastContainer } from 'react-toastify';
import { collapse, errorContainerId } from '../lib/toasts.ts';

/**
 * SPEC section 9: the shared error handler's toasts and the others, each with its own timing. The
 * others show at the top in the middle, under the header (global.css): in SPEC's top-right corner
 * they covered the page's own actions ('Add to student', 'Export Excel') for five seconds (issue 25).
 */
export function ToastContainers() {
  return (
    <>
      <ToastContainer containerId={errorContainerId} position="bottom-left" autoClose={3000} closeOnClick newestOnTop />
      <ToastContainer
        position="top-center"
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
