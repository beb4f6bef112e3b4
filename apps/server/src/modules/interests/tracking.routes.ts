import { InterestTrackingQuery, InterestTrackingResponse } from '@srs/shared/interest-tracking';
import { globalAdmins } from '@srs/shared/roles';
import type { Db } from '../../db/client.ts';
import type { App } from '../../types.ts';
import { interestTracking } from './tracking.queries.ts';

/** /interests/tracking (DOMAIN.md "Interest tracking"): the whole network's funnel, for global admins. */
export async function interestTrackingRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/api/interests/tracking',
    {
      config: { roles: globalAdmins },
      schema: {
        tags: ['interests'],
        summary:
          'The interest funnel (received, assigned, contacted, enrolled) per school and month received, ' +
          'and the age of the interests nobody has worked yet',
        querystring: InterestTrackingQuery,
        response: { 200: InterestTrackingResponse },
      },
    },
    async (request) => interestTracking(db, request.actor.scope, request.query),
  );
}
