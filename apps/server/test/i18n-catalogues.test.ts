import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

// Every catalogue of the product (docs/decisions/027): the web app's and the server's, each area
// in English and in Spanish. Run with the server's tests.
const root = path.resolve(import.meta.dirname, '../../..');
const folders = ['apps/web/src/locales', 'apps/server/src/locales'];

type Catalogue = Record<string, string>;
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Catalogue;

/** The names a compiled ICU message takes ({name}, {count, plural, …}), with each plural's or select's own. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  // A compiled message is a list of parts: text, or [name, format?, options?] where a plural's or a
  // select's options are lists of parts again.
  const visitParts = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts as unknown[]) {
      if (!Array.isArray(part) || typeof part[0] !== 'string') continue;
      names.add(part[0]);
      const options = part[2];
      if (options && typeof options === 'object') for (const option of Object.values(options)) visitParts(option);
    }
  };
  visitParts(compileMessage(message));
  return [...names].sort();
}

const catalogues = folders.flatMap((folder) =>
  readdirSync(path.join(root, folder))
    .filter((name) => name.endsWith('.en.json'))
    .map((name) => ({ folder, area: name.slice(0, -'.en.json'.length) })),
);

describe('the catalogues', () => {
  it('are found', () => {
    expect(catalogues.length).toBeGreaterThan(0);
  });

  it('have no Spanish catalogue without its English one', () => {
    for (const folder of folders) {
      for (const name of readdirSync(path.join(root, folder)).filter((file) => file.endsWith('.es.json'))) {
        expect(catalogues.map((c) => `${c.folder}/${c.area}`)).toContain(`${folder}/${name.slice(0, -'.es.json'.length)}`);
      }
    }
  });

  for (const { folder, area } of catalogues) {
    describe(`${folder}/${area}`, () => {
      const en = read(path.join(root, folder, `${area}.en.json`));
      const es = read(path.join(root, folder, `${area}.es.json`));

      it('has every key in both languages', () => {
        expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
      });

      it('has the same placeholders in both languages, and every message is valid ICU', () => {
        for (const key of Object.keys(en)) {
          expect({ key, names: placeholders(es[key] ?? '') }).toEqual({ key, names: placeholders(en[key] ?? '') });
        }
      });

      it('has no empty Spanish message', () => {
        for (const [key, message] of Object.entries(es)) {
          expect({ key, empty: message.trim() === '' }).toEqual({ key, empty: false });
        }
      });
    });
  }

  it('names each web area as its file: messages(area, en) imports locales/<area>.en.json', () => {
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'i18n') walk(full);
        }
        else if (/\.tsx?$/.test(entry.name)) sources.push(full);
      }
    };
    walk(path.join(root, 'apps/web/src'));
    let checked = 0;
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      for (const call of text.matchAll(/\bmessages\('([a-z-]+)', (\w+)\)/g)) {
        const [, area, name] = call;
        const imported = new RegExp(`import ${name} from '[./]*(?:/[a-z-]+)*/?locales/([a-z-]+)\\.en\\.json'`).exec(text);
        expect({ file, area, imported: imported?.[1] }).toEqual({ file, area, imported: area });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
