import { onlineManager } from '@tanstack/react-query';

/**
 * A route loader's read that its page waits for, online. Without a signal React Query holds a read
 * until the signal comes back, and the navigation would hang on it: offline the page is drawn at
 * once instead, from what the phone keeps, or saying it is not kept (components/page-loader.tsx).
 */
export async function loadFirst(read: () => Promise<unknown>): Promise<void> {
  if (onlineManager.isOnline()) {
    await read();
    return;
  }
  void read().catch(() => undefined);
}
