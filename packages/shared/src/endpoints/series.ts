import { IdParams } from '../common.ts';
import {
  CourseListResponse,
  DecisionOptionsResponse,
  EpisodesResponse,
  ProductOffersResponse,
  SeminarListResponse,
  SeriesListQuery,
  SeriesSimpleListQuery,
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
  episodes: endpoint({ method: 'GET', path: '/series/:id/episodes', ...byId, response: EpisodesResponse }),
  decisionOptions: endpoint({
    method: 'GET',
    path: '/series/:id/decision_options',
    ...byId,
    response: DecisionOptionsResponse,
  }),
  products: endpoint({ method: 'GET', path: '/series/:id/products', ...byId, response: ProductOffersResponse }),
};
