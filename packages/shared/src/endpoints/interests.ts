import { InterestListQuery, InterestListResponse } from '../interests.ts';
import { endpoint } from './define.ts';

export const interestEndpoints = {
  list: endpoint({ method: 'GET', path: '/interests', query: InterestListQuery, response: InterestListResponse }),
};
