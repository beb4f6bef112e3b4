import { Paper, Tabs } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import type { Tab } from '../lib/sections.ts';
import classes from './route-tabs.module.css';

type Props = {
  label: string;
  tabs: readonly Tab[];
  /** The open tab: the route's segment. */
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
};

/** The tabs of a detail route (SPEC section 2), each tab a route; the open tab's page below them. */
export function RouteTabs({ label, tabs, value, onChange, children }: Props) {
  const tabList = useRef<HTMLDivElement>(null);
  // On phones the tabs scroll sideways: the open one must be in view, also when opened by a link.
  useEffect(() => {
    tabList.current?.querySelector('[data-active]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [value]);
  return (
    <Tabs value={value} onChange={(next) => next && onChange(next)} keepMounted={false} variant="outline">
      <Tabs.List ref={tabList} aria-label={label} className={classes.tabs}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={value}>
        <Paper p={{ base: 'xs', sm: 'md' }} withBorder style={{ borderTop: 0 }}>
          {children}
        </Paper>
      </Tabs.Panel>
    </Tabs>
  );
}
