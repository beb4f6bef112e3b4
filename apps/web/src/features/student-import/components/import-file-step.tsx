import { FileInput, Select, Stack, Text } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSharedText } from '../../../i18n/shared.ts';
import { onlySchoolOf, schoolOptionsQuery, schoolSelectData } from '../../../lib/lookups/schools.ts';
import { withNodes } from '../../../i18n/rich-text.ts';
import { studentImportText } from '../messages.ts';

type Props = {
  file: File | null;
  schoolId: number | null;
  busy: boolean;
  onFile: (file: File | null) => void;
  onSchool: (schoolId: number | null) => void;
};

/**
 * Step 1: the file, and the school of the rows that name none (a file without a School column).
 * A school admin of one school is not asked: that school is the file's.
 */
export function ImportFileStep({ file, schoolId, busy, onFile, onSchool }: Props) {
  const t = studentImportText.useT();
  const shared = useSharedText();
  const schools = useQuery(schoolOptionsQuery);
  const only = onlySchoolOf(schools.data?.schools);
  useEffect(() => {
    if (only && schoolId === null) onSchool(only.id);
  }, [only, schoolId, onSchool]);
  return (
    <Stack gap="sm">
      <FileInput
        label={t('spreadsheet')}
        description={t('spreadsheetHelp')}
        placeholder={t('chooseFile')}
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
        value={file}
        onChange={onFile}
        clearButtonProps={{ 'aria-label': t('removeFile') }}
        disabled={busy}
        clearable
      />
      {only ? (
        <Text size="sm">
          {withNodes((marks) => t('rowsGoTo', marks), {
            school: <strong>{`(#${only.school_code}) ${only.church_name}`}</strong>,
          })}
        </Text>
      ) : (
        <Select
          label={t('schoolForRows')}
          placeholder={schools.isPending ? shared(messages.loading) : t('selectSchool')}
          data={schoolSelectData(schools.data?.schools)}
          searchable
          limit={200}
          nothingFoundMessage={t('noSchools')}
          description={t('schoolForRowsHelp')}
          value={schoolId === null ? null : String(schoolId)}
          onChange={(value) => onSchool(value ? Number(value) : null)}
          clearable
          clearButtonProps={{ 'aria-label': t('clearSchool') }}
          disabled={busy}
        />
      )}
    </Stack>
  );
}
