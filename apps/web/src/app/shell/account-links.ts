import { can, type TokenUser } from '@srs/shared/roles';

/** API Keys: global admins, with interest tracking on (SPEC section 2, User menu). */
export function canSeeApiKeys(user: TokenUser, interestTracking: boolean): boolean {
  return interestTracking && can(user, ['global_admin']);
}

/** The links of the user menu before Change Password: the same on a desk and in the phone menu. */
export function accountLinks(apiKeys: boolean): { label: string; to: string }[] {
  return [
    { label: 'My Account', to: '/account/my-account' },
    { label: 'Settings', to: '/account/settings' },
    ...(apiKeys ? [{ label: 'API Keys', to: '/account/settings/api-keys' }] : []),
  ];
}
