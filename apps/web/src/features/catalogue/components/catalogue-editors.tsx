import { Badge, Center, Group, Loader, Text, TextInput } from '@mantine/core';
import type { SeriesDetail } from '@srs/shared/series';
import { useQuery } from '@tanstack/react-query';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { DateInput } from '../../../components/date-input.tsx';
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
import { type ItemWords, type ListKind, ListEditor } from './list-editor.tsx';

type Series = Pick<SeriesDetail, 'id' | 'type' | 'permissions'>;

const times = (count: number) => (count === 1 ? 'once' : `${count} times`);

const lessonWords: ItemWords = {
  one: 'lesson',
  many: 'lessons',
  uses: (n) => `Sent ${times(n)}`,
  kept: 'A lesson that was sent cannot be removed',
};
const presentationWords: ItemWords = {
  one: 'presentation',
  many: 'presentations',
  uses: (n) => `Attended or sent ${times(n)}`,
  kept: 'A presentation with attendance cannot be removed',
};
const optionWords: ItemWords = {
  one: 'decision option',
  many: 'decision options',
  uses: (n) => `Recorded ${times(n)}`,
  kept: 'An option in use cannot be removed: switch it off (retire it) to take it out of the pickers',
};
const productWords: ItemWords = {
  one: 'product',
  many: 'products',
  uses: (n) => `Delivered ${times(n)}`,
  kept: 'A product that was delivered cannot be removed: switch it off (retire it) to take it out of the pickers',
};

type Shown = { loaded: Draft[] | undefined; loading: boolean };

/** The list as those who only read the catalogue see it. */
function ReadOnlyList({ kind, words, shown }: { kind: ListKind; words: ItemWords; shown: Shown }) {
  const columns: Column<Draft>[] = [
    { key: 'position', header: '#', render: (item) => shown.loaded!.indexOf(item) + 1, width: 50 },
    { key: 'name', header: 'NAME', render: (item) => item.name },
  ];
  if (kind === 'episodes') {
    columns.push({ key: 'date', header: 'DATE', render: (item) => item.date || '-' });
    columns.push({ key: 'time', header: 'TIME', render: (item) => item.time || '-' });
  }
  if (kind === 'products') columns.push({ key: 'price', header: 'DEFAULT PRICE', render: (item) => item.price });
  if (kind !== 'episodes') {
    columns.push({
      key: 'status',
      header: 'STATUS',
      render: (item) => (item.active ? 'Active' : <Badge color="gray">Retired</Badge>),
    });
  }
  return (
    <DataTable
      label={words.many}
      columns={columns}
      rows={shown.loaded}
      rowKey={(item) => item.key}
      emptyMessage={`No ${words.many} yet.`}
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
  const save = useSaveCatalogue(props.series.id);
  if (!props.series.permissions.update) return <ReadOnlyList kind={props.kind} words={props.words} shown={props.shown} />;
  if (!props.shown.loaded) {
    return (
      <Center p="lg">
        <Loader size="sm" aria-label="Loading" />
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
  const seminar = series.type === 'Seminar';
  return (
    <Editor
      series={series}
      kind="episodes"
      words={seminar ? presentationWords : lessonWords}
      shown={{ loaded: query.data, loading: query.isFetching }}
      payload={(items) => ({ episodes: episodesPayload(items) })}
      fields={
        seminar
          ? (item, change, error, mobile) => (
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <DateInput
                  label={mobile ? 'Date' : undefined}
                  aria-label={mobile ? undefined : `Date of ${item.name || 'the new presentation'}`}
                  value={item.date === '' ? null : item.date}
                  disabled={item.destroy}
                  error={error}
                  onChange={(date) => change({ date: date ?? '' })}
                />
                <TextInput
                  type="time"
                  label={mobile ? 'Time' : undefined}
                  aria-label={mobile ? undefined : `Time of ${item.name || 'the new presentation'}`}
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
  const query = useQuery({ ...editorDecisionOptionsQuery(series.id), select: (data) => draftsOfOptions(data.decision_options) });
  return (
    <Editor
      series={series}
      kind="decision_options"
      words={optionWords}
      shown={{ loaded: query.data, loading: query.isFetching }}
      payload={(items) => ({ decision_options: optionsPayload(items) })}
    />
  );
}

export function ProductsEditor({ series }: { series: Series }) {
  const query = useQuery({ ...editorProductsQuery(series.id) });
  const shared = (query.data?.products ?? []).filter((p) => (p.other_series_count ?? 0) > 0).length;
  return (
    <>
      {series.permissions.update && shared > 0 && (
        <Text size="sm" c="dimmed" mb="sm">
          {shared === 1 ? 'One product is' : `${shared} products are`} also carried by other courses or seminars. A
          new name or price applies to them too when you keep them all; otherwise this{' '}
          {series.type === 'Course' ? 'course' : 'seminar'} gets its own copy. Deliveries already made keep their price.
        </Text>
      )}
      <Editor
        series={series}
        kind="products"
        words={productWords}
        shown={{
          loaded: query.data ? draftsOfProducts(query.data.products) : undefined,
          loading: query.isFetching,
        }}
        payload={(items) => ({ products: productsPayload(items) })}
        fields={(item, change, error, mobile) => (
          <TextInput
            label={mobile ? 'Default price' : undefined}
            aria-label={mobile ? undefined : `Default price of ${item.name || 'the new product'}`}
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
