import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
export { useOnline } from './use-online.ts';
import { subscribeWaiting, type WaitingWrite, waitingWrites } from './waiting-store.ts';
import { type LessonsWaiting, lessonsWaiting } from './written.ts';

/** The writes kept on the phone, in the order they go. */
export function useWaitingWrites(): readonly WaitingWrite[] {
  return useSyncExternalStore(subscribeWaiting, waitingWrites, waitingWrites);
}

/** The lessons of the enrollment whose sending or return waits on the phone. */
export function useLessonsWaiting(enrollmentId: number): LessonsWaiting {
  const writes = useWaitingWrites();
  return useMemo(() => lessonsWaiting(writes, enrollmentId), [writes, enrollmentId]);
}

/**
 * When what the page shows was read from the server: the oldest answer among the page's reads
 * (what "Saved on this phone 2 hours ago" says), looked at again every minute; null when the page
 * shows nothing read.
 */
export function useShownSince(): number | null {
  const client = useQueryClient();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    const stop = client.getQueryCache().subscribe(() => setNow(Date.now()));
    return () => {
      clearInterval(timer);
      stop();
    };
  }, [client]);
  void now;
  const times = client
    .getQueryCache()
    .findAll({ type: 'active' })
    .filter((query) => query.state.status === 'success' && query.state.dataUpdatedAt > 0)
    .map((query) => query.state.dataUpdatedAt);
  return times.length > 0 ? Math.min(...times) : null;
}
