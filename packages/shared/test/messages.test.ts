import { describe, expect, it } from 'vitest';
import { humanize, messages, unprocessableMessage } from '../src/messages.ts';

describe('422 messages (SPEC section 8)', () => {
  it('joins an array body with commas', () => {
    expect(unprocessableMessage(['Name is taken', 'Zip is invalid'])).toBe('Name is taken, Zip is invalid');
  });
  it('shows a string body as is', () => {
    expect(unprocessableMessage('No head school admin is assigned to this school.')).toBe(messages.noHeadSchoolAdmin);
  });
  it("builds 'Field name message' pieces from an object of field to message lists", () => {
    expect(unprocessableMessage({ first_name: ["can't be blank"], zip_code: ['is invalid', 'is too long'] })).toBe(
      "First name can't be blank, Zip code is invalid, is too long",
    );
  });
  it("falls back to 'Something went wrong.' when empty", () => {
    expect(unprocessableMessage('')).toBe('Something went wrong.');
    expect(unprocessableMessage([])).toBe('Something went wrong.');
    expect(unprocessableMessage({})).toBe('Something went wrong.');
    expect(unprocessableMessage(null)).toBe('Something went wrong.');
  });
  it('turns underscores into spaces with a capital first letter', () => {
    expect(humanize('include_in_mailing_list')).toBe('Include in mailing list');
  });
});
