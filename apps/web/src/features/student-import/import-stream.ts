import { renewedTokenHeader } from '@srs/shared/messages';
import type { StudentImportResponse } from '@srs/shared/student-import';
import { studentImportStreamType, type StudentImportStreamLine } from '@srs/shared/student-import-stream';
import { endsSession } from '../../lib/http-errors.ts';
import { apiUrl, bodyOf, callHeaders, failure, madeOrNotUnknown } from '../../lib/http.ts';
import { renewedSince, setToken } from '../../lib/session.ts';
import type { ImportProgressView } from './import-progress.ts';

/**
 * POST /students/import with its progress (issue 27: a progress bar on both steps). fetch cannot
 * tell how much of an upload has gone, so this is an XMLHttpRequest: the file's bytes as they are
 * sent, then the server's NDJSON lines (packages/shared/src/student-import-stream.ts) as they
 * arrive, then its answer. It carries what `send` carries (the token, an Idempotency-Key) and its
 * refusals become the same errors, in the same words, through the shared handler (lib/http.ts).
 */

/** One line of the stream, or null when it is not one this page knows (a later server's). */
export function parseStreamLine(text: string): StudentImportStreamLine | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  return 'progress' in value || 'result' in value || 'error' in value ? (value as StudentImportStreamLine) : null;
}

/**
 * Reads an answer's text as it grows (XMLHttpRequest's responseText), a whole line at a time: a
 * line cut between two chunks waits for its end. Each character is looked at once, however long
 * the last line (a preview of 50,000 rows is one line of megabytes).
 */
export function lineReader() {
  let start = 0;
  let scanned = 0;
  return (text: string): StudentImportStreamLine[] => {
    const lines: StudentImportStreamLine[] = [];
    for (;;) {
      const end = text.indexOf('\n', Math.max(start, scanned));
      if (end === -1) {
        scanned = text.length;
        return lines;
      }
      const line = text.slice(start, end).trim();
      start = end + 1;
      scanned = start;
      const parsed = line === '' ? null : parseStreamLine(line);
      if (parsed) lines.push(parsed);
    }
  };
}

export type StreamOptions = { signal?: AbortSignal; onProgress?: (progress: ImportProgressView) => void };

const aborted = () => new DOMException('The import was stopped.', 'AbortError');

const isStream = (xhr: XMLHttpRequest) =>
  xhr.status === 200 && (xhr.getResponseHeader('content-type') ?? '').startsWith(studentImportStreamType);

/**
 * Reads a request's stream as it arrives: each progress line told, the last line (the answer or
 * the refusal) kept for the end.
 */
function streamReader(onProgress: StreamOptions['onProgress']) {
  const read = lineReader();
  let last: Exclude<StudentImportStreamLine, { progress: unknown }> | null = null;
  const take = (xhr: XMLHttpRequest) => {
    if (!isStream(xhr)) return;
    for (const line of read(xhr.responseText)) {
      if ('progress' in line) onProgress?.(line.progress);
      else last = line;
    }
  };
  return {
    take,
    /** The answer of the finished request: the stream's last line, or a plain answer (a refusal before the work, a replayed key). */
    outcome(xhr: XMLHttpRequest): { status: number | null; body: unknown } {
      if (!isStream(xhr)) return { status: xhr.status, body: bodyOf(xhr.responseText, xhr.getResponseHeader('content-type') ?? '') };
      take(xhr);
      // A stream cut before its last line (the server stopped): no answer, as a dropped connection.
      if (!last) return { status: null, body: null };
      return 'result' in last ? { status: 200, body: last.result } : { status: last.error.statusCode, body: last.error.body };
    },
  };
}

function sendOnce(form: FormData, options: StreamOptions, retried: boolean): Promise<StudentImportResponse> {
  const url = apiUrl('/students/import');
  const { headers, token, write } = callHeaders('POST', url, form);
  const { signal, onProgress } = options;
  return new Promise<StudentImportResponse>((resolve, reject) => {
    if (signal?.aborted) return reject(aborted());
    const xhr = new XMLHttpRequest();
    const stream = streamReader(onProgress);
    const stop = () => xhr.abort();
    signal?.addEventListener('abort', stop, { once: true });
    const settle = () => signal?.removeEventListener('abort', stop);
    xhr.open('POST', url);
    for (const [name, value] of Object.entries({ ...headers, accept: `${studentImportStreamType}, application/json` })) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ step: 'sending', done: event.loaded, total: event.total });
    };
    xhr.onprogress = () => stream.take(xhr);
    xhr.onabort = () => {
      settle();
      write?.unanswered();
      reject(aborted());
    };
    xhr.onerror = () => {
      settle();
      write?.unanswered();
      reject(failure(null, null, '', false));
    };
    xhr.onload = () => {
      settle();
      const renewed = xhr.getResponseHeader(renewedTokenHeader);
      if (renewed) setToken(renewed);
      const { status, body } = stream.outcome(xhr);
      if (status === null) {
        write?.unanswered();
        return reject(failure(null, null, '', false));
      }
      if (madeOrNotUnknown(status, body)) write?.unanswered();
      else write?.answered();
      if (status === 200) return resolve(body as StudentImportResponse);
      // Refused for a token that ended while this was on its way: once more with the new one (as `send`).
      if (!retried && token && endsSession(status, body) && renewedSince(token)) return resolve(sendOnce(form, options, true));
      reject(failure(status, body, status === xhr.status ? xhr.statusText : '', false));
    };
    xhr.send(form);
  });
}

/** The preview or the apply, its progress told as it goes; the answer, or the error `send` would throw. */
export function postImportAsItGoes(form: FormData, options: StreamOptions = {}): Promise<StudentImportResponse> {
  return sendOnce(form, options, false);
}
