import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { BulkReassignInput, type BulkReassignResponse, type Student } from '@srs/shared/students';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { schoolOptionsQuery, schoolSelectData } from '../../../lib/lookups/schools.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { schoolStaffQuery, useBulkReassign } from '../api.ts';
import { countOf, selectedNames } from './selection-text.ts';

/** 'Updated successfully.', the count, and a line when enrollments lost their series. */
export function reassignedText(result: BulkReassignResponse): string {
  const lines: string[] = [messages.updated, `${countOf(result.updated, 'student')} reassigned.`];
  if (result.orphaned_enrollments > 0) {
    lines.push(
      `${countOf(result.orphaned_enrollments, 'enrollment')} became orphaned: ` +
        'the new school does not offer the series.',
    );
  }
  return lines.join('\n');
}

type Props = { opened: boolean; onClose: () => void; students: readonly Student[]; onDone: () => void };

/** Moves the selected students to another school, another instructor, or both (admins only). */
export function BulkReassignDialog({ opened, onClose, students, onDone }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Reassign students">
      <ReassignForm students={students} onCancel={onClose} onDone={onDone} />
    </Modal>
  );
}

type FormProps = { students: readonly Student[]; onCancel: () => void; onDone: () => void };

function ReassignForm({ students, onCancel, onDone }: FormProps) {
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const [instructorId, setInstructorId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const schools = useQuery(schoolOptionsQuery);
  const staff = useQuery({ ...schoolStaffQuery(Number(schoolId)), enabled: schoolId !== null });
  const reassign = useBulkReassign();

  const submit = () => {
    if (schoolId === null) {
      setError(messages.fieldRequired);
      return;
    }
    const input = BulkReassignInput.safeParse({
      student_ids: students.map((student) => student.id),
      school_id: Number(schoolId),
      instructor_id: instructorId === null ? undefined : Number(instructorId),
    });
    if (!input.success) {
      setError(input.error.issues[0]?.message ?? messages.fieldRequired);
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
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        <Text size="sm">
          {countOf(students.length, 'student')}: {selectedNames(students)}.
        </Text>
        <Select
          label="School"
          placeholder={schools.isPending ? messages.loading : 'Select a school'}
          data={schoolSelectData(schools.data?.schools)}
          value={schoolId}
          onChange={(value) => {
            setSchoolId(value);
            setInstructorId(null);
            setError(null);
          }}
          searchable
          limit={200}
          nothingFoundMessage="No schools found."
          error={error}
          withAsterisk
        />
        <Select
          label="Instructor"
          description="Left empty, the school's head school admin becomes the instructor."
          placeholder={
            schoolId === null ? 'Select a school first' : staff.isPending ? messages.loading : 'Select an instructor'
          }
          data={(staff.data?.users ?? []).map((user) => ({
            value: String(user.id),
            label: `${user.first_name} ${user.last_name}`,
          }))}
          value={instructorId}
          onChange={setInstructorId}
          disabled={schoolId === null}
          searchable
          clearable
          nothingFoundMessage="No staff found."
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={reassign.isPending}>
            Reassign
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
