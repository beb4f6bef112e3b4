/**
 * What the API keys module offers other modules (docs/decisions/004): the key a request carries,
 * checked and counted (per key once verified, per address while wrong).
 */
export { admitApiKey } from './api-key-limits.ts';
