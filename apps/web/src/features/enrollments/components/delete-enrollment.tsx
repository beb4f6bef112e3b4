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
import { enrollmentsText } from '../messages.ts';
import { fullName } from './enrollment-format.ts';

/** 'Delete enrollment', drawn only when the server says this user may (admins of the student's school). */
export function DeleteEnrollment({ enrollment }: { enrollment: EnrollmentDetail }) {
  const t = enrollmentsText.useT();
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
    showSuccess(enrollmentsText.t('deleted'));
    const tab = enrollment.series_type === 'Course' ? 'courses' : 'seminars';
    await navigate(studentPath(enrollment.student.id, tab), { replace: true });
    // Only once the page has left: a page still showing the enrollment would load it again.
    client.removeQueries({ queryKey: enrollmentKeys.detail(enrollment.id) });
  };

  return (
    <>
      <Divider />
      <Box>
        <Button color="red" variant="light" onClick={() => setOpened(true)}>
          {t('deleteEnrollment')}
        </Button>
      </Box>
      <ConfirmDialog danger
        opened={opened}
        title={t('deleteEnrollment')}
        confirmLabel={t('deleteEnrollment')}
        busy={remove.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setOpened(false)}
      >
        <p style={{ marginTop: 0 }}>
          {t('deleteBody', {
            student: fullName(enrollment.student),
            series: enrollment.series_name,
            number: enrollment.registration_number,
            kind: enrollment.series_type,
          })}
        </p>
        <p style={{ marginBottom: 0 }}>{t('deleteHistory')}</p>
      </ConfirmDialog>
    </>
  );
}
