/**
 * POST /api/public/interests as a website's developer reads it (issue 25): its fields, an example
 * and what each answer means. One home for the words: the API keys page shows them, the intake's
 * zod schema (api-keys.ts) gives them to the OpenAPI document, the README repeats them. No zod
 * here, so that the API keys page does not load it.
 */

/** The intake's address, under the product's own origin. */
export const publicIntakePath = '/api/public/interests';

/** What stands for the key in the examples: the real key is shown once, when it is made. */
export const apiKeyPlaceholder = 'YOUR_API_KEY';

export type PublicInterestFieldDoc = {
  name: string;
  /** In words: 'text, up to 100 characters'. */
  type: string;
  required: boolean;
  example: string | number;
  description: string;
};

/** Every field the intake takes, in the order the example sends them. Any other field is refused (422). */
export const publicInterestFields = [
  { name: 'first_name', type: 'text, up to 100 characters', required: true, example: 'Lydia', description: 'First name.' },
  { name: 'last_name', type: 'text, up to 100 characters', required: true, example: 'Purple', description: 'Last name.' },
  {
    name: 'email',
    type: 'email address, up to 200 characters',
    required: false,
    example: 'lydia@example.org',
    description: 'Email address.',
  },
  { name: 'phone', type: 'text, up to 40 characters', required: false, example: '217-555-0142', description: 'Phone number.' },
  {
    name: 'address',
    type: 'text, up to 200 characters',
    required: false,
    example: '16 Cenchreae Way',
    description: 'Street address.',
  },
  {
    name: 'address_2',
    type: 'text, up to 200 characters',
    required: false,
    example: 'Apartment 2',
    description: 'Second line of the address.',
  },
  { name: 'city', type: 'text, up to 100 characters', required: false, example: 'Springfield', description: 'City.' },
  { name: 'state', type: 'text, up to 100 characters', required: false, example: 'IL', description: 'State or province.' },
  { name: 'zip_code', type: 'text, up to 20 characters', required: false, example: '62701', description: 'Zip or postal code.' },
  { name: 'country', type: 'text, up to 100 characters', required: false, example: 'United States', description: 'Country.' },
  {
    name: 'series',
    type: 'text, up to 200 characters',
    required: false,
    example: 'Discover Bible Guides',
    description:
      'The course or seminar asked for, by its name in this system (upper or lower case alike). It must name one active ' +
      'course or seminar: any other name is refused. Leave it out when the person chose none.',
  },
  {
    name: 'series_id',
    type: 'whole number',
    required: false,
    example: 12,
    description:
      'Or the course or seminar by its id: the number that ends the address of its page (/courses/12). Send series or ' +
      'series_id, not both.',
  },
  {
    name: 'external_id',
    type: 'text, up to 100 characters',
    required: false,
    example: 'form-2026-0142',
    description:
      'Your own id for this request (the form entry’s id). Sent again with the same key, it makes no second interest: ' +
      'the answer is 200 with the interest received first. Without it nothing is de-duplicated: every post makes a new ' +
      'interest, a retried one too.',
  },
] as const satisfies readonly PublicInterestFieldDoc[];

export type PublicInterestFieldName = (typeof publicInterestFields)[number]['name'];

/** The intake's refusals in words: a website's developer reads them in their logs. */
export const intakeMessages = {
  keyRequired: 'A valid API key is required.',
  tooManyPosts: 'Too many interests were sent with this API key. Please try again in a minute.',
  tooManyWrongKeys: 'Too many requests without a valid API key came from this address. Please try again in a minute.',
  /** At `series` (422). */
  unknownSeries: 'is not the name of an active course or seminar',
  ambiguousSeries: 'names more than one active course or seminar: send series_id instead',
  seriesTwice: 'cannot be sent with series_id: send one of them',
} as const;

/** The body of the example: every field but series_id (series names the course). */
export const publicInterestExample: Record<string, string | number> = Object.fromEntries(
  publicInterestFields.filter((field) => field.name !== 'series_id').map((field) => [field.name, field.example]),
);

/** The example as a `curl` command against this origin, with the key's placeholder. */
export function curlExample(origin: string, key: string = apiKeyPlaceholder): string {
  const body = JSON.stringify(publicInterestExample, null, 2);
  return [
    `curl -X POST '${origin}${publicIntakePath}' \\`,
    `  -H 'Authorization: Bearer ${key}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${body}'`,
  ].join('\n');
}

export type IntakeAnswerDoc = { status: number; meaning: string; example: unknown };

/** What each answer means, with an example body. Nothing is saved unless the answer is 201. */
export const intakeAnswers = [
  {
    status: 201,
    meaning:
      'Received: a new interest was made, with status "new". The body gives its id, your external_id (null without ' +
      'one), the day it was received and the course or seminar it was linked to (null: none).',
    example: {
      id: 481,
      external_id: 'form-2026-0142',
      status: 'new',
      received_on: '2026-12-01',
      series: { id: 12, name: 'Discover Bible Guides' },
      created: true,
    },
  },
  {
    status: 200,
    meaning:
      'This external_id was received already with this key: nothing new was made and the fields sent again were not ' +
      'applied. The body is the interest received first, as it stands now (its status may have moved on), with created false.',
    example: {
      id: 481,
      external_id: 'form-2026-0142',
      status: 'assigned',
      received_on: '2026-12-01',
      series: { id: 12, name: 'Discover Bible Guides' },
      created: false,
    },
  },
  {
    status: 422,
    meaning:
      'Refused, nothing saved: the body names each field that was wrong with what was wrong. A required field missing ' +
      'says "This field is required", a value of the wrong kind "is not valid", a field the intake does not take ' +
      '("course" for series) "is not a known field", a course or seminar that is not there "' +
      `${intakeMessages.unknownSeries}".`,
    // What a body with `"course": "Discover"` and `"email": "lydia"` is answered (a test posts it).
    example: { course: ['is not a known field'], email: ['is not a valid email address'] },
  },
  {
    status: 401,
    meaning:
      'The key is missing, wrong or revoked. Send it as "Authorization: Bearer srs_…" (or "X-Api-Key: srs_…"); nothing is read before the key.',
    example: { error: intakeMessages.keyRequired },
  },
  {
    status: 429,
    meaning:
      'Too many interests with this key in a minute (the server’s RATE_LIMIT_INTAKE, 60 by default), or too many wrong keys from ' +
      'one address. Wait the seconds the Retry-After header gives, then send again.',
    example: { error: intakeMessages.tooManyPosts },
  },
] as const satisfies readonly IntakeAnswerDoc[];
