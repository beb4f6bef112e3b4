import { act, fireEvent, render, screen } from '@testing-library/react';
import { idempotencyKeyHeader, idempotencyMessages } from '@srs/shared/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { send } from '../src/lib/http.ts';
import { useSubmitOnce } from '../src/lib/use-submit-once.ts';
import { beginWrite, forgetWriteKeys, repeatWindowMs } from '../src/lib/write-keys.ts';

/** One write, once (issue 25): the key every write carries, and the Save that runs once at a time. */
describe('write keys', () => {
  beforeEach(() => forgetWriteKeys());
  afterEach(() => vi.useRealTimers());

  it('a copy sent while the first is on its way carries its key; once answered, the same write is a new one', () => {
    vi.useFakeTimers();
    const first = beginWrite('PUT', '/api/enrollments/4', { a: 1 });
    const copy = beginWrite('PUT', '/api/enrollments/4', { a: 1 });
    expect(copy.key).toBe(first.key);
    first.answered();
    copy.answered();
    vi.advanceTimersByTime(repeatWindowMs + 1);
    expect(beginWrite('PUT', '/api/enrollments/4', { a: 1 }).key).not.toBe(first.key);
  });

  it("the second tap of a double tap that comes after the first one's answer carries its key", () => {
    vi.useFakeTimers();
    const first = beginWrite('POST', '/api/enrollments/4/reminders', { date: '2026-12-01' });
    first.answered();
    vi.advanceTimersByTime(400);
    const second = beginWrite('POST', '/api/enrollments/4/reminders', { date: '2026-12-01' });
    expect(second.key).toBe(first.key);
    second.answered();
    // Something else sent to the address between: the same body again is a new write.
    beginWrite('POST', '/api/enrollments/4/reminders', { date: '2026-12-02' }).answered();
    expect(beginWrite('POST', '/api/enrollments/4/reminders', { date: '2026-12-01' }).key).not.toBe(first.key);
  });

  it('ticked, unticked and ticked again while the first is on its way: three writes, three keys', () => {
    const tick = beginWrite('PUT', '/api/enrollments/take_attendance', { present: true });
    const untick = beginWrite('PUT', '/api/enrollments/take_attendance', { present: false });
    const again = beginWrite('PUT', '/api/enrollments/take_attendance', { present: true });
    expect(new Set([tick.key, untick.key, again.key]).size).toBe(3);
  });

  it("a gateway's 504 or the server's 'still being saved' says nothing of the write: the retry keeps its key", async () => {
    const keys: (string | null)[] = [];
    const answers = [
      new Response('', { status: 504 }),
      new Response(JSON.stringify({ error: idempotencyMessages.stillSaving }), { status: 409, headers: { 'content-type': 'application/json' } }),
      new Response('{}', { status: 200 }),
      new Response('{}', { status: 200 }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        keys.push(new Headers(init.headers).get(idempotencyKeyHeader));
        return answers.shift()!;
      }),
    );
    try {
      const save = () => send('POST', '/students/1/notes', { body: { text: 'x' }, toastErrors: false }).catch(() => null);
      await save();
      await save();
      await save();
      vi.useFakeTimers();
      vi.advanceTimersByTime(repeatWindowMs + 1);
      await save();
      expect(keys[1]).toBe(keys[0]);
      expect(keys[2]).toBe(keys[0]);
      // Answered: the same note typed again later is a new write.
      expect(keys[3]).not.toBe(keys[0]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('another body, address or method is another write', () => {
    const base = beginWrite('PUT', '/api/enrollments/4', { a: 1 }).key;
    expect(beginWrite('PUT', '/api/enrollments/4', { a: 2 }).key).not.toBe(base);
    expect(beginWrite('PUT', '/api/enrollments/5', { a: 1 }).key).not.toBe(base);
    expect(beginWrite('POST', '/api/enrollments/4', { a: 1 }).key).not.toBe(base);
  });

  it('a write that got no answer keeps its key for an hour, until any answer comes for its address', () => {
    vi.useFakeTimers();
    const lost = beginWrite('PUT', '/api/enrollments/4', { present: true });
    lost.unanswered();
    const retry = beginWrite('PUT', '/api/enrollments/4', { present: true });
    expect(retry.key).toBe(lost.key);
    retry.answered();
    // Answered: ticked again later is a new write.
    vi.advanceTimersByTime(repeatWindowMs + 1);
    expect(beginWrite('PUT', '/api/enrollments/4', { present: true }).key).not.toBe(lost.key);

    const late = beginWrite('POST', '/api/notes', { text: 'x' });
    late.unanswered();
    vi.advanceTimersByTime(61 * 60 * 1000);
    expect(beginWrite('POST', '/api/notes', { text: 'x' }).key).not.toBe(late.key);
  });

  it('a form with a file always gets its own key', () => {
    const form = new FormData();
    form.append('a', '1');
    expect(beginWrite('POST', '/api/x', form).key).not.toBe(beginWrite('POST', '/api/x', form).key);
  });

  it('send() puts the key on writes only, and the same key on a double click', async () => {
    const seen: (string | null)[] = [];
    const release: (() => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        seen.push(new Headers(init.headers).get(idempotencyKeyHeader));
        return new Promise<Response>((resolve) => release.push(() => resolve(new Response('{}', { status: 200 }))));
      }),
    );
    try {
      const both = Promise.all([
        send('PUT', '/enrollments/1', { body: { visit: 1 } }),
        send('PUT', '/enrollments/1', { body: { visit: 1 } }),
      ]);
      const read = send('GET', '/enrollments/1');
      await vi.waitFor(() => expect(release).toHaveLength(3));
      release.forEach((go) => go());
      await both;
      await read;
      expect(seen[0]).toMatch(/\S{16,}/);
      expect(seen[1]).toBe(seen[0]);
      expect(seen[2]).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

function OnceForm({ onSave }: { onSave: () => Promise<void> }) {
  const { submit, busy } = useSubmitOnce(async (event) => {
    event.preventDefault();
    await onSave();
  });
  return (
    <form onSubmit={submit}>
      <button type="submit" disabled={busy}>
        Save
      </button>
    </form>
  );
}

describe('useSubmitOnce', () => {
  it('a double click saves once, Save is disabled while saving and comes back after', async () => {
    let finish: () => void = () => {};
    const onSave = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<OnceForm onSave={onSave} />);
    const save = screen.getByRole('button', { name: 'Save' });
    const form = save.closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(save).toBeDisabled();
    await act(async () => finish());
    expect(save).toBeEnabled();
    fireEvent.submit(form);
    expect(onSave).toHaveBeenCalledTimes(2);
  });
});
