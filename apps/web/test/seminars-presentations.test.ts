import { describe, expect, it } from 'vitest';
import {
  draftErrors,
  draftOf,
  episodesBody,
  type PresentationDraft,
} from '../src/features/seminars/components/presentations-editor.tsx';

const saved = (id: number, name: string, uses = 0): PresentationDraft =>
  draftOf({ id, position: id, name, date: '2026-04-01', time: '19:30', uses_count: uses });

describe('the presentations editor (seminar presentations tab)', () => {
  it('sends the kept presentations in their order, new ones without id, removed saved ones marked _destroy', () => {
    const first = saved(1, 'Night 1');
    const second = saved(2, 'Night 2');
    const added: PresentationDraft = { key: 'new-1', name: '  Night 3 ', date: null, time: '', uses: 0 };
    expect(episodesBody([second, added], [first])).toEqual([
      { id: 2, name: 'Night 2', date: '2026-04-01', time: '19:30' },
      { name: 'Night 3', date: null, time: null },
      { id: 1, name: 'Night 1', _destroy: true },
    ]);
  });

  it('keeps how many attendances hold a saved presentation', () => {
    expect(saved(4, 'Night 4', 3)).toMatchObject({ id: 4, uses: 3, time: '19:30' });
  });

  it("asks for a name and a readable date before sending (SPEC section 5's messages)", () => {
    const drafts: PresentationDraft[] = [
      { key: 'a', name: ' ', date: null, time: '', uses: 0 },
      { key: 'b', name: 'Night 2', date: '02/30/2026', time: '', uses: 0 },
      { key: 'c', name: 'Night 3', date: '2026-04-03', time: '19:30', uses: 0 },
    ];
    expect(draftErrors(drafts)).toEqual([
      { name: 'This field is required', date: undefined },
      { name: undefined, date: 'Date input not valid.' },
      { name: undefined, date: undefined },
    ]);
  });
});
