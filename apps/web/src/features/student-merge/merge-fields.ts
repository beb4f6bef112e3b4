import { type MergeFieldName, mergeFieldNames, type StudentMergeInput } from '@srs/shared/student-merge';
import { mailingOptionLabels, type Student, studentFieldLabels } from '@srs/shared/students';
import { sharedText } from '../../i18n/shared.ts';
import { studentMergeText } from './messages.ts';

export type Whose = 'kept' | 'merged';

/** A field whose two values differ, in words, with the value chosen at first. */
export type MergeField = { field: MergeFieldName; label: string; kept: string; merged: string; preselected: Whose };

/** A field's name in the language of the moment: the student form's, and the school with its instructor. */
const labelOf = (field: MergeFieldName) =>
  field === 'school' ? studentMergeText.t('schoolAndInstructor') : sharedText(studentFieldLabels[field]);

/** A field's value as a person reads it ('' for nothing). */
export function valueOf(student: Student, field: MergeFieldName): string {
  if (field === 'school') {
    const instructor = student.instructor
      ? `${student.instructor.first_name} ${student.instructor.last_name}`
      : studentMergeText.t('noInstructor');
    return `(#${student.school.school_code}) ${student.school.church_name}, ${instructor}`;
  }
  if (field === 'include_in_mailing_list') return sharedText(mailingOptionLabels[student.include_in_mailing_list]);
  return (student[field] ?? '').trim();
}

/**
 * The fields of two records of one person that differ (issue 27), each with the newer record's
 * value chosen at first, or the one that has a value where the other is empty.
 */
export function differingFields(kept: Student, merged: Student): MergeField[] {
  const [keptAt, mergedAt] = [Date.parse(kept.created_at), Date.parse(merged.created_at)];
  // Made the same second (typed twice, imported together): the later id is the newer.
  const newer: Whose = mergedAt > keptAt || (mergedAt === keptAt && merged.id > kept.id) ? 'merged' : 'kept';
  return mergeFieldNames.flatMap((field) => {
    const keptValue = valueOf(kept, field);
    const mergedValue = valueOf(merged, field);
    const same = field === 'school' ? kept.school.id === merged.school.id && kept.instructor?.id === merged.instructor?.id : keptValue === mergedValue;
    if (same) return [];
    const preselected: Whose = keptValue === '' ? 'merged' : mergedValue === '' ? 'kept' : newer;
    return [{ field, label: labelOf(field), kept: keptValue, merged: mergedValue, preselected }];
  });
}

export const initialChoices = (fields: MergeField[]): Partial<Record<MergeFieldName, Whose>> =>
  Object.fromEntries(fields.map((field) => [field.field, field.preselected]));

/** The request: only the fields whose two values differ. */
export function mergeBody(kept: Student, merged: Student, choices: Partial<Record<MergeFieldName, Whose>>): StudentMergeInput {
  const fields = Object.fromEntries(
    differingFields(kept, merged).map((field) => [field.field, choices[field.field] ?? field.preselected]),
  ) as StudentMergeInput['fields'];
  return { kept_id: kept.id, merged_id: merged.id, fields };
}
