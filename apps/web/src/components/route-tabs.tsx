import { Paper, Tabs } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { usePageMatch } from '../lib/site-map/page-match.ts';
import { defaultTabOf, pathOf } from '../lib/site-map/paths.ts';
import { useIsMobile } from '../lib/use-is-mobile.ts';
import classes from './route-tabs.module.css';
import { componentsText } from './text.ts';

/**
 * The tabs of the open page (SPEC section 2), as its site-map entry lists them, each tab a route;
 * the open tab's page below them. On phones every tab is in view as a pill, wrapping onto a
 * second line rather than scrolling sideways where nothing shows that more tabs are hidden.
 */
export function RouteTabs({ children }: { children: ReactNode }) {
  const match = usePageMatch();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  // The tabs' labels and the page's title are read as they are drawn: drawn again when the language changes.
  const t = componentsText.useT();
  const tabList = useRef<HTMLDivElement>(null);
  const page = match?.page;
  const tabs = page?.tabs ?? [];
  // Before the redirect of the page's own address to its default tab, that tab is the open one.
  const value = match?.tab?.path ?? (page && defaultTabOf(page)) ?? '';
  const onChange = (tab: string) => page && navigate(pathOf(page, match.params, tab));
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
      <Tabs.List ref={tabList} aria-label={t('tabsOf', { page: page?.title ?? '' })} className={mobile ? classes.pills : classes.tabs}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.path} value={tab.path}>
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
