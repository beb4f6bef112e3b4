import { describe, expect, it } from 'vitest';
import { choiceReasons } from '../src/modules/student-import/import-choices.ts';
import { refusalText } from '../src/plugins/errors.ts';

// Issue 29: the import's reasons for refusing a line, in the reader's language (the line numbers,
// names and series kept as they are).
describe("the student import's line reasons in Spanish", () => {
  it('says a choice for a line that is no match, or has nothing to add, with its line', () => {
    expect(refusalText(choiceReasons.notAMatch(7), 'es')).toBe('la línea 7 no coincide con un estudiante existente');
    expect(refusalText(choiceReasons.noEnrollment(12), 'es')).toBe('la línea 12 no tiene un curso ni un seminario para agregar');
    expect(refusalText('Line 4: a quoted field is not closed', 'es')).toBe('Línea 4: un campo entre comillas no está cerrado');
    expect(refusalText(choiceReasons.notAMatch(7), 'en')).toBe('line 7 does not match an existing student');
  });

  it('says a student enrolled already with their name and series, in either language', () => {
    const refusal = choiceReasons.enrolled(3, 'Ana López', 'Discover Bible Guides');
    expect(refusal.body).toEqual(['Line 3: Ana López is already enrolled in Discover Bible Guides; skip the line or create the student anyway.']);
    expect(refusal.spoken?.('es')).toEqual([
      'Línea 3: Ana López ya está inscrito en Discover Bible Guides; omita la línea o cree el estudiante de todos modos.',
    ]);
  });
});
