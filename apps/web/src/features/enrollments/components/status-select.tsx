import { ColorSwatch, Select } from '@mantine/core';
import { type EnrollmentDetail, type EnrollmentStatus, enrollmentStatuses, statusColours } from '@srs/shared/enrollments';
import { messages } from '@srs/shared/messages';
import { commonText } from '../../../i18n/common.ts';
import { sharedText, useSharedText } from '../../../i18n/shared.ts';
import { showSaved } from '../../../lib/offline/kept-for-later.ts';
import { useUpdateEnrollment } from '../api.ts';
import { EnrollmentStatusBadge } from './enrollment-status-badge.tsx';

const isStatus = (value: string | null): value is EnrollmentStatus =>
  (enrollmentStatuses as readonly (string | null)[]).includes(value);

/** Staff may set any status (DOMAIN.md); the select shows each in its SPEC section 4 colour. */
export function StatusSelect({ enrollment }: { enrollment: EnrollmentDetail }) {
  const c = commonText.useT();
  const shared = useSharedText();
  const update = useUpdateEnrollment(enrollment.id);
  const statusOptions = enrollmentStatuses.map((status) => ({ value: status, label: shared(status) }));
  const change = async (value: string | null) => {
    if (!isStatus(value) || value === enrollment.status) return;
    let answer: unknown;
    try {
      answer = await update.mutateAsync({ status: value });
    } catch {
      return; // the shared handler has shown why; the select keeps the saved status
    }
    showSaved(answer, sharedText(messages.updated));
  };
  return (
    <Select
      label={c('status')}
      data={statusOptions}
      value={enrollment.status}
      onChange={(value) => void change(value)}
      allowDeselect={false}
      disabled={update.isPending}
      maw={260}
      leftSection={
        <ColorSwatch
          // Shade 6 is the palette's own colour (SPEC section 4: Applied is yellow); the filled
          // shade is darkened for white text and would turn yellow brown.
          color={`var(--mantine-color-${statusColours[enrollment.status]}-6)`}
          size={14}
          withShadow={false}
          aria-hidden
        />
      }
      renderOption={({ option }) => isStatus(option.value) && <EnrollmentStatusBadge status={option.value} />}
    />
  );
}
