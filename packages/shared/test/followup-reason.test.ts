import { describe, expect, it } from 'vitest';
import { FollowupReason, followupReasonWords } from '../src/followup.ts';

describe('followupReasonWords (DOMAIN.md, Follow-up)', () => {
  it('names a reminder that came due by its day, MM/DD', () => {
    expect(followupReasonWords({ kind: 'reminder_due', date: '2026-11-20', days: 8 })).toBe('Reminder due 11/20');
    expect(followupReasonWords({ kind: 'reminder_due', date: '2026-11-28', days: 0 })).toBe('Reminder due today');
  });

  it('adds the year once the day without it would name a later one', () => {
    expect(followupReasonWords({ kind: 'reminder_due', date: '2025-11-29', days: 364 })).toBe('Reminder due 11/29');
    expect(followupReasonWords({ kind: 'reminder_due', date: '2025-11-17', days: 376 })).toBe('Reminder due 11/17/2025');
  });

  it('counts the days without contact, or since the start when there was none', () => {
    expect(followupReasonWords({ kind: 'no_contact', days: 45 })).toBe('No contact for 45 days');
    expect(followupReasonWords({ kind: 'no_contact', days: 1 })).toBe('No contact for 1 day');
    expect(followupReasonWords({ kind: 'no_contact_since_start', days: 45 })).toBe(
      'No contact since it started 45 days ago',
    );
  });

  it('the schema takes what the server sends and refuses an unknown kind', () => {
    expect(FollowupReason.parse({ kind: 'no_contact', days: 31 })).toEqual({ kind: 'no_contact', days: 31 });
    expect(FollowupReason.safeParse({ kind: 'late', days: 31 }).success).toBe(false);
  });
});
