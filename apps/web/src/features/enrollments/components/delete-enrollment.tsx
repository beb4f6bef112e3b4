import { Box, Button, Divider } from '@mantine/core';
import type { EnrollmentDetail } from '@srs/shared/enrollments';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { enrollmentKeys } from '../../../lib/query-keys.ts';
import { studentPath } from '../../../lib/site-map/paths.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { useDeleteEnrollment } from '../api.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { fullName } from './enrollment-format.ts';

export const enrollmentDeleted = 'Deleted successfully.';

/** 'Delete enrollment', drawn only when the server says this user may (admins of the student's school). */
export function DeleteEnrollment({ enrollment }: { enrollment: EnrollmentDetail }) {
  const allowed = enrollment.permissions.destroy;
  const [opened, setOpened] = useState(false);
  const remove = useDeleteEnrollment();
  const navigate = useNavigate();
  const client = useQueryClient();
  if (!allowed) return null;

  const confirm = async () => {
    try {
      await remove.mutateAsync(enrollment.id);
    } catch {
      return; // the shared handler has shown why; the dialog stays
    }
    showSuccess(enrollmentDeleted);
    const tab = enrollment.series_type === 'Course' ? 'courses' : 'seminars';
    await navigate(studentPath(enrollment.student.id, tab), { replace: true });
    // Only once the page has left: a page still showing the enrollment would load it again.
    client.removeQueries({ queryKey: enrollmentKeys.detail(enrollment.id) });
  };

  const records =
    enrollment.series_type === 'Course'
      ? 'its lessons sent and received, visits, reminders, products, decisions and notes'
      : 'its attendance, visits, reminders, products, decisions and notes';
  return (
    <>
      <Divider />
      <Box>
        <Button color="red" variant="light" onClick={() => setOpened(true)}>
          Delete enrollment
        </Button>
      </Box>
      <ConfirmDialog danger
        opened={opened}
        title="Delete enrollment"
        confirmLabel="Delete enrollment"
        busy={remove.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setOpened(false)}
      >
        <p style={{ marginTop: 0 }}>
          This removes the enrollment of {fullName(enrollment.student)} in {enrollment.series_name} (registration
          number {enrollment.registration_number}) with {records}.
        </p>
        <p style={{ marginBottom: 0 }}>The history is kept: the deletion and everything removed stay in Versions.</p>
      </ConfirmDialog>
    </>
  );
}
