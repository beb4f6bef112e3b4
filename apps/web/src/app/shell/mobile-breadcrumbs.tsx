import { Anchor, Breadcrumbs, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { usePageMatch } from '../../lib/site-map/page-match.ts';
import { type Crumb, trailOf } from '../../lib/site-map/trail.ts';
import classes from './breadcrumbs.module.css';
import { useRecordNames } from './record-names.ts';
import { shellText } from './text.ts';

/** How many crumbs a phone shows in full: past it, the parent and the page follow a '…'. */
const shownInFull = 3;

/** A phone's one-line trail: the steps before the parent fold into '…', which lists them. */
export function collapseTrail(crumbs: readonly Crumb[]): { hidden: Crumb[]; shown: Crumb[] } {
  if (crumbs.length <= shownInFull) return { hidden: [], shown: [...crumbs] };
  return { hidden: crumbs.slice(0, -2), shown: crumbs.slice(-2) };
}

function HiddenCrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const t = shellText.useT();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.more} aria-label={t('showWholePath')} fz="xs">
          …
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {crumbs.map((crumb) =>
          crumb.to ? (
            <Menu.Item key={crumb.label} component={Link} to={crumb.to} className={classes.moreItem}>
              {crumb.label}
            </Menu.Item>
          ) : (
            <Menu.Label key={crumb.label}>{crumb.label}</Menu.Label>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The mobile breadcrumbs of the open page (site map): Dashboard › Students › Maria Lopez › Courses. */
export function MobileBreadcrumbs() {
  const t = shellText.useT();
  const match = usePageMatch();
  const names = useRecordNames(match);
  if (!match) return null;
  const { hidden, shown } = collapseTrail(trailOf(match, names));
  return (
    <nav aria-label={t('breadcrumbs')}>
      <Breadcrumbs separator="›" separatorMargin={4} fz="xs" className={classes.trail}>
        {hidden.length > 0 && <HiddenCrumbs crumbs={hidden} />}
        {shown.map((crumb) =>
          crumb.to ? (
            <Anchor key={crumb.label} component={Link} to={crumb.to} size="xs" className={classes.crumb}>
              <span className={classes.label} title={crumb.label}>
                {crumb.label}
              </span>
            </Anchor>
          ) : (
            <Text key={crumb.label} size="xs" aria-current="page" className={classes.crumb}>
              <span className={classes.label} title={crumb.label}>
                {crumb.label}
              </span>
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
