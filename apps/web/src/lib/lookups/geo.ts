import { messages } from '@srs/shared/messages';
import type { CountriesResponse, StatesResponse } from '@srs/shared/geo';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../http.ts';
import { showError } from '../toasts.ts';

export const defaultCountry = 'United States';

/** GET /countries; a failure shows 'Error fetching countries.' (SPEC section 8). */
export const countriesQuery = queryOptions({
  queryKey: ['countries'],
  queryFn: async ({ signal }) => {
    try {
      return await http.get<CountriesResponse>('/countries', { signal, toastErrors: false });
    } catch (error) {
      showError(messages.errorFetchingCountries);
      throw error;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
});

/** GET /states?country_name=…; a failure shows 'Error fetching states.' (SPEC section 8). */
export const statesQuery = (countryName: string) =>
  queryOptions({
    queryKey: ['states', countryName],
    queryFn: async ({ signal }) => {
      try {
        return await http.get<StatesResponse>('/states', {
          query: { country_name: countryName },
          signal,
          toastErrors: false,
        });
      } catch (error) {
        showError(messages.errorFetchingStates);
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
