import { messages } from '@srs/shared/messages';
import { useSharedText } from '../i18n/shared.ts';
import { useOnline } from '../lib/offline/use-online.ts';
import { componentsText } from './text.ts';

/**
 * What a list says when its records did not come: online, `failed` or SPEC section 8's 'Failed to
 * load content'; without a signal, that this phone did not keep it (issue 30), which is what
 * happened (a read the phone did not keep waits for the signal, it did not fail).
 */
export function useNotLoadedText(): (failed?: string) => string {
  const shared = useSharedText();
  const t = componentsText.useT();
  const online = useOnline();
  return (failed) => (online ? (failed ?? shared(messages.failedToLoadContent)) : t('listNotOnPhone'));
}
