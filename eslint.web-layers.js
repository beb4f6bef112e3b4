// The layers of the web app, checked by ESLint's no-restricted-imports (no new dependency):
// - a feature never imports another feature, nor app/ or routes/ (routes compose features);
// - lib/ and components/ never import features, routes or app;
// - the web never imports server code (both import packages/shared).
// no-restricted-imports reads import specifiers, not resolved paths: a rule is made per folder
// depth, where the number of '../' that reaches src/ or features/ is known. A new feature folder
// is covered by its name alone.
import { readdirSync } from 'node:fs';

const src = 'apps/web/src';
const featureNames = readdirSync(new URL(`./${src}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// Deeper folders than this would need more blocks: features/students/wizard/ is depth 1.
const maxDepth = 6;
const depths = Array.from({ length: maxDepth + 1 }, (_, depth) => depth);

const up = (count) => `^(?:\\.\\./){${count}}`;
const filesAt = (folder, depth) => [`${folder}/${'*/'.repeat(depth)}*.{ts,tsx}`];

/** Server code, from a file `webDepth` folders below apps/web: the package, or a path into apps/server. */
const serverCode = (webDepth) => ({
  regex: `^@srs/server(?:/|$)|(?:^|/)apps/server(?:/|$)|${up(webDepth + 1)}server(?:/|$)`,
  message: 'The web never imports server code: both import packages/shared.',
});

// One block per file set: a later block's options replace an earlier one's, so each carries all its rules.
const restrict = (files, webDepth, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [serverCode(webDepth), ...patterns] }] },
});

const everyWebFile = Array.from({ length: maxDepth + 3 }, (_, depth) =>
  restrict(filesAt('apps/web', depth), depth, []),
);

const lowerLayers = ['lib', 'components'].flatMap((layer) =>
  depths.map((depth) =>
    restrict(filesAt(`${src}/${layer}`, depth), depth + 2, [
      {
        // From src/<layer>/ at this depth, depth + 1 '../' reach src/.
        regex: `${up(depth + 1)}(?:features|routes|app)/`,
        message: `${layer}/ sits below features, routes and app: it never imports them.`,
      },
    ]),
  ),
);

const featureLayers = featureNames.flatMap((feature) =>
  depths.map((depth) =>
    restrict(filesAt(`${src}/features/${feature}`, depth), depth + 3, [
      {
        // depth + 1 '../' reach features/: any folder there but this feature's own is another feature.
        regex: `${up(depth + 1)}(?!${feature}/)[^./][^/]*/`,
        message: 'A feature never imports another feature: the route composes them.',
      },
      {
        regex: `${up(depth + 2)}features/(?!${feature}/)`,
        message: 'A feature never imports another feature: the route composes them.',
      },
      {
        regex: `${up(depth + 2)}(?:app|routes)/`,
        message: 'A feature never imports app/ or routes/: they import features.',
      },
    ]),
  ),
);

export default [
  ...everyWebFile,
  ...lowerLayers,
  ...featureLayers,
];
