import { Anchor, Burger, Group } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MobileBreadcrumbs } from './mobile-breadcrumbs.tsx';
import classes from './shell.module.css';
import { shellText } from './text.ts';

type Props = { menuOpened: boolean; onMenu: () => void };

/** Its look before the scripts is drawn again in dashboard-frame.tsx: change both together. */
export function MobileHeader({ menuOpened, onMenu }: Props) {
  const t = shellText.useT();
  // Only the top bar stays on screen: breadcrumbs of 44 px links may take two lines, which a
  // phone's screen should not lose for the whole page.
  return (
    <>
      <header className={classes.header}>
        <Group justify="space-between" wrap="nowrap" px="sm" py={2}>
          <Anchor component={Link} to="/" className={classes.brand} underline="never">
            <IconBook2 size={22} aria-hidden />
            <span>{t('productShortName')}</span>
          </Anchor>
          <Burger opened={menuOpened} onClick={onMenu} aria-label={t('openMenu')} size="md" />
        </Group>
      </header>
      <div className={classes.crumbs}>
        <MobileBreadcrumbs />
      </div>
    </>
  );
}
