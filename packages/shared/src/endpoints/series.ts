import { IdParams } from '../common.ts';
import {
  CatalogueListQuery,
  CourseListResponse,
  DecisionOptionsResponse,
  EpisodesResponse,
  ProductOffersResponse,
  SeminarListResponse,
  SeriesCreateInput,
  SeriesDetail,
  SeriesListQuery,
  SeriesSchoolsResponse,
  SeriesSimpleListQuery,
  SeriesSimpleShow,
  SeriesUpdateInput,
  SeriesSimpleListResponse,
} from '../series.ts';
import { endpoint } from './define.ts';

const byId = { params: IdParams } as const;

export const seriesEndpoints = {
  courses: endpoint({
    method: 'GET',
    path: '/series',
    query: SeriesListQuery,
    fixedQuery: { type: 'Course' },
    response: CourseListResponse,
  }),
  seminars: endpoint({
    method: 'GET',
    path: '/series',
    query: SeriesListQuery,
    fixedQuery: { type: 'Seminar' },
    response: SeminarListResponse,
  }),
  simpleList: endpoint({
    method: 'GET',
    path: '/series/simple_list',
    query: SeriesSimpleListQuery,
    response: SeriesSimpleListResponse,
  }),
  episodes: endpoint({
    method: 'GET',
    path: '/series/:id/episodes',
    ...byId,
    query: CatalogueListQuery,
    response: EpisodesResponse,
  }),
  decisionOptions: endpoint({
    method: 'GET',
    path: '/series/:id/decision_options',
    ...byId,
    query: CatalogueListQuery,
    response: DecisionOptionsResponse,
  }),
  products: endpoint({
    method: 'GET',
    path: '/series/:id/products',
    ...byId,
    query: CatalogueListQuery,
    response: ProductOffersResponse,
  }),
  detail: endpoint({ method: 'GET', path: '/series/:id', ...byId, response: SeriesDetail }),
  simpleShow: endpoint({ method: 'GET', path: '/series/:id/simple_show', ...byId, response: SeriesSimpleShow }),
  schools: endpoint({ method: 'GET', path: '/series/:id/schools', ...byId, response: SeriesSchoolsResponse }),
  create: endpoint({ method: 'POST', path: '/series', body: SeriesCreateInput, response: SeriesDetail }),
  update: endpoint({ method: 'PUT', path: '/series/:id', ...byId, body: SeriesUpdateInput, response: SeriesDetail }),
  destroy: endpoint({ method: 'DELETE', path: '/series/:id', ...byId, response: null }),
};
