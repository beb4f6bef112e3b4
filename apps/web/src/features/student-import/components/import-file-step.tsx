import { FileInput, Select, Stack, Text } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onlySchoolOf, schoolOptionsQuery, schoolSelectData } from '../../../lib/lookups/schools.ts';

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
  const schools = useQuery(schoolOptionsQuery);
  const only = onlySchoolOf(schools.data?.schools);
  useEffect(() => {
    if (only && schoolId === null) onSchool(only.id);
  }, [only, schoolId, onSchool]);
  return (
    <Stack gap="sm">
      <FileInput
        label="Spreadsheet"
        description="A .csv or .xlsx file whose first row names the columns (English or Spanish headings)."
        placeholder="Choose a .csv or .xlsx file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
        value={file}
        onChange={onFile}
        clearButtonProps={{ 'aria-label': 'Remove the file' }}
        disabled={busy}
        clearable
      />
      {only ? (
        <Text size="sm">
          Rows without a school go to <strong>{`(#${only.school_code}) ${only.church_name}`}</strong>.
        </Text>
      ) : (
        <Select
          label="School for rows without one"
          placeholder={schools.isPending ? messages.loading : 'Select a school'}
          data={schoolSelectData(schools.data?.schools)}
          searchable
          limit={200}
          nothingFoundMessage="No schools found."
          description="Used when the file has no School column, or a row leaves it empty."
          value={schoolId === null ? null : String(schoolId)}
          onChange={(value) => onSchool(value ? Number(value) : null)}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the school' }}
          disabled={busy}
        />
      )}
    </Stack>
  );
}
