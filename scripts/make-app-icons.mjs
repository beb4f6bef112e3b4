// `node scripts/make-app-icons.mjs`: the installed app's icons (apps/web/public/icons/*.png), drawn
// from apps/web/public/favicon.svg by Debian's Chromium. Run again when the favicon changes; the
// PNGs are committed (docs/decisions/028-offline-shell.md).
//   any-192.png, any-512.png   the favicon as it is (rounded corners, transparent outside them)
//   maskable-512.png           the blue to every edge, the book inside the safe circle (80 %), for
//                              Android's masks (circle, squircle, …)
//   apple-touch-icon.png       180 px, like the maskable one: iOS rounds the corners itself and
//                              paints transparency black
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'apps/web/public');
const outDir = path.join(publicDir, 'icons');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

/** The favicon's square without its rounded corners: the same blue and book, to every edge. */
function fullBleed(svg) {
  const square = svg.replace(/<rect([^>]*?)\s+rx="[^"]*"/, '<rect$1');
  if (square === svg) throw new Error('favicon.svg has no rounded <rect>: update fullBleed()');
  return square;
}

const icons = [
  { file: 'any-192.png', size: 192, svg: favicon },
  { file: 'any-512.png', size: 512, svg: favicon },
  { file: 'maskable-512.png', size: 512, svg: fullBleed(favicon) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(favicon) },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    await page.screenshot({ path: path.join(outDir, file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`apps/web/public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
