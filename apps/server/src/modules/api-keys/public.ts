/** What the API keys module offers other modules (docs/decisions/004): the key a request carries, checked. */
export { keyPrefixOf, verifyApiKey } from './api-keys.service.ts';
