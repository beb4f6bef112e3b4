import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** False while the phone says it has no connection (the browser's online and offline events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}
