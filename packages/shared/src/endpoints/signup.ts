import {
  SignupDecisionInput,
  SignupDecisionResponse,
  SignupInput,
  SignupRequestsResponse,
  SignupResponse,
  SignupSchoolsQuery,
  SignupSchoolsResponse,
} from '../signup.ts';
import { endpoint } from './define.ts';

export const signupEndpoints = {
  /** Public: 'Need an account?' on the login page. */
  request: endpoint({ method: 'POST', path: '/signup', body: SignupInput, response: SignupResponse }),
  /** Public: the schools a request can name, by name, code or zip. */
  schools: endpoint({ method: 'GET', path: '/signup/schools', query: SignupSchoolsQuery, response: SignupSchoolsResponse }),
  pending: endpoint({ method: 'GET', path: '/signup_requests', response: SignupRequestsResponse }),
  decide: endpoint({
    method: 'PUT',
    path: '/signup_requests/decide',
    body: SignupDecisionInput,
    response: SignupDecisionResponse,
  }),
};
