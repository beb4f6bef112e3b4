import path from 'node:path';
import type { InlineConfig, Plugin, Rolldown } from 'vite';
import { classicScript, prerender } from './prerender.ts';

/**
 * The pages people land on: a signed-out visit ends on /login, a sign-in on the dashboard at /
 * (with the page shell). Each gets its own copy of index.html that asks for its route modules at
 * once, beside the entry, instead of after the entry has run (the prerendered sign-in page: after
 * it has painted); the server sends pages/<name>.html for /<name>, and pages/index.html for /.
 */
export const landingPages = [
  {
    html: 'pages/login.html',
    chunks: { login: 'src/routes/login.tsx' },
    // The sign-in page needs no one's data: it is written into its page, which paints before the
    // scripts have arrived (src/prerender.tsx).
    prerendered: { module: 'src/prerender.tsx', render: 'renderSignInPage' },
  },
  {
    html: 'pages/index.html',
    chunks: { 'app-shell': 'src/app/shell/app-shell.tsx', dashboard: 'src/routes/dashboard.tsx' },
    // The dashboard's frame, before anyone's data: it paints with the style sheets, then the
    // scripts download (src/prerender.tsx).
    prerendered: { module: 'src/prerender.tsx', render: 'renderDashboardFrame' },
    // Before it paints: how many tiles the frame draws, and the follow-up list asked for at once
    // (lib/dashboard-first.ts).
    beforePaint: { name: 'dashboard-first.js', module: 'src/dashboard-first.ts' },
  },
] as const;

/**
 * The app itself, which main.tsx starts and every page loads: app/start.tsx, then its steps, in
 * order (React DOM, the providers, the router). Each step is its own script, so
 * that its modules run in a task of their own.
 */
export const appSteps = ['src/app/start.tsx', 'src/app/react-dom.ts', 'src/app/providers.tsx', 'src/app/router.tsx'] as const;

export const modulesOf = (page: (typeof landingPages)[number]): string[] => Object.values(page.chunks);

type Chunk = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The chunks a page's route modules load at once: theirs and their static imports, and the CSS of each. */
function filesOf(root: string, modules: readonly string[], bundle: Rolldown.OutputBundle): string[] {
  const chunks = new Map(
    Object.values(bundle)
      .filter((output): output is Chunk => output.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const files = new Set<string>();
  const visit = (chunk: Chunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) visit(chunks.get(imported));
  };
  for (const module of modules) {
    const id = path.resolve(root, module);
    // A module's chunk: its own, or the one of a group that took it in.
    const chunk = [...chunks.values()].find((candidate) => candidate.moduleIds.includes(id));
    if (!chunk) throw new Error(`No chunk for the landing page module ${module}`);
    visit(chunk);
  }
  return [...files];
}

/** `config`: the configuration a page is prerendered with. */
export function landingPageHtml(config: InlineConfig): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'srs-landing-pages',
    apply: 'build',
    // After Vite's own plugin has written index.html into the bundle.
    enforce: 'post',
    configResolved(resolved) {
      root = resolved.root;
      base = resolved.base;
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('The build has no index.html');
      /** The page with links that load these files at once (those it does not load yet). */
      const withLinks = (html: string, files: string[]) => {
        const links = files
          .filter((file) => !html.includes(`${base}${file}"`))
          .map((file) =>
            file.endsWith('.css')
              ? `    <link rel="stylesheet" crossorigin href="${base}${file}">\n`
              : `    <link rel="modulepreload" crossorigin href="${base}${file}">\n`,
          );
        return html.replace('  </head>', `${links.join('')}  </head>`);
      };
      // main.tsx starts the app with a dynamic import (so that a prerendered page paints first), and
      // the app its steps: a page asks for all the app's scripts at once all the same, but for the prerendered one, whose
      // scripts download after it has painted (main.tsx).
      const plain = String(index.source);
      const app = filesOf(root, appSteps, bundle);
      const html = withLinks(plain, app);
      index.source = html;
      const loads: Record<string, string[]> = {};
      // The Spanish catalogues' one chunk (vite.config.ts): a Spanish page asks for it with the rest.
      const spanish = Object.values(bundle).find((output) => output.type === 'chunk' && output.name === 'messages-es');
      if (!spanish) throw new Error('The build has no messages-es chunk (the Spanish catalogues)');
      for (const page of landingPages) {
        const files = filesOf(root, modulesOf(page), bundle);
        let beforePaintTag = '';
        if ('beforePaint' in page) {
          const code = await classicScript(config, page.beforePaint.module);
          const script = this.emitFile({ type: 'asset', name: page.beforePaint.name, source: code });
          beforePaintTag = `    <script src="${base}${this.getFileName(script)}"></script>\n`;
        }
        // A prerendered page is written in each language (pages/login.html, pages/login.es.html):
        // the server sends the one of the person's language (apps/server/src/plugins/web-app.ts).
        const languages = 'prerendered' in page ? (['en', 'es'] as const) : (['en'] as const);
        for (const language of languages) {
          let source = withLinks(html, files);
          if ('prerendered' in page) {
            // Its style sheets it needs to paint; its scripts come after.
            const markup = await prerender(config, page.prerendered.module, page.prerendered.render, language);
            source = withLinks(plain, files.filter((file) => file.endsWith('.css')));
            // Its scripts, the app's and its route's together, which main.tsx asks for in one go once
            // the page has painted (the route's would otherwise wait for the app's to have run).
            const scripts = [...new Set([...app, ...files, ...(language === 'es' ? [spanish.fileName] : [])])].filter(
              (file) => file.endsWith('.js') && !plain.includes(`${base}${file}"`),
            );
            const meta = `    <meta name="srs-after-paint" content="${scripts.map((file) => `${base}${file}`).join(' ')}">\n`;
            source = source.replace('  </head>', `${meta}  </head>`);
            // Inert until the app draws the page in its place (main.tsx): a click on a control whose
            // script has not arrived would be lost. The app's first render replaces the wrapper.
            source = source.replace('<div id="root"></div>', `<div id="root"><div inert>${markup}</div></div>`);
            if (language === 'es') {
              source = source.replace('<html lang="en"', '<html lang="es-US"');
              source = source.replace('<link rel="manifest" href="/manifest.webmanifest"', '<link rel="manifest" href="/manifest.es.webmanifest"');
            }
          }
          if (beforePaintTag) source = source.replace('    <link rel="stylesheet"', `${beforePaintTag}    <link rel="stylesheet"`);
          const fileName = language === 'en' ? page.html : page.html.replace(/\.html$/, `.${language}.html`);
          this.emitFile({ type: 'asset', fileName, source });
          if (language === 'en') loads[page.html] = [...new Set([...app, ...files])];
        }
      }
      // What each landing page loads before it shows its route (scripts/size-budget.mjs); never served.
      this.emitFile({ type: 'asset', fileName: '.vite/landing-pages.json', source: JSON.stringify(loads, null, 2) });
    },
  };
}
