import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = readdirSync(new URL('./src/web/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const rule = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const SERVER = { group: ['@server/*', '**/server/**'], message: 'The PWA imports only the contract, never the server.' };
const DEEP = {
  regex: '^\\.\\./\\.\\./(?!locales/)',
  message: 'Up more than one folder: use @web/…, @contract/… or @server/… (tsconfig.base.json paths).',
};
const APP = { group: ['@web/app/*', '**/app/*'], message: 'Only the app layer imports the app layer.' };
const FEATURE = {
  group: ['@web/features/*', '**/features/*'],
  message: 'lib/ and ui/ never import a feature: move what two places share into lib/ or ui/.',
};

/** Who may import what; each entry is one set of files and everything it may not import. */
function boundaries() {
  return [
    { files: ['src/web/**/*.{ts,tsx}'], rules: rule(SERVER, DEEP) },
    { files: ['src/web/{lib,ui}/**/*.{ts,tsx}'], rules: rule(SERVER, DEEP, APP, FEATURE) },
    ...FEATURES.map((area) => ({
      // A feature never reaches into another feature; shared pieces live in lib/ or ui/.
      files: [`src/web/features/${area}/**/*.{ts,tsx}`],
      rules: rule(
        APP,
        SERVER,
        // By alias, or by a relative path that climbs into a sibling feature (`../works/…` from a feature's root).
        ...[
          { group: ['@web/features/*', `!@web/features/${area}`] },
          { regex: `^(\\.\\./)+(features/)?(${FEATURES.filter((f) => f !== area).join('|')})(/|$)` },
        ].map((p) => ({ ...p, message: `A feature never imports another feature: move what ${area} shares into lib/ or ui/.` })),
        DEEP,
      ),
    })),
    {
      // The PWA's unit tests check what the app stored, and the token refresh tests start the real server.
      files: ['src/web/**/*.test.ts', 'src/web/test/**/*.ts'],
      rules: {
        'no-restricted-globals': 'off',
        'no-restricted-imports': [
          'error',
          { patterns: [{ regex: '(^|/)server/(?!test/)', message: 'Tests import the server only through its test harness.' }, DEEP] },
        ],
      },
    },
    {
      // The contract is shared by both sides and imports only zod (and itself).
      files: ['src/contract/**/*.ts'],
      ignores: ['src/contract/**/*.test.ts'],
      rules: rule({ regex: '^(?!zod$|\\./)', message: 'The contract imports only zod and its own modules.' }),
    },
    {
      files: ['src/server/**/*.ts'],
      rules: rule({ group: ['@web/*', '**/web/**'], message: 'The server never imports the PWA.' }, DEEP),
    },
    {
      // Routes call the domain; the domain calls the database and the adapters.
      files: ['src/server/routes/**/*.ts'],
      rules: rule({ group: ['@web/*', '**/web/**'], message: 'The server never imports the PWA.' }, DEEP, {
        group: ['../db/*', '../adapters/*', '@server/db/*', '@server/adapters/*'],
        message: 'Routes call the domain, never the database or adapters.',
      }),
    },
    { files: ['src/server/test/**/*.ts'], rules: rule({ group: ['@web/*', '**/web/**'], message: 'The server never imports the PWA.' }) },
  ];
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'out',
      'node_modules',
      'locales/*.ts',
      'locales/server/*.ts',
      'public/vendor',
      'test-results',
      'playwright-report',
      'data',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Components never read storage directly: the session store is the one owner.
      'no-restricted-globals': ['error', { name: 'localStorage', message: 'Use web/lib/session.ts or web/lib/storage.ts.' }],
    },
  },
  // Import boundaries (architecture.md): what each room and layer may import. One block per set of files, as a
  // later `no-restricted-imports` replaces an earlier one.
  ...boundaries(),
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/config.ts', 'src/server/**/*.test.ts', 'src/server/test/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration in src/server/config.ts.' }],
    },
  },
);
