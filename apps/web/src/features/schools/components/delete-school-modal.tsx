import type { SchoolDetail } from '@srs/shared/schools';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { showSuccess } from '../../../lib/toasts.ts';
import { useDeleteSchool } from '../api.ts';
import { schoolsText } from '../messages.ts';
import { schoolName } from '../school-outlet.ts';

type Props = { school: SchoolDetail; opened: boolean; onClose: () => void };

/** Deleting a school says what goes with it; a school that still holds students is refused by the server. */
export function DeleteSchoolModal({ school, opened, onClose }: Props) {
  const remove = useDeleteSchool(school.id);
  const navigate = useNavigate();
  const t = schoolsText.useT();
  return (
    <ConfirmDialog
      opened={opened}
      title={t('deleteSchool')}
      confirmLabel={t('deleteSchool')}
      busy={remove.isPending}
      danger
      disabled={school.students_count > 0}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: () => {
            showSuccess(t('schoolDeleted', { school: schoolName(school) }));
            void navigate('/schools');
          },
        })
      }
    >
      {school.students_count > 0
        ? t('deleteRefused', { school: schoolName(school), count: school.students_count })
        : t('deleteWarning', { school: schoolName(school), count: school.claimed_zips.length })}
    </ConfirmDialog>
  );
}
