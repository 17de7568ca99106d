import { defineConfig } from '@lingui/cli';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ja'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}',
      include: ['<rootDir>/src/web', '<rootDir>/src/contract', '<rootDir>/src/server'],
      exclude: ['**/*.test.ts', '**/node_modules/**'],
    },
  ],
  compileNamespace: 'ts',
});
