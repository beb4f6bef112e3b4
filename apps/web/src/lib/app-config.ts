import type { AppConfig } from '@srs/shared/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './http.ts';

/** SPEC section 9: minimum search length 2, configurable by the server. */
export const defaultMinSearchLength = 2;

export const appConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => http.get<AppConfig>('/config'),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useAppConfig(): AppConfig | undefined {
  return useQuery(appConfigQuery).data;
}

export function useMinSearchLength(): number {
  return useAppConfig()?.min_search_length ?? defaultMinSearchLength;
}
