import { can, type TokenUser } from '@srs/shared/roles';
import { pages } from '../../lib/site-map/pages.ts';

/** API Keys: global admins, with interest tracking on (SPEC section 2, User menu). */
export function canSeeApiKeys(user: TokenUser, interestTracking: boolean): boolean {
  return interestTracking && can(user, ['global_admin']);
}

/** The links of the user menu before Change Password: the same on a desk and in the phone menu, in the language of the moment. */
export function accountLinks(apiKeys: boolean): { label: string; to: string }[] {
  return [
    { label: pages['my-account'].title, to: pages['my-account'].path },
    { label: pages.settings.title, to: pages.settings.path },
    ...(apiKeys ? [{ label: pages['api-keys'].title, to: pages['api-keys'].path }] : []),
  ];
}
