import type { AppConfig } from '@srs/shared/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { configEndpoints } from '@srs/shared/endpoints/config';
import { call } from './http.ts';
import { configKeys } from './query-keys.ts';

/** SPEC section 9: minimum search length 2, configurable by the server. */
export const defaultMinSearchLength = 2;

export const appConfigQuery = queryOptions({
  queryKey: configKeys.config(),
  queryFn: () => call(configEndpoints.config),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useAppConfig(): AppConfig | undefined {
  return useQuery(appConfigQuery).data;
}

export function useMinSearchLength(): number {
  return useAppConfig()?.min_search_length ?? defaultMinSearchLength;
}
