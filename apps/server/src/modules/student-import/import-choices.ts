import type { StudentImportInput } from '@srs/shared/student-import';
import type { z } from 'zod';
import { type HttpError, invalid } from '../../core/errors.ts';
import { serverMessages } from '../../core/i18n.ts';
import en from '../../locales/student-import.en.json' with { type: 'json' };
import es from '../../locales/student-import.es.json' with { type: 'json' };
import type { CheckedRow } from './check-rows.ts';

export const choiceReasons = {
  notAMatch: (line: number) => `line ${line} does not match an existing student`,
  noEnrollment: (line: number) => `line ${line} has no course or seminar to add`,
  /** A sentence with names in it: said in the reader's language (HttpError.spoken). */
  enrolled: (line: number, name: string, series: string) => {
    const values = { line: String(line), name, series };
    return invalid([importText('en', 'enrolledLine', values)], (language) => [importText(language, 'enrolledLine', values)]);
  },
};

const importText = serverMessages('student-import', en, es);

export type Choice = 'skip' | 'create' | 'add_enrollment';
type Outcome = { chosen: Choice } | { problem: string } | { enrolled: HttpError };

/**
 * The user's choice for each matching row (skip, add the enrollment to the student found, or create
 * anyway), taken part by part as the apply checks the file: each must name a matching row, and
 * adding an enrollment needs one the student has not. Once the whole file is seen, `refusal` is the
 * apply's answer when any is wrong: the first line (in line order) whose student is enrolled
 * already, else every line wrong.
 */
export function importChoices(choices: z.output<typeof StudentImportInput>['choices']) {
  const wanted = new Map(Object.entries(choices ?? {}).map(([line, choice]) => [Number(line), choice as Choice]));
  const outcomes = new Map<number, Outcome>();
  let wrong = false;
  return {
    /** The part's rows with the choice each line made, the wrong ones noted for `refusal`. */
    take(checked: CheckedRow[]): Map<number, Choice> {
      const chosen = new Map<number, Choice>();
      for (const entry of checked) {
        const line = entry.row.line;
        const choice = wanted.get(line);
        if (choice === undefined) continue;
        const match = entry.row.status === 'match' ? entry.row.match : null;
        let outcome: Outcome = { chosen: choice };
        if (!match) outcome = { problem: choiceReasons.notAMatch(line) };
        else if (choice === 'add_enrollment' && !entry.enrollment) outcome = { problem: choiceReasons.noEnrollment(line) };
        else if (choice === 'add_enrollment' && match.enrolled) {
          outcome = { enrolled: choiceReasons.enrolled(line, `${match.first_name} ${match.last_name}`, entry.enrollment!.seriesName) };
        }
        outcomes.set(line, outcome);
        if ('chosen' in outcome) chosen.set(line, outcome.chosen);
        else wrong = true;
      }
      return chosen;
    },
    /** Whether every choice seen so far is right: the apply writes no more once one is not. */
    get right() {
      return !wrong;
    },
    /** After the whole file: the refusal, or null. A line the file does not have is not a match. */
    refusal() {
      const problems: string[] = [];
      for (const line of [...wanted.keys()].sort((a, b) => a - b)) {
        const outcome = outcomes.get(line) ?? { problem: choiceReasons.notAMatch(line) };
        if ('enrolled' in outcome) return outcome.enrolled;
        if ('problem' in outcome) problems.push(outcome.problem);
      }
      return problems.length > 0 ? invalid({ choices: problems }) : null;
    },
  };
}
