import { Badge, Center, Group, Loader, Text, TextInput } from '@mantine/core';
import type { SeriesDetail } from '@srs/shared/series';
import { useQuery } from '@tanstack/react-query';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { DateInput } from '../../../components/date-input.tsx';
import { commonText } from '../../../i18n/common.ts';
import { formatDate } from '../../../i18n/format.ts';
import { editorDecisionOptionsQuery, editorEpisodesQuery, editorProductsQuery, useSaveCatalogue } from '../api.ts';
import {
  type Draft,
  draftsOfEpisodes,
  draftsOfOptions,
  draftsOfProducts,
  episodesPayload,
  optionsPayload,
  productsPayload,
} from '../catalogue-list.ts';
import { catalogueText } from '../messages.ts';
import { type ItemKind, type ItemWords, type ListKind, ListEditor } from './list-editor.tsx';

type Series = Pick<SeriesDetail, 'id' | 'type' | 'permissions'>;
type Translate = ReturnType<typeof catalogueText.useT>;

/** How a list names its items, in the reader's language: 'lesson', 'Sent 3 times'… */
function wordsOf(t: Translate, item: ItemKind): ItemWords {
  return {
    item,
    one: t(`${item}One`),
    many: t(`${item}Many`),
    uses: (count) => t(`${item}Uses`, { count }),
    kept: t(`${item}Kept`),
  };
}

type Shown = { loaded: Draft[] | undefined; loading: boolean };

/** The list as those who only read the catalogue see it. */
function ReadOnlyList({ kind, words, shown }: { kind: ListKind; words: ItemWords; shown: Shown }) {
  const t = catalogueText.useT();
  const nouns = { item: words.item ?? 'other' };
  const columns: Column<Draft>[] = [
    { key: 'position', header: '#', render: (item) => shown.loaded!.indexOf(item) + 1, width: 50 },
    { key: 'name', header: t('nameHeader'), render: (item) => item.name },
  ];
  if (kind === 'episodes') {
    columns.push({ key: 'date', header: t('dateHeader'), render: (item) => (item.date ? formatDate(item.date) : '-') });
    columns.push({ key: 'time', header: t('timeHeader'), render: (item) => item.time || '-' });
  }
  if (kind === 'products') columns.push({ key: 'price', header: t('priceHeader'), render: (item) => item.price });
  if (kind !== 'episodes') {
    columns.push({
      key: 'status',
      header: t('statusHeader'),
      render: (item) => (item.active ? t('active', nouns) : <Badge color="gray">{t('retired', nouns)}</Badge>),
    });
  }
  return (
    <DataTable
      label={words.many}
      columns={columns}
      rows={shown.loaded}
      rowKey={(item) => item.key}
      emptyMessage={t('emptyReadOnly', { many: words.many })}
      loading={shown.loading}
      scroll="page"
    />
  );
}

function Editor(props: {
  series: Series;
  kind: ListKind;
  words: ItemWords;
  shown: Shown;
  payload: (items: Draft[]) => Record<string, unknown>;
  fields?: Parameters<typeof ListEditor>[0]['fields'];
}) {
  const t = catalogueText.useT();
  const save = useSaveCatalogue(props.series.id);
  if (!props.series.permissions.update) return <ReadOnlyList kind={props.kind} words={props.words} shown={props.shown} />;
  if (!props.shown.loaded) {
    return (
      <Center p="lg">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  }
  return (
    <ListEditor
      kind={props.kind}
      words={props.words}
      loaded={props.shown.loaded}
      retire={props.kind !== 'episodes'}
      fields={props.fields}
      saving={save.isPending}
      onSave={(items) => save.mutateAsync(props.payload(items))}
    />
  );
}

/** A course's lessons, or a seminar's presentations with their date and time. */
export function EpisodesEditor({ series }: { series: Series }) {
  const query = useQuery({ ...editorEpisodesQuery(series.id), select: (data) => draftsOfEpisodes(data.episodes) });
  const t = catalogueText.useT();
  const c = commonText.useT();
  const seminar = series.type === 'Seminar';
  return (
    <Editor
      series={series}
      kind="episodes"
      words={wordsOf(t, seminar ? 'presentation' : 'lesson')}
      shown={{ loaded: query.data, loading: query.isFetching }}
      payload={(items) => ({ episodes: episodesPayload(items) })}
      fields={
        seminar
          ? (item, change, error, mobile) => (
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <DateInput
                  label={mobile ? c('date') : undefined}
                  aria-label={mobile ? undefined : t('dateOf', { name: item.name || t('theNewPresentation') })}
                  value={item.date === '' ? null : item.date}
                  disabled={item.destroy}
                  error={error}
                  onChange={(date) => change({ date: date ?? '' })}
                />
                <TextInput
                  type="time"
                  label={mobile ? t('time') : undefined}
                  aria-label={mobile ? undefined : t('timeOf', { name: item.name || t('theNewPresentation') })}
                  value={item.time}
                  disabled={item.destroy}
                  onChange={(event) => change({ time: event.currentTarget.value })}
                />
              </Group>
            )
          : undefined
      }
    />
  );
}

export function DecisionOptionsEditor({ series }: { series: Series }) {
  const t = catalogueText.useT();
  const query = useQuery({ ...editorDecisionOptionsQuery(series.id), select: (data) => draftsOfOptions(data.decision_options) });
  return (
    <Editor
      series={series}
      kind="decision_options"
      words={wordsOf(t, 'option')}
      shown={{ loaded: query.data, loading: query.isFetching }}
      payload={(items) => ({ decision_options: optionsPayload(items) })}
    />
  );
}

export function ProductsEditor({ series }: { series: Series }) {
  const t = catalogueText.useT();
  const query = useQuery({ ...editorProductsQuery(series.id) });
  const shared = (query.data?.products ?? []).filter((p) => (p.other_series_count ?? 0) > 0).length;
  return (
    <>
      {series.permissions.update && shared > 0 && (
        <Text size="sm" c="dimmed" mb="sm">
          {t('sharedProducts', { shared, type: series.type })}
        </Text>
      )}
      <Editor
        series={series}
        kind="products"
        words={wordsOf(t, 'product')}
        shown={{
          loaded: query.data ? draftsOfProducts(query.data.products) : undefined,
          loading: query.isFetching,
        }}
        payload={(items) => ({ products: productsPayload(items) })}
        fields={(item, change, error, mobile) => (
          <TextInput
            label={mobile ? t('defaultPrice') : undefined}
            aria-label={mobile ? undefined : t('defaultPriceOf', { name: item.name || t('theNewProduct') })}
            inputMode="decimal"
            value={item.price}
            error={error}
            disabled={item.destroy}
            placeholder="0.00"
            w={120}
            onChange={(event) => change({ price: event.currentTarget.value })}
          />
        )}
      />
    </>
  );
}
