import { ShareUsersQuery, ShareUsersResponse, UserListQuery, UserListResponse } from '../users.ts';
import { endpoint } from './define.ts';

export const userEndpoints = {
  list: endpoint({ method: 'GET', path: '/users', query: UserListQuery, response: UserListResponse }),
  /** The staff a student can be shared with. */
  share: endpoint({ method: 'GET', path: '/users/share', query: ShareUsersQuery, response: ShareUsersResponse }),
};
