import { ActionIcon, Badge, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { globalAdmins } from '@srs/shared/roles';
import type { StudentDetail } from '@srs/shared/students';
import { IconDotsVertical, IconEraser, IconFileTypePdf, IconJson, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '../../../i18n/format.ts';
import { useCan } from '../../../lib/permissions.ts';
import { fullName, schoolLabel } from '../format.ts';
import { studentPageText } from '../messages.ts';
import { downloadPersonalData, type PersonalDataFormat } from '../privacy-api.ts';
import { DeleteStudentModal } from './delete-student-modal.tsx';
import { EraseStudentDialog } from './erase-student-dialog.tsx';
import { HistoryLink } from '../../../components/history-link.tsx';

export function StudentHeading({ student }: { student: StudentDetail }) {
  const t = studentPageText.useT();
  // The server says whether this user may delete the student (an admin of the student's school).
  const canDelete = student.permissions.destroy;
  // A student's personal data, as a file or erased, is the whole network's keepers' (issue 12).
  const keepsPersonalData = useCan(globalAdmins);
  const [deleting, setDeleting] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [downloading, setDownloading] = useState<PersonalDataFormat | null>(null);
  const download = async (format: PersonalDataFormat) => {
    setDownloading(format);
    try {
      await downloadPersonalData(student.id, format);
    } finally {
      setDownloading(null);
    }
  };
  return (
    <Stack gap={2} mb="md">
      <Group gap={4} wrap="nowrap" align="center">
        <Title order={1} size="h2">
          {fullName(student)}
        </Title>
        {(canDelete || keepsPersonalData) && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('studentActions')}>
                <IconDotsVertical size={20} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {keepsPersonalData && (
                <>
                  <Menu.Label>{t('personalData')}</Menu.Label>
                  <Menu.Item
                    leftSection={<IconJson size={16} aria-hidden />}
                    disabled={downloading !== null}
                    onClick={() => void download('json')}
                  >
                    {t('exportJson')}
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconFileTypePdf size={16} aria-hidden />}
                    disabled={downloading !== null}
                    onClick={() => void download('pdf')}
                  >
                    {t('exportPdf')}
                  </Menu.Item>
                  {!student.erased_at && (
                    <Menu.Item color="red" leftSection={<IconEraser size={16} aria-hidden />} onClick={() => setErasing(true)}>
                      {t('eraseMenu')}
                    </Menu.Item>
                  )}
                </>
              )}
              {keepsPersonalData && canDelete && <Menu.Divider />}
              {canDelete && (
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => setDeleting(true)}
                >
                  {t('deleteStudent')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {student.erased_at && (
        <Group>
          <Badge color="gray" variant="light">
            {t('erasedOn', { date: formatDate(student.erased_at) })}
          </Badge>
        </Group>
      )}
      <Group gap="md">
        <Text size="sm" c="dimmed">
          {t('schoolIs', { school: schoolLabel(student.school) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('instructorIs', { name: fullName(student.instructor) })}
        </Text>
        <HistoryLink itemType="Student" itemId={student.id} />
      </Group>
      {canDelete && <DeleteStudentModal student={student} opened={deleting} onClose={() => setDeleting(false)} />}
      {keepsPersonalData && <EraseStudentDialog student={student} opened={erasing} onClose={() => setErasing(false)} />}
    </Stack>
  );
}
