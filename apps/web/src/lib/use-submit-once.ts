import { type FormEvent, useCallback, useRef, useState } from 'react';

/**
 * A form's submit that runs once at a time (issue 25): a second click or tap while the first is
 * being saved does nothing, and `busy` keeps Save disabled (Mantine's `loading`) until the save
 * ends, whether it succeeded or failed. The guard is a ref, set in the click's own event, before
 * any validation awaits: a double click can never start two saves. The write itself carries an
 * idempotency key as well (lib/write-keys.ts).
 */
export function useSubmitOnce<E extends FormEvent>(onSubmit: ((event: E) => unknown) | undefined) {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const submit = useCallback(
    async (event: E) => {
      if (inFlight.current) {
        event.preventDefault();
        return;
      }
      inFlight.current = true;
      setBusy(true);
      try {
        await onSubmit?.(event);
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [onSubmit],
  );
  return { submit, busy };
}
