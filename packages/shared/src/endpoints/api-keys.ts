import { ApiKeyCreated, ApiKeyCreateInput, ApiKeyListResponse } from '../api-keys.ts';
import { IdParams } from '../common.ts';
import { endpoint } from './define.ts';

/** /account/settings/api-keys (global admins, with interest tracking on). */
export const apiKeyEndpoints = {
  list: endpoint({ method: 'GET', path: '/api_keys', response: ApiKeyListResponse }),
  create: endpoint({ method: 'POST', path: '/api_keys', body: ApiKeyCreateInput, response: ApiKeyCreated }),
  revoke: endpoint({ method: 'DELETE', path: '/api_keys/:id', params: IdParams, response: null }),
};
