import { describe, expect, it } from 'vitest';
import {
  addDraft,
  canRemove,
  draftErrors,
  draftsOfEpisodes,
  draftsOfOptions,
  draftsOfProducts,
  episodesPayload,
  isChanged,
  moveDraft,
  optionsPayload,
  priceError,
  productsPayload,
  toggleRemove,
  updateDraft,
} from '../src/features/catalogue/catalogue-list.ts';

const lessons = draftsOfEpisodes([
  { id: 1, position: 1, name: 'One', date: null, time: null, uses_count: 2 },
  { id: 2, position: 2, name: 'Two', date: null, time: null, uses_count: 0 },
  { id: 3, position: 3, name: 'Three', date: '2026-05-01', time: '19:30', uses_count: 0 },
]);
const names = (items: { name: string }[]) => items.map((item) => item.name);

describe('catalogue list editor logic', () => {
  it('moves an item up and down, and nothing moves past either end', () => {
    expect(names(moveDraft(lessons, '2', -1))).toEqual(['Two', 'One', 'Three']);
    expect(names(moveDraft(lessons, '2', 1))).toEqual(['One', 'Three', 'Two']);
    expect(names(moveDraft(lessons, '1', -1))).toEqual(['One', 'Two', 'Three']);
    expect(names(moveDraft(lessons, '3', 1))).toEqual(['One', 'Two', 'Three']);
    expect(names(moveDraft(lessons, 'missing', 1))).toEqual(['One', 'Two', 'Three']);
  });

  it('marks a saved item for removal and undoes it; a new item simply leaves; one in use stays', () => {
    const marked = toggleRemove(lessons, '2');
    expect(marked.find((item) => item.id === 2)?.destroy).toBe(true);
    expect(toggleRemove(marked, '2').find((item) => item.id === 2)?.destroy).toBe(false);
    expect(canRemove(lessons[0]!)).toBe(false);
    expect(toggleRemove(lessons, '1')).toEqual(lessons);
    const added = addDraft(lessons, { name: 'Four' });
    const newKey = added.at(-1)!.key;
    expect(added.at(-1)).toMatchObject({ id: null, name: 'Four', destroy: false });
    expect(names(toggleRemove(added, newKey))).toEqual(['One', 'Two', 'Three']);
  });

  it('sends the list in its order with ids, _destroy marks and new items without id', () => {
    let items = moveDraft(lessons, '3', -1);
    items = toggleRemove(items, '2');
    items = addDraft(items, { name: ' Four ' });
    items = updateDraft(items, '3', { name: 'Three renamed', time: '' });
    expect(episodesPayload(items)).toEqual([
      { id: 1, name: 'One', date: null, time: null },
      { id: 3, name: 'Three renamed', date: '2026-05-01', time: null },
      { id: 2, name: 'Two', date: null, time: null, _destroy: true },
      { name: 'Four', date: null, time: null },
    ]);
    expect(isChanged(items, lessons)).toBe(true);
    expect(isChanged(draftsOfEpisodes([]), draftsOfEpisodes([]))).toBe(false);
  });

  it('retires decision options and products with active, and sends prices as typed', () => {
    const options = draftsOfOptions([{ id: 7, name: 'Baptism', position: 1, active: true, uses_count: 3 }]);
    expect(optionsPayload(updateDraft(options, '7', { active: false }))).toEqual([
      { id: 7, name: 'Baptism', active: false },
    ]);
    const products = draftsOfProducts([{ id: 9, name: 'Bible', default_price: '12.00', active: true, uses_count: 0 }]);
    const withNew = addDraft(products, { name: 'Tract', price: '0.5' });
    expect(productsPayload(withNew)).toEqual([
      { product_offer_id: 9, name: 'Bible', default_price: '12.00', active: true },
      { name: 'Tract', default_price: '0.5', active: true },
    ]);
  });

  it('asks for a name and a price of two decimals at most before saving', () => {
    expect(priceError('4.50')).toBeNull();
    expect(priceError('4')).toBeNull();
    expect(priceError('')).toBe('This field is required');
    expect(priceError('4.505')).toMatch(/two decimals/);
    expect(priceError('-1')).toMatch(/two decimals/);
    const items = addDraft(draftsOfProducts([]), { name: ' ', price: 'abc' });
    const key = items[0]!.key;
    expect(draftErrors(items, 'products')).toEqual({
      [key]: { name: 'This field is required', price: 'Enter an amount such as 4.50 (at most two decimals)' },
    });
    // An item marked for removal needs no correction.
    expect(draftErrors(toggleRemove(updateDraft(lessons, '2', { name: '' }), '2'), 'episodes')).toEqual({});
  });

  it("refuses a presentation date that cannot be read with 'Date input not valid.'; an empty one is none", () => {
    const unread = updateDraft(lessons, '3', { date: '13/01/2026' });
    expect(draftErrors(unread, 'episodes')).toEqual({ '3': { date: 'Date input not valid.' } });
    expect(draftErrors(updateDraft(lessons, '3', { date: '' }), 'episodes')).toEqual({});
    expect(draftErrors(toggleRemove(unread, '3'), 'episodes')).toEqual({});
  });

  it('refuses a second lesson of the same name, whatever its case and spaces, unless one is removed', () => {
    const twice = updateDraft(lessons, '2', { name: ` ${lessons[0]!.name.toUpperCase()} ` });
    expect(draftErrors(twice, 'episodes')).toEqual({ '2': { name: 'Name has already been taken' } });
    expect(draftErrors(toggleRemove(twice, '2'), 'episodes')).toEqual({});
  });
});
