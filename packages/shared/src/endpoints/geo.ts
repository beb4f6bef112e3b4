import { CountriesResponse, StatesQuery, StatesResponse } from '../geo.ts';
import { endpoint } from './define.ts';

export const geoEndpoints = {
  countries: endpoint({ method: 'GET', path: '/countries', response: CountriesResponse }),
  states: endpoint({ method: 'GET', path: '/states', query: StatesQuery, response: StatesResponse }),
};
