import { accountEndpoints } from './account.ts';
import { apiKeyEndpoints } from './api-keys.ts';
import { authEndpoints } from './auth.ts';
import { configEndpoints } from './config.ts';
import type { Endpoint } from './define.ts';
import { enrollmentEndpoints } from './enrollments.ts';
import { geoEndpoints } from './geo.ts';
import { interestTrackingEndpoints } from './interest-tracking.ts';
import { interestEndpoints } from './interests.ts';
import { mailEndpoints } from './mail.ts';
import { privacyEndpoints } from './privacy.ts';
import { reportEndpoints } from './reports.ts';
import { schoolEndpoints } from './schools.ts';
import { seminarEndpoints } from './seminars.ts';
import { seriesEndpoints } from './series.ts';
import { signupEndpoints } from './signup.ts';
import { studentEndpoints } from './students.ts';
import { userEndpoints } from './users.ts';
import { versionEndpoints } from './versions.ts';

/** Every endpoint the web app calls, by domain: the contract test checks each against the server. */
export const allEndpoints: Readonly<Record<string, Readonly<Record<string, Endpoint>>>> = {
  auth: authEndpoints,
  account: accountEndpoints,
  apiKeys: apiKeyEndpoints,
  config: configEndpoints,
  geo: geoEndpoints,
  students: studentEndpoints,
  enrollments: enrollmentEndpoints,
  series: seriesEndpoints,
  seminars: seminarEndpoints,
  schools: schoolEndpoints,
  users: userEndpoints,
  signup: signupEndpoints,
  interests: interestEndpoints,
  interestTracking: interestTrackingEndpoints,
  mail: mailEndpoints,
  versions: versionEndpoints,
  privacy: privacyEndpoints,
  reports: reportEndpoints,
};
