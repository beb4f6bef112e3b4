import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { breadcrumbsFor } from './breadcrumbs.ts';

export function MobileBreadcrumbs() {
  const crumbs = breadcrumbsFor(useLocation().pathname);
  return (
    <nav aria-label="Breadcrumbs">
      <Breadcrumbs separator="›" separatorMargin={4} fz="xs" style={{ flexWrap: 'wrap' }}>
        {crumbs.map((crumb) =>
          crumb.to ? (
            <Anchor key={crumb.label} component={Link} to={crumb.to} size="xs">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={crumb.label} size="xs" aria-current="page">
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
