import { Modal, Select } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { BulkReassignInput, type BulkReassignResponse, type Student } from '@srs/shared/students';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SchoolSelect } from '../../../components/school-select.tsx';
import { userSelectData } from '../../../lib/lookups/users.ts';
import { sharedText, useSharedText } from '../../../i18n/shared.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { schoolStaffQuery, useBulkReassign } from '../api.ts';
import { studentsText } from '../messages.ts';
import { BulkForm } from './bulk-form.tsx';

/** 'Updated successfully.', the count, and a line when enrollments lost their series. */
export function reassignedText(result: BulkReassignResponse): string {
  const lines: string[] = [sharedText(messages.updated), studentsText.t('studentsReassigned', { count: result.updated })];
  if (result.orphaned_enrollments > 0) {
    lines.push(studentsText.t('enrollmentsOrphaned', { count: result.orphaned_enrollments }));
  }
  return lines.join('\n');
}

type Props = { opened: boolean; onClose: () => void; students: readonly Student[]; onDone: () => void };

/** Moves the selected students to another school, another instructor, or both (admins only). */
export function BulkReassignDialog({ opened, onClose, students, onDone }: Props) {
  const t = studentsText.useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t('reassignTitle')}>
      <ReassignForm students={students} onCancel={onClose} onDone={onDone} />
    </Modal>
  );
}

type FormProps = { students: readonly Student[]; onCancel: () => void; onDone: () => void };

function ReassignForm({ students, onCancel, onDone }: FormProps) {
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const [instructorId, setInstructorId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const staff = useQuery({ ...schoolStaffQuery(Number(schoolId)), enabled: schoolId !== null });
  const reassign = useBulkReassign();
  const t = studentsText.useT();
  const shared = useSharedText();

  const submit = () => {
    if (schoolId === null) {
      setError(sharedText(messages.fieldRequired));
      return;
    }
    const input = BulkReassignInput.safeParse({
      student_ids: students.map((student) => student.id),
      school_id: Number(schoolId),
      instructor_id: instructorId === null ? undefined : Number(instructorId),
    });
    if (!input.success) {
      setError(sharedText(input.error.issues[0]?.message ?? messages.fieldRequired));
      return;
    }
    reassign.mutate(input.data, {
      onSuccess: (result) => {
        showSuccess(reassignedText(result), { style: { whiteSpace: 'pre-line' } });
        onDone();
      },
    });
  };

  return (
    <BulkForm
      students={students}
      submitLabel={t('reassign')}
      busy={reassign.isPending}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <SchoolSelect
        value={schoolId}
        onChange={(value) => {
          setSchoolId(value);
          setInstructorId(null);
          setError(null);
        }}
        error={error}
      />
      <Select
        label={t('instructor')}
        description={t('reassignInstructorHelp')}
        placeholder={
          schoolId === null ? t('selectSchoolFirst') : staff.isPending ? shared(messages.loading) : t('selectInstructor')
        }
        data={userSelectData(staff.data?.users)}
        value={instructorId}
        onChange={setInstructorId}
        disabled={schoolId === null}
        searchable
        clearable
        nothingFoundMessage={t('noStaff')}
      />
    </BulkForm>
  );
}
