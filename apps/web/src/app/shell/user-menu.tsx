import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import type { TokenUser } from '@srs/shared/roles';
import type { CurrentUser } from '@srs/shared/users';
import { IconKey, IconLock, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { changePassword } from '../../features/auth/api.ts';
import { useLogOut } from './log-out.tsx';
import { usePictureUrl } from '../../lib/picture-url.ts';
import { accountLinks, canSeeApiKeys } from './account-links.ts';
import { pages } from '../../lib/site-map/pages.ts';
import { shellText } from './text.ts';

/** Each link's icon, by the page it opens. */
const linkIcons: Record<string, ReactNode> = {
  [pages['my-account'].path]: <IconUser size={16} aria-hidden />,
  [pages.settings.path]: <IconSettings size={16} aria-hidden />,
  [pages['api-keys'].path]: <IconKey size={16} aria-hidden />,
};

type Props = { user: TokenUser; currentUser: CurrentUser | undefined; interestTracking: boolean };

export function initials(user: Pick<TokenUser, 'first_name' | 'last_name'>): string {
  return `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
}

/** My Account, Settings, API Keys (global admin, flag on), Change Password, Logout (SPEC section 2). */
export function UserMenu({ user, currentUser, interestTracking }: Props) {
  const t = shellText.useT();
  const links = accountLinks(canSeeApiKeys(user, interestTracking));
  const picture = usePictureUrl(currentUser?.profile_picture_url);
  const leaving = useLogOut();
  // The names as the account has them now (My Account may have changed them since sign-in).
  const person = currentUser ?? user;
  return (
    <>
      <Menu position="bottom-end" width={220} withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t('userMenu', { initials: initials(person) })}>
            <Avatar src={picture ?? null} alt={`${person.first_name} ${person.last_name}`} color="blue" radius="xl">
              {initials(person)}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            {person.first_name} {person.last_name}
          </Menu.Label>
          {links.map((link) => (
            <Menu.Item key={link.to} component={Link} to={link.to} leftSection={linkIcons[link.to]}>
              {link.label}
            </Menu.Item>
          ))}
          <Menu.Item onClick={() => void changePassword()} leftSection={<IconLock size={16} aria-hidden />}>
            {t('changePassword')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item onClick={leaving.logOut} leftSection={<IconLogout size={16} aria-hidden />}>
            {t('logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {leaving.dialog}
    </>
  );
}
