import type { SchoolDetail } from '@srs/shared/schools';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { showSuccess } from '../../../lib/toasts.ts';
import { useDeleteSchool } from '../api.ts';
import { plural, schoolName } from '../school-outlet.ts';

type Props = { school: SchoolDetail; opened: boolean; onClose: () => void };

/** Deleting a school says what goes with it; a school that still holds students is refused by the server. */
export function DeleteSchoolModal({ school, opened, onClose }: Props) {
  const remove = useDeleteSchool(school.id);
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      opened={opened}
      title="Delete school"
      confirmLabel="Delete school"
      busy={remove.isPending}
      danger
      disabled={school.students_count > 0}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: () => {
            showSuccess(`${schoolName(school)} was deleted.`);
            void navigate('/schools');
          },
        })
      }
    >
      {school.students_count > 0
        ? `${schoolName(school)} still holds ${plural(school.students_count, 'student')}: move them to another school first.`
        : `${schoolName(school)} will be deleted with its ${plural(school.claimed_zips.length, 'claimed zip code')}, its staff roles and what it offers. Its history stays in the versions.`}
    </ConfirmDialog>
  );
}
