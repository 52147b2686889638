import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const SERVER = 'apps/server/src';
/** The server's floors, lowest first: a folder may import only the floors below it. */
const SERVER_FLOORS = ['lib', 'db', 'idp', 'plugins', 'modules', 'demo'];
const serverZones = SERVER_FLOORS.map((floor, index) => ({
  target: `${SERVER}/${floor}`,
  from: [...SERVER_FLOORS.slice(index + 1), 'ops', 'app.ts', 'main.ts'].map((above) => `${SERVER}/${above}`),
  message: `The server's floors: ${SERVER_FLOORS.join(' < ')} < app; ${floor} may not import from above it.`,
}));

const WEB = 'apps/web/src';
const FEATURES = readdirSync(`${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...FEATURES.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'A feature may not import another feature; move shared code to components, hooks or lib.',
  })),
  { target: `${WEB}/features`, from: `${WEB}/app`, message: 'Features may not import the app layer.' },
  ...['components', 'hooks', 'lib', 'config'].map((shared) => ({
    target: `${WEB}/${shared}`,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Shared code may not import features or the app layer.',
  })),
];

/** Apps share code through the packages only: never one app from another, never a package from an app. */
const APPS = ['server', 'web', 'device-sim'];
const appZones = [
  ...APPS.map((app) => ({
    target: `apps/${app}`,
    from: APPS.filter((other) => other !== app).map((other) => `apps/${other}`),
    message: 'An app may not import another app; share the code through a package.',
  })),
  { target: 'packages', from: 'apps', message: 'A package may not import an app.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/data/**',
      'playwright-report/**',
      'test-results/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Floors and feature borders by folder (where a file is), not by the text of its imports.
    files: [
      `${SERVER}/**/*.ts`,
      `${WEB}/**/*.{ts,tsx}`,
      'apps/device-sim/src/**/*.ts',
      'packages/*/src/**/*.ts',
    ],
    // A server test stands above every floor: it builds the app and the demo data it needs.
    ignores: [`${SERVER}/**/*.test.ts`],
    plugins: { 'import-x': importX },
    settings: {
      // Which files import-x reads for what they import (the circle check follows them).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones, ...webZones, ...appZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
