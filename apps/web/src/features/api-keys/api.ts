import { apiKeyEndpoints } from '@srs/shared/endpoints/api-keys';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/http.ts';

const apiKeysKey = ['api_keys'] as const;

/** Every key; with interest tracking off the server answers 404 and the page is not found. */
export const apiKeysQuery = queryOptions({ queryKey: apiKeysKey, queryFn: () => call(apiKeyEndpoints.list) });

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(apiKeyEndpoints.create, { body: { name }, toastErrors: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(apiKeyEndpoints.revoke, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
