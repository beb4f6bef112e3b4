import { z } from 'zod';
import { boundedText } from './common.ts';

export const Country = z.object({ id: z.number(), name: z.string() });
export const State = z.object({ id: z.number(), name: z.string(), abbreviation: z.string() });
export const CountriesResponse = z.object({ countries: z.array(Country) });
export const StatesResponse = z.object({ states: z.array(State) });
export const StatesQuery = z.object({ country_name: boundedText(100).optional() });
export type Country = z.infer<typeof Country>;
export type State = z.infer<typeof State>;
export type CountriesResponse = z.infer<typeof CountriesResponse>;
export type StatesResponse = z.infer<typeof StatesResponse>;
