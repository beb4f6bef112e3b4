import { Button, Group, Stack } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { type Student, studentFieldLabels } from '@srs/shared/students';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { commonText } from '../../../i18n/common.ts';
import { formatDate } from '../../../i18n/format.ts';
import { sharedText, useSharedText } from '../../../i18n/shared.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { useUpdateStudent } from '../api.ts';
import { fullName, mailingOptionLabels, schoolLabel } from '../format.ts';
import { studentPageText } from '../messages.ts';
import { StudentForm } from '../forms/student-form.tsx';
import { studentFormValuesOf } from '../forms/student-form-values.ts';
import { FieldList } from './field-list.tsx';

/** Every field of the student, read-only (SPEC section 3). */
function ProfileFields({ student }: { student: Student }) {
  const t = studentPageText.useT();
  const shared = useSharedText();
  const field = (name: keyof typeof studentFieldLabels, value: string | null) => ({ label: shared(studentFieldLabels[name]), value });
  return (
    <FieldList
      fields={[
        field('first_name', student.first_name),
        field('middle_name', student.middle_name),
        field('last_name', student.last_name),
        field('email', student.email),
        field('phone', student.phone),
        field('social_media', student.social_media),
        field('address', student.address),
        field('address_2', student.address_2),
        field('city', student.city),
        field('state', student.state),
        field('zip_code', student.zip_code),
        field('country', student.country),
        field('include_in_mailing_list', shared(mailingOptionLabels[student.include_in_mailing_list])),
        { label: t('instructor'), value: fullName(student.instructor) },
        { label: t('school'), value: schoolLabel(student.school) },
        { label: t('created'), value: formatDate(student.created_at) },
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
  const c = commonText.useT();

  if (editing) {
    return (
      <StudentForm
        defaultValues={studentFormValuesOf(student)}
        submitLabel={c('save')}
        backLabel={c('cancel')}
        onBack={() => setEditing(false)}
        onSubmit={async (fields) => {
          await update.mutateAsync(fields);
          showSuccess(sharedText(messages.updated));
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
            {c('edit')}
          </Button>
        </Group>
      )}
      <ProfileFields student={student} />
    </Stack>
  );
}
