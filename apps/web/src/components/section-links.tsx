import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { sectionOf } from '../lib/site-map/sections.ts';
import type { SectionKey } from '../lib/site-map/types.ts';
import { componentsText } from './text.ts';

/**
 * The pages of a section side by side above its page (Interests, Assignments, Tracking): on a desk
 * the main navigation names only the section; the phone menu's second level lists them too.
 */
export function SectionLinks({ section }: { section: SectionKey }) {
  const { pathname } = useLocation();
  const t = componentsText.useT();
  const { label, links } = sectionOf(section);
  return (
    <nav aria-label={t('sectionPages', { section: label })}>
      <Group gap="xs" mb="md">
        {links.map((link) => {
          const open = link.to === pathname;
          return (
            <Button
              key={link.to}
              component={Link}
              to={link.to}
              size="compact-sm"
              variant={open ? 'filled' : 'default'}
              aria-current={open ? 'page' : undefined}
            >
              {link.label}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}
