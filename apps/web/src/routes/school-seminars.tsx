import { SchoolSeminars } from '../features/schools/components/school-seminars.tsx';
import { useOutletSchool } from '../features/schools/school-outlet.ts';
import { useCan } from '../lib/permissions.ts';
import { quickCreateRoles } from '../lib/site-map/entries.ts';
import { pathTo } from '../lib/site-map/paths.ts';

export function Component() {
  const school = useOutletSchool();
  // 'New seminar' leads to /seminars/new?school_id=…, for those who may hold a seminar in this school.
  const mayHold = useCan(quickCreateRoles('seminar')) && school.permissions.offer_series;
  return (
    <SchoolSeminars school={school} newSeminarPath={mayHold ? `${pathTo('seminar-new')}?school_id=${school.id}` : null} />
  );
}
