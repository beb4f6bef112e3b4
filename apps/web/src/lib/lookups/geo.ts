import { messages } from '@srs/shared/messages';
import { geoEndpoints } from '@srs/shared/endpoints/geo';
import { queryOptions } from '@tanstack/react-query';
import { sharedText } from '../../i18n/shared.ts';
import { call } from '../http.ts';
import { geoKeys } from '../query-keys.ts';
import { showError } from '../toasts.ts';

export const defaultCountry = 'United States';

/** GET /countries; a failure shows 'Error fetching countries.' (SPEC section 8). */
export const countriesQuery = queryOptions({
  queryKey: geoKeys.countries(),
  queryFn: async ({ signal }) => {
    try {
      return await call(geoEndpoints.countries, { signal, toastErrors: false });
    } catch (error) {
      showError(sharedText(messages.errorFetchingCountries));
      throw error;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
});

/** GET /states?country_name=…; a failure shows 'Error fetching states.' (SPEC section 8). */
export const statesQuery = (countryName: string) =>
  queryOptions({
    queryKey: geoKeys.states(countryName),
    queryFn: async ({ signal }) => {
      try {
        return await call(geoEndpoints.states, {
          query: { country_name: countryName },
          signal,
          toastErrors: false,
        });
      } catch (error) {
        showError(sharedText(messages.errorFetchingStates));
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
