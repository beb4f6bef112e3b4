import { isValidIsoDate } from '@srs/shared/dates';
import { messages } from '@srs/shared/messages';
import type {
  DecisionOption,
  DecisionOptionInput,
  Episode,
  EpisodeInput,
  ProductOffer,
  SeriesProductInput,
} from '@srs/shared/series';
import type { z } from 'zod';
import { sharedText } from '../../i18n/shared.ts';
import { catalogueText } from './messages.ts';

/**
 * The editors' list logic (lessons or presentations, decision options, products): a draft of the
 * list the user reorders, renames, adds to and marks for removal, then saves at once with
 * PUT /series/{id}, whose array order is the position of the kept items.
 */
export type Draft = {
  /** Stable for React: the record's id, or a new item's own key. */
  key: string;
  id: number | null;
  name: string;
  /**
   * A presentation's date (YYYY-MM-DD, or the text typed when it cannot be read) and time (HH:MM),
   * empty when none.
   */
  date: string;
  time: string;
  /** A product's default price as typed ('4.50'). */
  price: string;
  active: boolean;
  /** Marked for removal: shown struck through until saved, and can be undone. */
  destroy: boolean;
  /** How many records hold it: a lesson sent, a decision, a delivery. Such an item is never removed. */
  uses: number;
};

let counter = 0;
const newKey = () => {
  counter += 1;
  return `new-${counter}`;
};

const blank: Omit<Draft, 'key' | 'id'> = {
  name: '',
  date: '',
  time: '',
  price: '',
  active: true,
  destroy: false,
  uses: 0,
};

export const draftsOfEpisodes = (episodes: readonly Episode[]): Draft[] =>
  episodes.map((e) => ({
    ...blank,
    key: String(e.id),
    id: e.id,
    name: e.name,
    date: e.date ?? '',
    time: e.time ?? '',
    uses: e.uses_count ?? 0,
  }));

export const draftsOfOptions = (options: readonly DecisionOption[]): Draft[] =>
  options.map((o) => ({ ...blank, key: String(o.id), id: o.id, name: o.name, active: o.active, uses: o.uses_count ?? 0 }));

export const draftsOfProducts = (products: readonly ProductOffer[]): Draft[] =>
  products.map((p) => ({
    ...blank,
    key: String(p.id),
    id: p.id,
    name: p.name,
    price: p.default_price,
    active: p.active,
    uses: p.uses_count ?? 0,
  }));

/** A new item at the end of the list. */
export const addDraft = (items: readonly Draft[], values: Partial<Draft> = {}): Draft[] => [
  ...items,
  { ...blank, ...values, key: newKey(), id: null },
];

export const updateDraft = (items: readonly Draft[], key: string, patch: Partial<Draft>): Draft[] =>
  items.map((item) => (item.key === key ? { ...item, ...patch } : item));

/** Moves an item one place up (-1) or down (+1); at either end nothing moves. */
export function moveDraft(items: readonly Draft[], key: string, delta: -1 | 1): Draft[] {
  const from = items.findIndex((item) => item.key === key);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** Whether the item may be removed: never when records hold it (retire it, or keep the lesson). */
export const canRemove = (item: Draft) => item.id === null || item.uses === 0;

/**
 * Remove, or undo a removal: a new item simply leaves the list; a saved one is marked (undone by a
 * second call); one that records hold stays as it is.
 */
export function toggleRemove(items: readonly Draft[], key: string): Draft[] {
  const item = items.find((i) => i.key === key);
  if (!item) return [...items];
  if (item.id === null) return items.filter((i) => i.key !== key);
  if (!item.destroy && !canRemove(item)) return [...items];
  return updateDraft(items, key, { destroy: !item.destroy });
}

/** Whether the draft differs from what was loaded (the Save and Discard buttons). */
export function isChanged(items: readonly Draft[], loaded: readonly Draft[]): boolean {
  const strip = (list: readonly Draft[]) =>
    JSON.stringify(list.map(({ id, name, date, time, price, active, destroy }) => [id, name, date, time, price, active, destroy]));
  return strip(items) !== strip(loaded);
}

/** A price of SPEC section 5: a number, minimum 0, at most two decimals; its problem in the language of the moment. */
export const priceError = (price: string): string | null => {
  const text = price.trim();
  if (text === '') return sharedText(messages.fieldRequired);
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return catalogueText.t('priceInvalid');
  return null;
};

/** The messages of the items the user must fix before saving, by key, in the language of the moment. */
export function draftErrors(items: readonly Draft[], kind: 'episodes' | 'decision_options' | 'products') {
  const errors: Record<string, { name?: string; price?: string; date?: string }> = {};
  // Two of one series never share a name (the server refuses it too): a picker could not tell them apart.
  const seen = new Set<string>();
  for (const item of items) {
    if (item.destroy) continue;
    const key = item.name.trim().toLowerCase();
    const name =
      key === '' ? sharedText(messages.fieldRequired) : seen.has(key) ? catalogueText.t('nameTaken') : undefined;
    seen.add(key);
    const price = kind === 'products' ? (priceError(item.price) ?? undefined) : undefined;
    const date = kind === 'episodes' && item.date !== '' && !isValidIsoDate(item.date) ? sharedText(messages.dateInvalid) : undefined;
    if (name || price || date) {
      errors[item.key] = { ...(name ? { name } : {}), ...(price ? { price } : {}), ...(date ? { date } : {}) };
    }
  }
  return errors;
}

const destroyed = (item: Draft) => (item.destroy ? { _destroy: true as const } : {});
const idOf = (item: Draft) => (item.id === null ? {} : { id: item.id });

export const episodesPayload = (items: readonly Draft[]): z.input<typeof EpisodeInput>[] =>
  items.map((item) => ({
    ...idOf(item),
    name: item.name.trim(),
    date: item.date === '' ? null : item.date,
    time: item.time === '' ? null : item.time,
    ...destroyed(item),
  }));

export const optionsPayload = (items: readonly Draft[]): z.input<typeof DecisionOptionInput>[] =>
  items.map((item) => ({ ...idOf(item), name: item.name.trim(), active: item.active, ...destroyed(item) }));

export const productsPayload = (items: readonly Draft[]): z.input<typeof SeriesProductInput>[] =>
  items.map((item) => ({
    ...(item.id === null ? {} : { product_offer_id: item.id }),
    name: item.name.trim(),
    default_price: item.price.trim(),
    active: item.active,
    ...destroyed(item),
  }));
