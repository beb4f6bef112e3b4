import { Anchor, Group } from '@mantine/core';
import { can, schoolPickerRoles, type TokenUser } from '@srs/shared/roles';
import type { CurrentUser } from '@srs/shared/users';
import { IconBook2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { NavItem } from '../../lib/site-map/navigation.ts';
import { HeaderSearchBox } from './header-search-box.tsx';
import { MainNav } from './main-nav.tsx';
import { SchoolPicker } from './school-picker.tsx';
import classes from './shell.module.css';
import { shellText } from './text.ts';
import { UserMenu } from './user-menu.tsx';

type Props = {
  user: TokenUser;
  currentUser: CurrentUser | undefined;
  navigation: readonly NavItem[];
  trainingUrl: string | undefined;
  interestTracking: boolean;
};

/** Its look before the scripts is drawn again in dashboard-frame.tsx: change both together. */
export function DesktopHeader({ user, currentUser, navigation, trainingUrl, interestTracking }: Props) {
  const t = shellText.useT();
  return (
    <header className={classes.header}>
      <Group justify="space-between" wrap="nowrap" gap="md" className={classes.topBar}>
        <Anchor component={Link} to="/" className={classes.brand} underline="never">
          <IconBook2 size={26} aria-hidden />
          <span>{t('productName')}</span>
        </Anchor>
        <Group gap="sm" wrap="nowrap">
          {can(user, schoolPickerRoles) && <SchoolPicker />}
          <HeaderSearchBox />
          <UserMenu user={user} currentUser={currentUser} interestTracking={interestTracking} />
        </Group>
      </Group>
      <div className={classes.navBar}>
        <MainNav items={navigation} trainingUrl={trainingUrl} />
      </div>
    </header>
  );
}
