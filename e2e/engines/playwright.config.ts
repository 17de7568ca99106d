/**
 * The core journeys in the engines families use besides Chromium (issue 28): WebKitGTK (Debian's webkit2gtk-driver:
 * WebKitWebDriver, classic W3C WebDriver, through selenium-webdriver) and Firefox ESR (WebDriver BiDi, through
 * puppeteer-core), at 390×844. Playwright Test runs them (its runner, `expect` and `request`); the browser is the
 * `ui` fixture of e2e/engines/engine.ts, one project per engine, so every result is named by its engine.
 * `npm run test:engines` (under xvfb-run: WebKitGTK has no headless mode). Needs `npm run build` first.
 */
import './port';

import { defineConfig } from '@playwright/test';

import { E2E_DATA_DIR } from '../../playwright.config';
import type { EngineOptions } from './engine';
import { ENGINES_PORT } from './port';

export default defineConfig<EngineOptions>({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 240_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: '../../test-results/engines',
  reporter: [['list'], ['json', { outputFile: '../../reports/e2e-engines.json' }], ['./reporter.ts']],
  use: { baseURL: `http://localhost:${ENGINES_PORT}` },
  projects: [
    { name: 'webkit', use: { engine: 'webkit' } },
    { name: 'firefox', use: { engine: 'firefox' } },
  ],
  webServer: {
    command: 'node e2e/engines/server.mjs',
    cwd: '../..',
    url: `http://localhost:${ENGINES_PORT}/api/public-navbar/`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(ENGINES_PORT),
      DATA_DIR: E2E_DATA_DIR,
      OFFLINE_FLAG: `${E2E_DATA_DIR}.offline`,
      PUBLIC_URL: `http://localhost:${ENGINES_PORT}`,
      DEMO: '1',
      TRUST_PROXY: '1',
    },
  },
});
