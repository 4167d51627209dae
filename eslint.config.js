import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { WEB_FEATURE_PAIRS } from './web-feature-pairs.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/api/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Layer boundaries (docs/decisions/0007-web-layers.md, 0008-api-layers.md): imports are resolved as TypeScript does.
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ noWarnOnMultipleProjects: true, project: ['apps/web/tsconfig.json', 'apps/api/tsconfig.json', 'packages/shared/tsconfig.json'] }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  // API layers (docs/decisions/0008-api-layers.md): imports point down. app.ts is the wiring and
  // may import anything; seed/ and cli/ are clients of the modules. Reviewed exceptions: none
  // (bookings takes its room's locks and status through rooms.service.ts, which re-exports them).
  {
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: apiZones() }],
    },
  },
  // Web app layers (docs/decisions/0007-web-layers.md). apps/web/src has four zones, and imports
  // point down: app/ -> features/ -> components/ and lib/ -> packages/shared. app/ (router, store,
  // layouts, route guard) may import any feature's files (pages by path, for code splitting). A
  // feature imports another only through that feature's index.ts, and only for the pairs of
  // web-feature-pairs.js. Tests are held to the same rules (they take the app's store from src/test/store.ts).
  (() => {
    const src = (dir) => `apps/web/src/${dir}`;
    // Every folder of features/ is a feature: a new one is closed to the others from the start.
    const features = readdirSync(`${import.meta.dirname}/${src('features')}`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    // The allowed pairs (web-feature-pairs.js; why each is allowed: decision 0007's table), as
    // imported feature -> the features that may import it through its index.ts.
    /** @type {Record<string, string[]>} */
    const openTo = {};
    for (const [importer, imported] of WEB_FEATURE_PAIRS) (openTo[imported] ??= []).push(importer);
    const importers = (names) => src(`features/@(${names.join('|')})/**`);
    const closed = (feature) => ({
      target: src(`features/!(${[feature, ...(openTo[feature] ?? [])].join('|')})/**`),
      from: src(`features/${feature}`),
      message: `features/${feature} is not open to this feature (the allowed pairs: web-feature-pairs.js, and why in docs/decisions/0007-web-layers.md): move what both need down to lib/ or components/.`,
    });
    const door = (feature) => ({
      target: importers(openTo[feature]),
      from: src(`features/${feature}`),
      except: ['./index.ts'],
      message: `Import features/${feature} through its index.ts, which says what it offers to other features.`,
    });
    return {
      files: ['apps/web/src/**/*.{ts,tsx}'],
      plugins: { 'import-x': importX },
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: import.meta.dirname,
            zones: [
              {
                target: [src('lib'), src('components')],
                from: [src('features'), src('app')],
                message: 'lib/ and components/ sit below the features and app/: they import neither.',
              },
              { target: src('lib'), from: src('components'), message: 'lib/ is shared code without UI: it imports no components.' },
              {
                target: src('features'),
                from: src('app'),
                message: 'Features do not import app/ (store hooks: lib/store-hooks.ts; a test takes the store from src/test/store.ts).',
              },
              ...features.map(closed),
              ...Object.keys(openTo).map(door),
            ],
          },
        ],
      },
    };
  })(),
);

/** The import-x/no-restricted-paths zones of apps/api/src. */
function apiZones() {
  const src = 'apps/api/src';
  const modules = readdirSync(`${import.meta.dirname}/${src}/modules`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    {
      target: `${src}/plugins/**`,
      from: [`${src}/modules/**`, `${src}/seed/**`, `${src}/cli/**`],
      message: 'A plugin is wiring and knows no feature: a module offers what it has on the app (a decorator), or app.ts passes it in options.',
    },
    {
      target: `${src}/lib/**`,
      from: [`${src}/modules/**`, `${src}/plugins/**`, `${src}/seed/**`, `${src}/cli/**`],
      message: 'lib/ holds helpers below the features and the plugins: it imports only db/, config.ts and packages.',
    },
    {
      target: `${src}/db/**`,
      from: [`${src}/modules/**`, `${src}/plugins/**`, `${src}/lib/**`, `${src}/seed/**`, `${src}/cli/**`],
      message: 'db/ is the bottom layer (schema, client, migrations): it imports none of the layers above it.',
    },
    // A module reads another module through that module's service, never its repository, routes or helpers.
    ...modules.map((name) => ({
      target: `${src}/modules/${name}/**`,
      from: modules.filter((other) => other !== name).map((other) => `${src}/modules/${other}/**`),
      except: ['**/*.service.ts'],
      message: "Another module is reached through its service (*.service.ts): ask for what you need there; its queries stay in its repository.",
    })),
  ];
}
