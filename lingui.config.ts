import { defineConfig } from '@lingui/cli';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ja'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    // What the PWA shows (its pages and the contract's messages): loaded by the app, one language at a time.
    {
      path: '<rootDir>/locales/{locale}',
      include: ['<rootDir>/src/web', '<rootDir>/src/contract'],
      exclude: ['**/*.test.ts', '**/node_modules/**'],
    },
    // What only the server says (the e-mails): kept out of the PWA's catalogs.
    {
      path: '<rootDir>/locales/server/{locale}',
      include: ['<rootDir>/src/server'],
      exclude: ['**/*.test.ts', '**/node_modules/**'],
    },
  ],
  compileNamespace: 'ts',
});
