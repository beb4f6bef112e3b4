import { AccountDetail, AccountUpdateBody, MfaCodeInput, MfaConfirmInput, MfaRecoveryCodes, MfaSetup } from '../account.ts';
import { endpoint } from './define.ts';

/** The signed-in user's own account (/account/my-account, /account/settings). */
export const accountEndpoints = {
  current: endpoint({ method: 'GET', path: '/users/current', response: AccountDetail }),
  /** JSON; a picture goes as multipart form data (lib/http.ts `send` with a FormData body). */
  updateCurrent: endpoint({ method: 'PATCH', path: '/users/update_current', body: AccountUpdateBody, response: AccountDetail }),
  /** The second factor at the built-in provider: a secret to scan, confirmed by a code; off with a code. */
  mfaStart: endpoint({ method: 'POST', path: '/users/current/mfa', response: MfaSetup }),
  mfaConfirm: endpoint({ method: 'POST', path: '/users/current/mfa/confirm', body: MfaConfirmInput, response: MfaRecoveryCodes }),
  mfaTurnOff: endpoint({ method: 'DELETE', path: '/users/current/mfa', body: MfaCodeInput, response: null }),
};
