import { Paper, Tabs } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import type { Tab } from '../lib/sections.ts';
import { useIsMobile } from '../lib/use-is-mobile.ts';
import classes from './route-tabs.module.css';

type Props = {
  label: string;
  tabs: readonly Tab[];
  /** The open tab: the route's segment. */
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
};

/**
 * The tabs of a detail route (SPEC section 2), each tab a route; the open tab's page below them.
 * On phones every tab is in view as a pill, wrapping onto a second line rather than scrolling
 * sideways where nothing shows that more tabs are hidden.
 */
export function RouteTabs({ label, tabs, value, onChange, children }: Props) {
  const mobile = useIsMobile();
  const tabList = useRef<HTMLDivElement>(null);
  // A strip wider than the frame scrolls sideways: the open tab must be in view, also when opened by a link.
  useEffect(() => {
    if (!mobile) tabList.current?.querySelector('[data-active]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [value, mobile]);
  return (
    <Tabs
      value={value}
      onChange={(next) => next && onChange(next)}
      keepMounted={false}
      variant={mobile ? 'pills' : 'outline'}
    >
      <Tabs.List ref={tabList} aria-label={label} className={mobile ? classes.pills : classes.tabs}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={value}>
        {mobile ? (
          <Paper p="xs" mt="xs" withBorder>
            {children}
          </Paper>
        ) : (
          <Paper p="md" withBorder style={{ borderTop: 0 }}>
            {children}
          </Paper>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
