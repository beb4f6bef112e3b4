import { UserOverview } from '../features/instructors/components/user-fields.tsx';
import { useOutletUser } from '../features/instructors/user-outlet.ts';

export function Component() {
  return <UserOverview user={useOutletUser()} />;
}
