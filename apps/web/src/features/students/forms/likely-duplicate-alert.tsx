import { Alert, Anchor, List, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { studentEndpoints } from '@srs/shared/endpoints/students';
import { duplicateReasonLabels, type LikelyDuplicatesQuery } from '@srs/shared/student-duplicates';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSharedText } from '../../../i18n/shared.ts';
import { call } from '../../../lib/http.ts';
import { studentKeys } from '../../../lib/query-keys.ts';
import { studentPath } from '../../../lib/site-map/paths.ts';
import { fullName, schoolLabel } from '../format.ts';
import { studentFormText } from './messages.ts';

/** SPEC section 5's quick-find pause: the check waits until the typing stops. */
const pauseMs = 500;

/** The person being typed, as the check reads it. */
export type TypedPerson = { first_name: string; last_name: string; zip_code: string; email: string; phone: string };

/**
 * What is worth asking about: a name with a zip, an email, or a phone of 7 digits. The server
 * decides the match by the import's keys (issue 27); a field typed halfway asks nothing.
 */
export function checkQuery(person: TypedPerson): LikelyDuplicatesQuery | null {
  const query: LikelyDuplicatesQuery = {};
  const first = person.first_name.trim();
  const last = person.last_name.trim();
  const zip = person.zip_code.trim();
  if (first && last && zip.length >= 3) Object.assign(query, { first_name: first, last_name: last, zip_code: zip });
  if (/\S@\S+\.\S/.test(person.email)) query.email = person.email.trim();
  if (person.phone.replace(/\D/g, '').length >= 7) query.phone = person.phone.trim();
  return Object.keys(query).length > 0 ? query : null;
}

const likelyDuplicatesQuery = (query: LikelyDuplicatesQuery) =>
  queryOptions({
    queryKey: [...studentKeys.all, 'likely_duplicates', query] as const,
    queryFn: ({ signal }) => call(studentEndpoints.likelyDuplicates, { query, signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

type Props = { person: TypedPerson; exceptId?: number };

/**
 * Once a name and zip, an email or a phone is typed, names any visible student who is likely the
 * same person: the same check as an import's and the duplicates page's. A warning only: two
 * people can share a name and a zip.
 */
export function LikelyDuplicateAlert({ person, exceptId }: Props) {
  const t = studentFormText.useT();
  const shared = useSharedText();
  // Compared as text: a new object each render would start the pause again.
  const [typed] = useDebouncedValue(JSON.stringify(person), pauseMs);
  const query = checkQuery(JSON.parse(typed) as TypedPerson);
  const check = useQuery({ ...likelyDuplicatesQuery(query ?? {}), enabled: query !== null });
  if (query === null || !check.data) return null;
  const found = check.data.students.filter((student) => student.id !== exceptId);
  if (found.length === 0) return null;
  return (
    <Alert color="yellow" title={t('likelyDuplicate')} role="status">
      <Text size="sm">{t('alreadyRecorded')}</Text>
      <List size="sm" mt={4}>
        {found.map((student) => (
          <List.Item key={student.id}>
            <Anchor component={Link} to={studentPath(student.id)} size="sm">
              {fullName(student)}
            </Anchor>{' '}
            · {[student.address, student.city, student.zip_code].filter(Boolean).join(', ')} ·{' '}
            {schoolLabel(student.school)} · {student.reasons.map((reason) => shared(duplicateReasonLabels[reason])).join(', ')}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
