import { QueryClient } from '@tanstack/react-query';

/** Errors are already shown by the shared handler: a retry would only show them again. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
