import { idempotencyMessages, stillSavingField } from '@srs/shared/messages';
import spanish from '../../../packages/shared/src/locales/shared.es.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { currentLocale } from '../src/i18n/locale.ts';
import { madeOrNotUnknown } from '../src/lib/http.ts';

// The server says "still being saved" in the reader's language (issue 29): the person's choice,
// which a browser still drawing in English (its Spanish words not loaded: another device chose
// Spanish since this token was issued, or the Spanish chunk failed to load) cannot read. The
// server's mark beside the sentence says it whatever the language.
// This file runs alone in its worker: a file before it could have loaded the Spanish words.
describe('"still being saved" in a language this browser has not loaded', () => {
  const saidInSpanish = (spanish as Record<string, string>)[idempotencyMessages.stillSaving]!;

  it('is known by the server’s mark: the retry keeps its key', () => {
    expect(currentLocale()).toBe('en');
    expect(saidInSpanish).not.toBe(idempotencyMessages.stillSaving);
    expect(madeOrNotUnknown(409, { error: saidInSpanish, [stillSavingField]: true })).toBe(true);
  });

  it('a 409 without the mark and in no words it knows is an answer', () => {
    expect(madeOrNotUnknown(409, { error: 'Otra cosa.' })).toBe(false);
    expect(madeOrNotUnknown(409, { error: saidInSpanish, [stillSavingField]: 'yes' })).toBe(false);
    expect(madeOrNotUnknown(409, { error: idempotencyMessages.stillSaving })).toBe(true);
  });
});
