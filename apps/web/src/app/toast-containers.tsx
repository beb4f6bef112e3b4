import { type CloseButtonProps, ToastContainer } from 'react-toastify';
import { collapse, errorContainerId } from '../lib/toasts.ts';
import { shellText } from './shell/text.ts';

/**
 * react-toastify's own close button (its classes and cross), named in the person's language: the
 * library names it 'close' and does not export the button.
 */
function NamedCloseButton({ closeToast, theme, ariaLabel }: CloseButtonProps) {
  return (
    <button
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      type="button"
      aria-label={ariaLabel}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/**
 * SPEC section 9: the shared error handler's toasts and the others, each with its own place and
 * timing. One of a kind shows at a time, a new one in the place of the last (lib/toasts.ts, issue 25).
 * Their region and close buttons are named in the person's language (issue 29).
 */
export function ToastContainers() {
  const t = shellText.useT();
  const closeButton = (props: CloseButtonProps) => <NamedCloseButton {...props} ariaLabel={t('closeNotice')} />;
  return (
    <>
      <ToastContainer
        containerId={errorContainerId}
        position="bottom-left"
        autoClose={3000}
        closeOnClick
        newestOnTop
        aria-label={t('notifications')}
        closeButton={closeButton}
      />
      <ToastContainer
        position="top-right"
        autoClose={5000}
        pauseOnHover
        pauseOnFocusLoss
        draggable
        draggablePercent={80}
        transition={collapse}
        aria-label={t('notifications')}
        closeButton={closeButton}
      />
    </>
  );
}
