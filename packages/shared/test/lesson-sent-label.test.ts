import { describe, expect, it } from 'vitest';
import { lessonSentLabel } from '../src/enrollments.ts';

describe('lessonSentLabel', () => {
  it("keeps SPEC's 'Lesson N sent' from the first lesson on", () => {
    expect(lessonSentLabel(1)).toBe('Lesson 1 sent');
    expect(lessonSentLabel(12)).toBe('Lesson 12 sent');
  });

  it('says that no lesson was sent yet instead of Lesson 0 sent', () => {
    expect(lessonSentLabel(0)).toBe('No lesson sent yet');
  });
});
