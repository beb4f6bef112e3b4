import type { AccountDetail, AccountUpdateFields, MfaConfirmInput } from '@srs/shared/account';
import { accountEndpoints } from '@srs/shared/endpoints/account';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adoptPersonLanguage } from '../../i18n/load.ts';
import { call, send } from '../../lib/http.ts';
import { userKeys } from '../../lib/query-keys.ts';

/**
 * GET /users/current. The language the person chose (My Account → Language) is adopted as the
 * account loads: chosen on another device, it becomes this browser's too (docs/decisions/027).
 */
export const accountQuery = queryOptions({
  queryKey: userKeys.account(),
  queryFn: async () => {
    const account = await call(accountEndpoints.current);
    void adoptPersonLanguage(account.language).catch(() => undefined);
    return account;
  },
});

/** A change of one's account: fields as JSON, or a picture with multipart form data. */
export type AccountChange = { fields: AccountUpdateFields } | { file: 'profile_picture' | 'background_image'; picture: File };

/** PATCH /users/update_current; the header (picture, name, background) reads the answer at once. */
export function useUpdateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: AccountChange): Promise<AccountDetail> => {
      if ('fields' in change) return call(accountEndpoints.updateCurrent, { body: change.fields, toastErrors: false });
      const form = new FormData();
      form.append(change.file, change.picture);
      const response = await send('PATCH', accountEndpoints.updateCurrent.path, { body: form, toastErrors: false });
      return (await response.json()) as AccountDetail;
    },
    onSuccess: async (account) => {
      client.setQueryData(userKeys.account(), account);
      await client.invalidateQueries({ queryKey: userKeys.me(), exact: true });
    },
  });
}

/**
 * The second factor's three calls; each answer refreshes the account (mfa_enabled). Turning it on
 * or off ends every other session: the answer renews this one (lib/http.ts keeps the new token).
 */
export function useSecondFactor() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: userKeys.account() });
  return {
    start: useMutation({ mutationFn: () => call(accountEndpoints.mfaStart, { toastErrors: false }) }),
    confirm: useMutation({
      mutationFn: (input: MfaConfirmInput) => call(accountEndpoints.mfaConfirm, { body: input, toastErrors: false }),
    }),
    /** After the recovery codes were seen: the account says it is on. */
    done: refresh,
    turnOff: useMutation({
      mutationFn: (code: string) => call(accountEndpoints.mfaTurnOff, { body: { code }, toastErrors: false }),
      onSuccess: refresh,
    }),
  };
}
