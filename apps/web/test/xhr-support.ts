import { studentImportStreamType } from '@srs/shared/student-import-stream';
import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (the student import sends its file with one to show the upload's
 * progress): each request is recorded and answered by the test, a Response as it is, or text in
 * chunks as a stream arrives, each chunk a progress event.
 */

export type XhrCall = { method: string; url: string; headers: Record<string, string>; body: unknown };
export type XhrAnswer = { status: number; statusText?: string; headers: Record<string, string>; chunks: string[] };

/** A streamed answer: these lines, the text cut into chunks at these places (inside lines, on purpose). */
export function ndjsonAnswer(lines: unknown[], cuts: number[] = []): XhrAnswer {
  const text = lines.map((line) => `${JSON.stringify(line)}\n`).join('');
  const places = [0, ...cuts.filter((cut) => cut > 0 && cut < text.length), text.length];
  return {
    status: 200,
    headers: { 'content-type': studentImportStreamType },
    chunks: places.slice(1).map((end, index) => text.slice(places[index], end)),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

export function stubXhr(answer: (call: XhrCall) => XhrAnswer | Response | Promise<XhrAnswer | Response>) {
  const calls: XhrCall[] = [];
  const aborted: XhrCall[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onprogress: (() => void) | null = null;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private call: XhrCall = { method: '', url: '', headers: {}, body: null };
    private answerHeaders: Record<string, string> = {};
    private stopped = false;

    open(method: string, url: string) {
      this.call = { method, url, headers: {}, body: null };
    }
    setRequestHeader(name: string, value: string) {
      this.call.headers[name.toLowerCase()] = value;
    }
    getResponseHeader(name: string): string | null {
      return this.answerHeaders[name.toLowerCase()] ?? null;
    }
    abort() {
      if (this.stopped) return;
      this.stopped = true;
      aborted.push(this.call);
      this.onabort?.();
    }
    send(body: unknown) {
      this.call.body = body;
      calls.push(this.call);
      void this.answer();
    }
    private async answer() {
      // The upload, in two halves.
      for (const loaded of [500, 1000]) {
        await tick();
        if (this.stopped) return;
        this.upload.onprogress?.({ lengthComputable: true, loaded, total: 1000 });
      }
      const given = await answer(this.call);
      const reply: XhrAnswer =
        given instanceof Response
          ? { status: given.status, statusText: given.statusText, headers: Object.fromEntries(given.headers), chunks: [await given.text()] }
          : given;
      if (this.stopped) return;
      this.status = reply.status;
      this.statusText = reply.statusText ?? '';
      this.answerHeaders = Object.fromEntries(Object.entries(reply.headers).map(([name, value]) => [name.toLowerCase(), value]));
      for (const chunk of reply.chunks) {
        await tick();
        if (this.stopped) return;
        this.responseText += chunk;
        this.onprogress?.();
      }
      await tick();
      if (!this.stopped) this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { calls, aborted };
}
