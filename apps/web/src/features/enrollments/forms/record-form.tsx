import { Loader, Stack, Text } from '@mantine/core';
import { enrollLabel } from '@srs/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
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
const recordFormTitles: Record<RecordFormKind, string> = {
  lesson: 'Send a lesson',
  visit: 'Add a visit',
  product: 'Send a product',
  reminder: 'Add a reminder',
  decision: 'Record a decision',
  note: 'Add a note',
  enroll: enrollLabel,
};

/** A form's title; enrolling from a courses or seminars tab says which kind it offers. */
export function recordFormTitle(target: Pick<RecordFormTarget, 'kind' | 'seriesType'>): string {
  if (target.kind === 'enroll' && target.seriesType) return `Enroll in a ${target.seriesType.toLowerCase()}`;
  return recordFormTitles[target.kind];
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
  const [studentId, setStudentId] = useState(target.studentId);
  const student = useQuery({ ...recordStudentQuery(studentId ?? 0), enabled: studentId !== null });
  const Form = forms[target.kind];
  return (
    <Stack gap="sm">
      <StudentPicker value={studentId} selected={student.data} onChange={setStudentId} />
      {studentId === null ? (
        <Text size="sm" c="dimmed">
          Choose the student first.
        </Text>
      ) : student.data ? (
        // A new student starts a fresh form: nothing of the previous one's enrollment carries over.
        <Form key={student.data.id} student={student.data} target={target} onDone={onDone} />
      ) : (
        student.isPending && <Loader size="sm" aria-label="Loading" />
      )}
    </Stack>
  );
}
