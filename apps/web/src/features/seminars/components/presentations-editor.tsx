import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { isValidIsoDate } from '@srs/shared/dates';
import { messages } from '@srs/shared/messages';
import type { Episode } from '@srs/shared/series';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DateInput } from '../../../components/date-input.tsx';
import { commonText } from '../../../i18n/common.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { useUpdateSeminar } from '../api.ts';
import { seminarsText } from '../messages.ts';

/** A presentation being edited: a saved one keeps its id and how many attendances hold it. */
export type PresentationDraft = {
  key: string;
  id?: number;
  name: string;
  date: string | null;
  time: string;
  uses: number;
};

let nextKey = 0;
export const draftOf = (episode: Episode): PresentationDraft => ({
  key: `saved-${episode.id}`,
  id: episode.id,
  name: episode.name,
  date: episode.date,
  time: episode.time ?? '',
  uses: episode.uses_count ?? 0,
});
const blank = (): PresentationDraft => ({ key: `new-${(nextKey += 1)}`, name: '', date: null, time: '', uses: 0 });

/** The PUT body's `episodes`: the kept ones in their order, the removed saved ones marked _destroy. */
export function episodesBody(drafts: readonly PresentationDraft[], removed: readonly PresentationDraft[]) {
  return [
    ...drafts.map((draft) => ({
      ...(draft.id ? { id: draft.id } : {}),
      name: draft.name.trim(),
      date: draft.date,
      time: draft.time || null,
    })),
    ...removed.map((draft) => ({ id: draft.id, name: draft.name.trim() || 'Presentation', _destroy: true as const })),
  ];
}

/** Each row's problem before sending: a name is required, a date must be readable (in the language of the moment). */
export function draftErrors(drafts: readonly PresentationDraft[]) {
  return drafts.map((draft) => ({
    name: draft.name.trim() ? undefined : sharedText(messages.fieldRequired),
    date: draft.date === null || isValidIsoDate(draft.date) ? undefined : sharedText(messages.dateInvalid),
  }));
}

type Props = { seminarId: number; episodes: readonly Episode[]; canEdit: boolean };

/**
 * A seminar's presentations with their date and time: add, edit, reorder and remove, saved in one
 * PUT /series/{id}. A presentation with attendances cannot be removed (the server says how many).
 */
export function PresentationsEditor({ seminarId, episodes, canEdit }: Props) {
  const t = seminarsText.useT();
  const c = commonText.useT();
  const [drafts, setDrafts] = useState(() => episodes.map(draftOf));
  const [removed, setRemoved] = useState<PresentationDraft[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  const update = useUpdateSeminar(seminarId);
  const errors = draftErrors(drafts);
  const change = (index: number, patch: Partial<PresentationDraft>) =>
    setDrafts((current) => current.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));
  const move = (index: number, by: number) =>
    setDrafts((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + by, 0, item);
      return next;
    });
  const remove = (index: number) => {
    const draft = drafts[index];
    if (draft?.id) setRemoved((current) => [...current, draft]);
    setDrafts((current) => current.filter((_, i) => i !== index));
  };
  const save = () => {
    setShowErrors(true);
    if (errors.some((error) => error.name || error.date)) return;
    update.mutate(
      { episodes: episodesBody(drafts, removed) },
      {
        // The page then reads the saved list again and starts this editor afresh from it.
        onSuccess: () => showSuccess(seminarsText.t('presentationsSaved')),
      },
    );
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('presentations')}
        </Title>
        {drafts.length === 0 && <Text size="sm">{t('noPresentations', { canEdit: canEdit ? 'yes' : 'no' })}</Text>}
        {drafts.map((draft, index) => (
          <Paper key={draft.key} withBorder p="sm" radius="sm" data-testid="presentation-row">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <Text fw={600} w={28} pt={30} aria-hidden>
                {index + 1}.
              </Text>
              <TextInput
                label={t('presentationName', { number: index + 1 })}
                withAsterisk
                value={draft.name}
                disabled={!canEdit}
                onChange={(event) => change(index, { name: event.currentTarget.value })}
                error={showErrors ? errors[index]?.name : undefined}
                style={{ flex: '2 1 220px' }}
                maxLength={200}
              />
              <div style={{ flex: '1 1 150px' }}>
                <DateInput
                  label={c('date')}
                  value={draft.date}
                  disabled={!canEdit}
                  onChange={(date) => change(index, { date })}
                  error={showErrors ? errors[index]?.date : undefined}
                />
              </div>
              <TextInput
                label={t('timeLabel')}
                type="time"
                value={draft.time}
                disabled={!canEdit}
                onChange={(event) => change(index, { time: event.currentTarget.value })}
                style={{ flex: '1 1 110px' }}
              />
              {canEdit && (
                <Group gap={4} pt={24} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t('movePresentationUp', { number: index + 1 })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <IconArrowUp size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t('movePresentationDown', { number: index + 1 })}
                    disabled={index === drafts.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <IconArrowDown size={18} aria-hidden />
                  </ActionIcon>
                  <Tooltip
                    label={draft.uses > 0 ? t('presentationInUse', { count: draft.uses }) : c('remove')}
                  >
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={t('removePresentation', { number: index + 1 })}
                      disabled={draft.uses > 0}
                      onClick={() => remove(index)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </Group>
            {draft.uses > 0 && (
              <Text size="xs" c="dimmed" mt={4}>
                {t('attendancesRecorded', { count: draft.uses })}
              </Text>
            )}
          </Paper>
        ))}
        {canEdit && (
          <Group justify="space-between">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setDrafts((current) => [...current, blank()])}
            >
              {t('addPresentation')}
            </Button>
            <Button onClick={save} loading={update.isPending}>
              {t('savePresentations')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
