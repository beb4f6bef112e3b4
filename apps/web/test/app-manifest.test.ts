import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, manifestOf } from '../src/i18n/locale.ts';

// Issue 30: the installed app is named in the language of the page it was installed from.
const publicDir = path.resolve(import.meta.dirname, '../public');
const manifest = (file: string) => JSON.parse(readFileSync(path.join(publicDir, file), 'utf8')) as Record<string, unknown>;
/** The shell's catalogue as written (the build compiles the imported one). */
const shell = (language: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../src/locales/shell.${language}.json`), 'utf8')) as Record<string, string>;

afterEach(() => activateLocale('en'));

describe('the app manifest in each language', () => {
  it('names the app as the shell does in that language, and is the same app otherwise', () => {
    const en = manifest('manifest.webmanifest');
    const es = manifest(manifestOf('es'));
    expect([en.name, en.short_name, en.lang]).toEqual([shell('en').productName, shell('en').productShortName, 'en-US']);
    expect([es.name, es.short_name, es.lang]).toEqual([shell('es').productName, shell('es').productShortName, 'es-US']);
    const same = ({ name: _n, short_name: _s, description: _d, lang: _l, ...rest }: Record<string, unknown>) => rest;
    expect(same(es)).toEqual(same(en));
  });

  it('is the page’s manifest once the app draws in that language', () => {
    document.head.insertAdjacentHTML('beforeend', '<link rel="manifest" href="/manifest.webmanifest" />');
    activateLocale('es');
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest.es.webmanifest');
    activateLocale('en');
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest.webmanifest');
  });
});
