import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { messages } from '@srs/shared/messages';
import { commonText } from '../../../i18n/common.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import {
  addDraft,
  canRemove,
  type Draft,
  draftErrors,
  isChanged,
  moveDraft,
  toggleRemove,
  updateDraft,
} from '../catalogue-list.ts';
import { catalogueText } from '../messages.ts';

export type ListKind = 'episodes' | 'decision_options' | 'products';

/** What the list holds, for the sentences that name it (in Spanish their gender follows it). */
export type ItemKind = 'lesson' | 'presentation' | 'option' | 'product';

export type ItemWords = {
  /** 'lesson', 'presentation', 'decision option', 'product', in the reader's language */
  one: string;
  many: string;
  /** What holds an item in use, for its line: 'Sent 3 times', 'Recorded 2 times'. */
  uses: (count: number) => string;
  /** Why an item in use cannot be removed. */
  kept: string;
  /** The kind of item; by default the list's (a series' episodes are lessons unless said otherwise). */
  item?: ItemKind;
};

const itemOfList: Record<ListKind, ItemKind> = { episodes: 'lesson', decision_options: 'option', products: 'product' };

type Props = {
  kind: ListKind;
  words: ItemWords;
  loaded: Draft[];
  /** Decision options and products are retired (active off) rather than removed when in use. */
  retire: boolean;
  /**
   * The item's own fields besides its name: a presentation's date and time, a product's price;
   * `error` is theirs (a price, a date that cannot be read).
   */
  fields?: (item: Draft, change: (patch: Partial<Draft>) => void, error: string | undefined, mobile: boolean) => ReactNode;
  onSave: (items: Draft[]) => Promise<unknown>;
  saving: boolean;
};

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * The editor of a series' ordered list: rename in place, move up and down with buttons (a thumb
 * can press them: no dragging needed), add at the end, mark for removal (undone until saved) or
 * retire; Save sends the whole list in its order. A failed save keeps every change on screen.
 */
export function ListEditor({ kind, words, loaded, retire, fields, onSave, saving }: Props) {
  const t = catalogueText.useT();
  const c = commonText.useT();
  const mobile = useIsMobile();
  const [draft, setDraft] = useState<Draft[] | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const items = draft ?? loaded;
  const change = (next: Draft[]) => setDraft(next);
  const errors = draftErrors(items, kind);
  const removals = items.filter((item) => item.destroy).length;
  const changed = isChanged(items, loaded);
  const iconSize = mobile ? 'xl' : 'lg';
  const itemKind = words.item ?? itemOfList[kind];
  const nouns = { item: itemKind, one: words.one, many: words.many };
  const label = capitalized(t('nameLabel', nouns));
  const note = (entry: Draft) =>
    entry.destroy
      ? t('willBeRemoved')
      : entry.uses > 0
        ? t('inUse', { uses: words.uses(entry.uses), hint: retire ? t('retireHint', { item: itemKind }) : '' })
        : undefined;

  const save = async () => {
    if (Object.keys(errors).length > 0) {
      setShowErrors(true);
      return;
    }
    try {
      await onSave(items);
    } catch {
      return; // The shared handler has said why; the list keeps what the user typed.
    }
    setShowErrors(false);
    setDraft(null);
    showSuccess(sharedText(messages.updated));
  };

  return (
    <Stack gap={mobile ? 'sm' : 0}>
      {items.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('emptyList', nouns)}
        </Text>
      )}
      {items.map((item, index) => {
        const name = item.name.trim() === '' ? t('newItem', nouns) : `"${item.name}"`;
        const error = showErrors ? errors[item.key] : undefined;
        const removable = canRemove(item);
        return (
          <Paper
            key={item.key}
            withBorder={mobile}
            p={mobile ? 'xs' : 0}
            py={mobile ? 'xs' : 6}
            bg={item.destroy ? 'gray.1' : undefined}
            style={mobile ? undefined : { borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Group gap="xs" align="flex-start" wrap={mobile ? 'wrap' : 'nowrap'}>
              <Badge variant="light" size="lg" mt={mobile ? 30 : 4} aria-label={t('position', { number: index + 1 })}>
                {index + 1}
              </Badge>
              <TextInput
                label={mobile ? label : undefined}
                aria-label={mobile ? undefined : `${label} ${index + 1}`}
                value={item.name}
                onChange={(event) => change(updateDraft(items, item.key, { name: event.currentTarget.value }))}
                error={error?.name}
                disabled={item.destroy}
                description={note(item)}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                style={{ flex: 1, minWidth: mobile ? '70%' : 200 }}
                styles={{ input: { textDecoration: item.destroy ? 'line-through' : undefined } }}
              />
              {fields?.(item, (patch) => change(updateDraft(items, item.key, patch)), error?.price ?? error?.date, mobile)}
              {retire && (
                <Switch
                  mt={mobile ? 'xs' : 8}
                  w={mobile ? undefined : 100}
                  label={item.active ? t('active', nouns) : t('retired', nouns)}
                  checked={item.active}
                  disabled={item.destroy}
                  onChange={(event) => change(updateDraft(items, item.key, { active: event.currentTarget.checked }))}
                  aria-label={t('activeSwitch', { item: itemKind, name })}
                />
              )}
              <Group gap={4} wrap="nowrap" ml={mobile ? 'auto' : 0}>
                <Tooltip label={t('moveUp')}>
                  <ActionIcon
                    variant="default"
                    size={iconSize}
                    aria-label={t('moveItemUp', { name })}
                    disabled={index === 0}
                    onClick={() => change(moveDraft(items, item.key, -1))}
                  >
                    <IconArrowUp size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('moveDown')}>
                  <ActionIcon
                    variant="default"
                    size={iconSize}
                    aria-label={t('moveItemDown', { name })}
                    disabled={index === items.length - 1}
                    onClick={() => change(moveDraft(items, item.key, 1))}
                  >
                    <IconArrowDown size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={item.destroy ? t('keepIt') : removable ? c('remove') : words.kept}>
                  <ActionIcon
                    variant={item.destroy ? 'filled' : 'light'}
                    color={item.destroy ? 'gray' : 'red'}
                    size={iconSize}
                    aria-label={item.destroy ? t('keepItem', { name }) : t('removeItem', { name })}
                    disabled={!item.destroy && !removable}
                    onClick={() => change(toggleRemove(items, item.key))}
                  >
                    {item.destroy ? <IconArrowBackUp size={18} /> : <IconTrash size={18} />}
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          </Paper>
        );
      })}
      {showErrors && Object.keys(errors).length > 0 && (
        <Alert color="red" role="alert">
          {t('needCorrection', nouns)}
        </Alert>
      )}
      <Group justify="space-between" gap="sm" mt="sm">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => change(addDraft(items))}
          size={mobile ? 'md' : 'sm'}
        >
          {t('addItem', nouns)}
        </Button>
        <Group gap="sm">
          {changed && (
            <Button variant="default" onClick={() => setDraft(null)} disabled={saving} size={mobile ? 'md' : 'sm'}>
              {t('discardChanges')}
            </Button>
          )}
          <Button onClick={() => void save()} loading={saving} disabled={!changed} size={mobile ? 'md' : 'sm'}>
            {t('saveItems', nouns)}
          </Button>
        </Group>
      </Group>
      {changed && removals > 0 && (
        <Text size="sm" c="dimmed">
          {t('removesForGood', { ...nouns, count: removals })}
        </Text>
      )}
    </Stack>
  );
}
