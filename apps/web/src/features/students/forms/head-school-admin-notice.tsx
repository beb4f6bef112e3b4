import { Alert, Anchor, Text } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { manageSchoolRoles } from '@srs/shared/roles';
import { Link } from 'react-router';
import { useSharedText } from '../../../i18n/shared.ts';
import { useCan } from '../../../lib/permissions.ts';
import { recordPath } from '../../../lib/site-map/paths.ts';
import { studentFormText } from './messages.ts';

/**
 * A school without a head school admin cannot accept students (SPEC section 5). School and
 * conference admins can fix that, so they get the way to the school.
 */
export function HeadSchoolAdminNotice({ schoolId }: { schoolId: number }) {
  const canManage = useCan(manageSchoolRoles);
  const t = studentFormText.useT();
  const shared = useSharedText();
  return (
    <Alert color="orange" role="alert">
      <Text size="sm">{shared(messages.schoolNeedsHeadSchoolAdmin)}</Text>
      {canManage && (
        <Anchor component={Link} to={recordPath('school', schoolId)} size="sm" fw={600}>
          {t('manageSchool')}
        </Anchor>
      )}
    </Alert>
  );
}
