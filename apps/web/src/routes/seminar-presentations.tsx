import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { presentationsQuery } from '../features/seminars/api.ts';
import { PresentationsEditor } from '../features/seminars/components/presentations-editor.tsx';
import { seminarsText } from '../features/seminars/messages.ts';
import { useOutletSeminar } from '../features/seminars/seminar-outlet.ts';

export function Component() {
  const t = seminarsText.useT();
  const seminar = useOutletSeminar();
  const query = useQuery(presentationsQuery(seminar.id));
  if (!query.data) {
    if (query.isError) throw query.error;
    return (
      <Center p="lg">
        <Loader aria-label={t('loadingPresentations')} />
      </Center>
    );
  }
  // A saved list starts the editor afresh (new presentations get their ids); a failed save keeps the edits.
  return (
    <PresentationsEditor
      key={query.dataUpdatedAt}
      seminarId={seminar.id}
      episodes={query.data.episodes}
      canEdit={seminar.permissions.update}
    />
  );
}
