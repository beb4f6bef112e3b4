import { onlineManager, QueryClient } from '@tanstack/react-query';

/** Errors are already shown by the shared handler: a retry would only show them again. */
export const queryClient = new QueryClient({
  defaultOptions: {
    // A day in memory: a page opened this morning is still there when the signal goes (issue 30).
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, gcTime: 24 * 60 * 60 * 1000 },
    // A write runs without a signal too: the enrollment's records are then kept on the phone to be
    // sent later (lib/offline), any other write is refused at once and its form keeps what was typed,
    // rather than waiting paused with its Save spinning.
    mutations: { retry: false, networkMode: 'always' },
  },
});

// React Query takes the browser as online until an 'offline' event says otherwise: an app opened
// without a signal starts as the browser says it is (issue 30), so that its pages show what the
// phone keeps instead of failing to reach the server.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
