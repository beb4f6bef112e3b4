import { admins, type TokenUser } from '@srs/shared/roles';
import type { SeriesAction, SeriesDetail } from '@srs/shared/series';
import type { Actor } from '../../core/actor.ts';
import { type ActionRule, permissionsOf } from '../../core/permissions.ts';
import { administers } from '../../core/scope.ts';

/** A series as its rules see it: its type and, for a seminar, its hosting school. */
export type SeriesFacts = { type: 'Course' | 'Seminar'; school_id: number | null };

/**
 * Who keeps a series (DOMAIN.md, Catalogue; docs/decisions.md "The course catalogue"): courses are
 * the network's catalogue, kept by global admins; a seminar is kept by the admins of its hosting
 * school (global admins anywhere). Everyone else reads what they see.
 */
const keeps = (actor: Actor, series: SeriesFacts) =>
  series.type === 'Course'
    ? actor.scope.all
    : series.school_id !== null && administers(actor.scope, series.school_id);

export const seriesRules: Record<SeriesAction | 'create', ActionRule<SeriesFacts>> = {
  create: { roles: admins, allows: keeps },
  update: { roles: admins, allows: keeps },
  destroy: { roles: admins, allows: keeps },
};

/** A series as its detail answers it: with what the signed-in user may do with it. */
export function seriesPermissions(user: TokenUser, actor: Actor, facts: SeriesFacts): SeriesDetail['permissions'] {
  const { update, destroy } = permissionsOf(user, actor, seriesRules, facts);
  return { update, destroy };
}
