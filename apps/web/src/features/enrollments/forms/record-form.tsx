import { Loader, Stack, Text } from '@mantine/core';
import { enrollLabel } from '@srs/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { sharedText } from '../../../i18n/shared.ts';
import { useOnline } from '../../../lib/offline/use-online.ts';
import { enrollmentsText } from '../messages.ts';
import { DecisionForm } from './decision-form.tsx';
import { EnrollForm } from './enroll-form.tsx';
import type { RecordFormBodyProps } from './form-context.ts';
import { LessonForm } from './lesson-form.tsx';
import { NoteForm } from './note-form.tsx';
import { ProductForm } from './product-form.tsx';
import { recordStudentQuery } from './record-form-queries.ts';
import type { RecordFormKind, RecordFormTarget } from './record-form-target.ts';
import { ReminderForm } from './reminder-form.tsx';
import { StudentPicker } from './student-picker.tsx';
import { VisitForm } from './visit-form.tsx';

/** The titles of the record forms: the Quick Add items' words (SPEC section 2). */
const recordFormTitles = {
  lesson: 'titleLesson',
  visit: 'titleVisit',
  product: 'titleProduct',
  reminder: 'titleReminder',
  decision: 'titleDecision',
  note: 'titleNote',
} as const satisfies Record<Exclude<RecordFormKind, 'enroll'>, string>;

/**
 * A form's title, in the language of the moment; enrolling from a courses or seminars tab says
 * which kind it offers.
 */
export function recordFormTitle(target: Pick<RecordFormTarget, 'kind' | 'seriesType'>): string {
  if (target.kind !== 'enroll') return enrollmentsText.t(recordFormTitles[target.kind]);
  if (target.seriesType) return enrollmentsText.t('enrollInType', { type: target.seriesType });
  return sharedText(enrollLabel);
}

const forms: Record<RecordFormKind, ComponentType<RecordFormBodyProps>> = {
  lesson: LessonForm,
  visit: VisitForm,
  product: ProductForm,
  reminder: ReminderForm,
  decision: DecisionForm,
  note: NoteForm,
  enroll: EnrollForm,
};

export type RecordFormProps = {
  target: RecordFormTarget;
  /** Called after a successful save. */
  onDone: () => void;
};

/** A record form: the student first (preselected or picked), then the form of its kind. */
export function RecordForm({ target, onDone }: RecordFormProps) {
  const t = enrollmentsText.useT();
  const [studentId, setStudentId] = useState(target.studentId);
  const student = useQuery({ ...recordStudentQuery(studentId ?? 0), enabled: studentId !== null });
  const online = useOnline();
  const Form = forms[target.kind];
  return (
    <Stack gap="sm">
      <StudentPicker value={studentId} selected={student.data} onChange={setStudentId} />
      {studentId === null ? (
        <Text size="sm" c="dimmed">
          {t('chooseStudentFirst')}
        </Text>
      ) : student.data ? (
        // A new student starts a fresh form: nothing of the previous one's enrollment carries over.
        <Form key={student.data.id} student={student.data} target={target} onDone={onDone} />
      ) : student.isPending && !online ? (
        // Without a signal a student the phone does not keep would spin here until it came back (issue 30).
        <Text size="sm" role="status">
          {t('studentNotOnPhone')}
        </Text>
      ) : (
        student.isPending && <Loader size="sm" aria-label={t('loading')} />
      )}
    </Stack>
  );
}
