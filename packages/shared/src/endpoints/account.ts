import { AccountDetail, AccountUpdateBody } from '../account.ts';
import { endpoint } from './define.ts';

/** The signed-in user's own account (/account/my-account, /account/settings). */
export const accountEndpoints = {
  current: endpoint({ method: 'GET', path: '/users/current', response: AccountDetail }),
  /** JSON; a picture goes as multipart form data (lib/http.ts `send` with a FormData body). */
  updateCurrent: endpoint({ method: 'PATCH', path: '/users/update_current', body: AccountUpdateBody, response: AccountDetail }),
};
