import { Button, Group, Stack } from '@mantine/core';
import { formatDate } from '@srs/shared/dates';
import { messages } from '@srs/shared/messages';
import type { Student } from '@srs/shared/students';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { showSuccess } from '../../../lib/toasts.ts';
import { useUpdateStudent } from '../api.ts';
import { fullName, mailingOptionLabels, schoolLabel } from '../format.ts';
import { StudentForm } from '../forms/student-form.tsx';
import { studentFormValuesOf } from '../forms/student-form-values.ts';
import { FieldList } from './field-list.tsx';

/** Every field of the student, read-only (SPEC section 3). */
function ProfileFields({ student }: { student: Student }) {
  return (
    <FieldList
      fields={[
        { label: 'First name', value: student.first_name },
        { label: 'Middle name', value: student.middle_name },
        { label: 'Last name', value: student.last_name },
        { label: 'Email', value: student.email },
        { label: 'Phone', value: student.phone },
        { label: 'Social media', value: student.social_media },
        { label: 'Address', value: student.address },
        { label: 'Address 2', value: student.address_2 },
        { label: 'City', value: student.city },
        { label: 'State', value: student.state },
        { label: 'Zip code', value: student.zip_code },
        { label: 'Country', value: student.country },
        { label: 'Include in mailing list', value: mailingOptionLabels[student.include_in_mailing_list] },
        { label: 'Instructor', value: fullName(student.instructor) },
        { label: 'School', value: schoolLabel(student.school) },
        { label: 'Created', value: formatDate(student.created_at) },
      ]}
    />
  );
}

/**
 * The profile tab: read-only, and on Edit the student form with the new-student rules. A
 * failed save keeps the edits on screen.
 */
export function StudentProfile({ student }: { student: Student }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateStudent(student.id);

  if (editing) {
    return (
      <StudentForm
        defaultValues={studentFormValuesOf(student)}
        submitLabel="Save"
        backLabel="Cancel"
        onBack={() => setEditing(false)}
        onSubmit={async (fields) => {
          await update.mutateAsync(fields);
          showSuccess(messages.updated);
          setEditing(false);
        }}
      />
    );
  }
  return (
    <Stack gap="md">
      {/* Erased on request: the server refuses a profile written again (docs/decisions/017). */}
      {!student.erased_at && (
        <Group justify="flex-end">
          <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
            Edit
          </Button>
        </Group>
      )}
      <ProfileFields student={student} />
    </Stack>
  );
}
