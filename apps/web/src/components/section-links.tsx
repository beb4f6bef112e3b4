import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { sections } from '../lib/site-map/sections.ts';
import type { SectionKey } from '../lib/site-map/types.ts';

/**
 * The pages of a section side by side above its page (Interests, Assignments, Tracking): on a desk
 * the main navigation names only the section; the phone menu's second level lists them too.
 */
export function SectionLinks({ section }: { section: SectionKey }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={`${sections[section].label} pages`}>
      <Group gap="xs" mb="md">
        {sections[section].links.map((link) => {
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
