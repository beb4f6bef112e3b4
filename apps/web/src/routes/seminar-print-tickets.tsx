import { PrintTickets } from '../features/seminars/components/print-tickets.tsx';
import { useOutletSeminar } from '../features/seminars/seminar-outlet.ts';

export function Component() {
  return <PrintTickets seminarId={useOutletSeminar().id} />;
}
