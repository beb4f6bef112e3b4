import { IdParams } from '../common.ts';
import { SchoolDetail, SchoolListQuery, SchoolListResponse, SchoolSimpleListResponse } from '../schools.ts';
import { endpoint } from './define.ts';

const byId = { params: IdParams } as const;

export const schoolEndpoints = {
  list: endpoint({ method: 'GET', path: '/schools', query: SchoolListQuery, response: SchoolListResponse }),
  simpleList: endpoint({ method: 'GET', path: '/schools/simple_list', response: SchoolSimpleListResponse }),
  detail: endpoint({ method: 'GET', path: '/schools/:id', ...byId, response: SchoolDetail }),
};
