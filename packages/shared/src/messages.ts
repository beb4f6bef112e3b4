/** Every user-facing message of SPEC section 8, word for word. */
export const messages = {
  requestTimeout: 'The request took too long to process. Please try again.',
  somethingWentWrong: 'Something went wrong.',
  notAuthorized: 'You are not authorized to access this page',
  signatureExpired: 'Signature has expired',
  revokedToken: 'revoked token',
  nilUser: 'nil user',
  errorFetchingCountries: 'Error fetching countries.',
  errorFetchingStates: 'Error fetching states.',
  noHeadSchoolAdmin: 'No head school admin is assigned to this school.',
  schoolNeedsHeadSchoolAdmin: 'The selected school needs a Head School Admin before it can accept students.',
  studentCreated: 'Student created successfully.',
  visitCreated: 'Visit created successfully.',
  updated: 'Updated successfully.',
  reminderCreated: 'Reminder created successfully.',
  decisionsUpdated: 'Decisions updated successfully.',
  noteCreated: 'Note created successfully.',
  errorLoadingContent: 'Error Loading Content',
  failedToLoadContent: 'Failed to load content',
  fieldRequired: 'This field is required',
  dateInvalid: 'Date input not valid.',
  sentOrReceivedRequired: 'Sent or Received date is required',
  chunkFailed: (n: string | number) => `Loading chunk ${n} failed`,
  noCourses: 'No courses available.',
  noSeminars: 'No seminars available.',
  noInstructors: 'No instructors available.',
  noStudentsNeedingFollowup: 'No students needing followup.',
  noStudents: 'No students found.',
  loading: 'Loading...',
} as const;

/** The 401 bodies that end a session (SPEC section 7, Authentication handling). */
export const sessionEndingErrors = [messages.signatureExpired, messages.revokedToken, messages.nilUser] as const;

/**
 * The response header of a new app token: after the signed-in user changed their own email,
 * password or second factor, every older token ended, and this one keeps them signed in here.
 */
export const renewedTokenHeader = 'x-renewed-token';

/**
 * One write, once (docs/decisions/020): the web app sends a key with every write; the server
 * keeps the first answer for a day and answers a repeat with it, marked by the replayed header.
 */
export const idempotencyKeyHeader = 'Idempotency-Key';
export const replayedHeader = 'Idempotent-Replayed';
export const idempotencyMessages = {
  notValid: 'is not valid: use 1 to 200 letters, digits or symbols without spaces',
  usedForAnother: 'was already used for a different request',
  stillSaving: 'This was already sent and is still being saved. Please wait a moment and look again.',
  alreadyMade: 'This was already done: it was not done a second time.',
} as const;

/**
 * Beside the sentence of a "still being saved" 409, `still_saving: true`: the web app knows the
 * answer by it whatever language the sentence is in (issue 29: the reader's, which a browser that
 * has not loaded that language's words could not recognise).
 */
export const stillSavingField = 'still_saving';

/**
 * SPEC section 8, 422: an array body is joined with commas; a string is shown as is; an
 * object of field to messages gives 'Field name message' pieces. Empty falls back. `fieldName`
 * names a field as the reader reads it (the web app passes its Spanish names, issue 29); the
 * messages come in the reader's language already (the server sends them so).
 */
export function unprocessableMessage(body: unknown, fieldName: (field: string) => string = humanize): string {
  let text = '';
  if (Array.isArray(body)) text = body.map(String).join(', ');
  else if (typeof body === 'string') text = body;
  else if (body && typeof body === 'object') {
    text = Object.entries(body as Record<string, unknown>)
      .map(([field, value]) => `${fieldName(field)} ${Array.isArray(value) ? value.join(', ') : String(value)}`)
      .join(', ');
  }
  return text.trim() === '' ? messages.somethingWentWrong : text;
}

/** 'first_name' → 'First name' (underscores to spaces, capital first letter). */
export function humanize(field: string): string {
  const spaced = field.replace(/_/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
