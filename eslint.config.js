import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'locales/*.ts', 'locales/server/*.ts', 'public/vendor', 'test-results', 'playwright-report', 'data'] },
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
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'The PWA imports only the contract, never the server.' }] },
      ],
    },
  },
  {
    // A feature never reaches into another feature; shared pieces live in lib/ or ui/.
    files: ['src/web/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The PWA imports only the contract, never the server.' },
            { group: ['**/app/**'], message: 'Features do not import the app layer.' },
          ],
        },
      ],
    },
  },
  {
    // The PWA's unit tests check what the app stored, and the token refresh tests start the real server.
    files: ['src/web/**/*.test.ts', 'src/web/test/**/*.ts'],
    rules: {
      'no-restricted-globals': 'off',
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)server/(?!test/)', message: 'Tests import the server only through its test harness.' }] },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**'], message: 'The server never imports the PWA.' }] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/config.ts', 'src/server/**/*.test.ts', 'src/server/test/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration in src/server/config.ts.' }],
    },
  },
);
