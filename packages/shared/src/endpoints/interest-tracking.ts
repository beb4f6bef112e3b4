import { InterestTrackingQuery, InterestTrackingResponse } from '../interest-tracking.ts';
import { endpoint } from './define.ts';

export const interestTrackingEndpoints = {
  /** The funnel per school and month, and the age of the interests nobody has worked yet (global admins). */
  tracking: endpoint({
    method: 'GET',
    path: '/interests/tracking',
    query: InterestTrackingQuery,
    response: InterestTrackingResponse,
  }),
};
