// Lint for the whole monorepo. Biome was dropped: the npm registry reachable here lacks most of
// its platform packages, so `npm ci` refused the lockfile (docs/decisions/003-eslint.md).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import webLayers from './eslint.web-layers.js';
import noUiLiteral from './eslint-rules/no-ui-literal.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'scratch/**', '**/scratch/**', 'test-results/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'Use string-literal unions, not enums.' }],
      eqeqeq: ['error', 'always'],
    },
  },
  // ---- Layers of packages/shared and apps/server (docs/decisions/004-core-plugins-and-layers.md).
  // Each block owns its folder; a folder's imports are checked by one block only (flat config does
  // not merge the options of a rule that two blocks set for the same file).
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '(^|/)apps/|^@srs/(web|server)(/|$)', message: 'packages/shared is imported by both apps and imports neither.' },
      ] }],
    },
  },
  {
    files: ['apps/server/src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^(\\.\\./)+(modules|plugins|auth|core|seed|jobs)/', message: 'db/ is the bottom layer: it never imports modules/, plugins/, auth/ or core/.' },
      ] }],
    },
  },
  {
    files: ['apps/server/src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^\\.\\./(?!db/)', message: 'core/ imports only db/ and @srs/shared: every module builds on it, it builds on no module.' },
      ] }],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^\\.\\./[^./][^/]*/(?!public\\.ts$)', message: "Another module is used only through its public.ts, never its internals." },
        { regex: '(^|/)modules/[^/]+/(?!public\\.ts$)', message: "Another module is used only through its public.ts, never its internals." },
      ] }],
    },
  },
  {
    files: ['apps/server/src/{plugins,auth,seed}/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '(^|/)modules/[^/]+/(?!public\\.ts$)', message: "plugins/, auth/ and seed/ use a module only through its public.ts, never its internals." },
      ] }],
    },
  },
  {
    // A Visible<kind> id comes only from a scope check (core/records.ts): a cast would forge one.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/core/records.ts'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: 'TSEnumDeclaration', message: 'Use string-literal unions, not enums.' },
        { selector: ':matches(TSAsExpression, TSTypeAssertion) > TSTypeReference[typeName.name="Visible"]', message: 'A Visible id comes only from a scope check (core/records.ts), never from a cast.' },
      ],
    },
  },
  // ---- end of the server and shared layers.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // The web's layers (features, lib, components, routes, app), in their own file.
  ...webLayers,
  // Every word a user reads comes from a catalogue (docs/decisions/027).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { srs: { rules: { 'no-ui-literal': noUiLiteral } } },
    rules: { 'srs/no-ui-literal': 'error' },
  },
);
