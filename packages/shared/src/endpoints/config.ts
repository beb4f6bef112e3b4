import { AppConfig } from '../users.ts';
import { endpoint } from './define.ts';

export const configEndpoints = {
  /** What the web app needs before sign-in. */
  config: endpoint({ method: 'GET', path: '/config', response: AppConfig }),
};
