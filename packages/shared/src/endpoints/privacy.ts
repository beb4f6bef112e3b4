import { IdParams } from '../common.ts';
import { ErasureResponse, PersonalData } from '../privacy.ts';
import { endpoint } from './define.ts';

const byId = { params: IdParams } as const;

/**
 * Privacy (issue 12): a student's personal data as a JSON file, and its erasure. The same data as
 * a PDF is GET /students/:id/personal_data.pdf, a download the web app saves as it comes.
 */
export const privacyEndpoints = {
  personalData: endpoint({ method: 'GET', path: '/students/:id/personal_data', ...byId, response: PersonalData }),
  erase: endpoint({ method: 'POST', path: '/students/:id/erase', ...byId, response: ErasureResponse }),
};
