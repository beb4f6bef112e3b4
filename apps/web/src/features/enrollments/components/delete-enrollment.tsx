import { Box, Button, Divider } from '@mantine/core';
import type { EnrollmentDetail } from '@srs/shared/enrollments';
import { admins } from '@srs/shared/roles';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCan } from '../../../lib/permissions.ts';
import { studentPath } from '../../../lib/sections.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { enrollmentQuery, useDeleteEnrollment } from '../api.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { fullName } from './enrollment-format.ts';

export const enrollmentDeleted = 'Deleted successfully.';

/** 'Delete enrollment' for admins (the server decides for the student's school: 403 otherwise). */
export function DeleteEnrollment({ enrollment }: { enrollment: EnrollmentDetail }) {
  const allowed = useCan(admins);
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
    client.removeQueries({ queryKey: enrollmentQuery(enrollment.id).queryKey });
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
      <ConfirmModal
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
      </ConfirmModal>
    </>
  );
}
