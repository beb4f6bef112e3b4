import { Group } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import type { NavItem } from '../../lib/site-map/navigation.ts';
import { siteMapText } from '../../lib/site-map/words.ts';
import classes from './shell.module.css';
import { shellText } from './text.ts';

type Props = { items: readonly NavItem[]; trainingUrl: string | undefined };

/** The main navigation by role (SPEC section 2): icon links; Training opens the help site. */
export function MainNav({ items, trainingUrl }: Props) {
  const t = shellText.useT();
  // The items' labels are read as they are drawn: drawn again when the language changes.
  siteMapText.useT();
  return (
    <nav aria-label={t('mainNavigation')}>
      <Group gap={4} component="ul" className={classes.navList}>
        {items.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.key}>
              {item.external ? (
                <a className={classes.navLink} href={trainingUrl ?? '#'} target="_blank" rel="noopener noreferrer">
                  <Icon size={18} aria-hidden />
                  <span>{item.label}</span>
                  <IconExternalLink size={12} aria-hidden />
                </a>
              ) : (
                <NavLink className={classes.navLink} to={item.to} end={item.to === '/'}>
                  <Icon size={18} aria-hidden />
                  <span>{item.label}</span>
                </NavLink>
              )}
            </li>
          );
        })}
      </Group>
    </nav>
  );
}
