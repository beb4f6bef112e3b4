import { messages } from '@srs/shared/messages';
import { useCallback, useRef, useState } from 'react';
import { sharedText } from '../i18n/shared.ts';
import { HttpError } from '../lib/http-errors.ts';
import { showHandlerError } from '../lib/toasts.ts';

/**
 * One PDF made at a time (tickets, labels): `making` while the download runs, for its button
 * (loading, so disabled) and its PdfProgress notice; a second press meanwhile does nothing. Back
 * to idle whatever happens: a refusal has been shown by the shared handler, any other failure
 * (the file cut off on its way) is shown here the same way.
 */
export function usePdfMaking() {
  const [making, setMaking] = useState(false);
  const running = useRef(false);
  const make = useCallback(async <T>(download: () => Promise<T>): Promise<T | null> => {
    if (running.current) return null;
    running.current = true;
    setMaking(true);
    try {
      return await download();
    } catch (error) {
      if (!(error instanceof HttpError)) showHandlerError(sharedText(messages.somethingWentWrong));
      return null;
    } finally {
      running.current = false;
      setMaking(false);
    }
  }, []);
  return { making, make };
}
