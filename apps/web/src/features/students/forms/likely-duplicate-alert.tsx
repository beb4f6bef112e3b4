import { Alert, Anchor, List, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Student } from '@srs/shared/students';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { studentPath } from '../../../lib/site-map/paths.ts';
import { duplicateSearchQuery } from '../api.ts';
import { fullName, schoolLabel } from '../format.ts';

/** SPEC section 5's quick-find pause: the check waits until the typing stops. */
const pauseMs = 500;

/** '12345-6789' and '12345' are the same US zip; elsewhere the code as typed, without spaces. */
export function sameZip(a: string | null | undefined, b: string | null | undefined): boolean {
  const normal = (zip: string | null | undefined) => {
    const compact = (zip ?? '').replace(/\s+/g, '').toUpperCase();
    return /^\d{5}(-?\d{4})?$/.test(compact) ? compact.slice(0, 5) : compact;
  };
  return normal(a) !== '' && normal(a) === normal(b);
}

export function likelyDuplicates(students: readonly Student[], lastName: string, zipCode: string): Student[] {
  const last = lastName.trim().toLocaleLowerCase();
  return students.filter(
    (student) => student.last_name.trim().toLocaleLowerCase() === last && sameZip(student.zip_code, zipCode),
  );
}

type Props = { lastName: string; zipCode: string; exceptId?: number };

/**
 * Once a last name and a zip are typed, names any visible student with both: a likely
 * duplicate. A warning only: two people can share a name and a zip.
 */
export function LikelyDuplicateAlert({ lastName, zipCode, exceptId }: Props) {
  const [last] = useDebouncedValue(lastName.trim(), pauseMs);
  const [zip] = useDebouncedValue(zipCode.trim(), pauseMs);
  const ready = last !== '' && zip.length >= 3;
  const search = useQuery({ ...duplicateSearchQuery([last]), enabled: ready });
  if (!ready || !search.data) return null;
  const found = likelyDuplicates(search.data.students, last, zip).filter(
    (student) => student.id !== exceptId,
  );
  if (found.length === 0) return null;
  return (
    <Alert color="yellow" title="Likely duplicate" role="status">
      <Text size="sm">A student with the same last name and zip code is already recorded:</Text>
      <List size="sm" mt={4}>
        {found.map((student) => (
          <List.Item key={student.id}>
            <Anchor component={Link} to={studentPath(student.id)} size="sm">
              {fullName(student)}
            </Anchor>{' '}
            · {[student.address, student.city, student.zip_code].filter(Boolean).join(', ')} ·{' '}
            {schoolLabel(student.school)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
