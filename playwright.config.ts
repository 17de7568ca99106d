import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { defineConfig } from '@playwright/test';

// Without it, going offline in a test does not cut the service worker's own requests (architecture: Known traps).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

const port = Number(process.env.E2E_PORT ?? 3100);
/** Fixed, so that every worker finds the outbox the server writes to (see e2e/support/outbox.ts). */
export const E2E_DATA_DIR = join(tmpdir(), `little-museum-e2e-${port}`);

export default defineConfig({
  testDir: 'e2e',
  testIgnore: ['**/perf/**', '**/engines/**'],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${port}/api/public-navbar/`,
    timeout: 120_000,
    reuseExistingServer: false,
    // TRUST_PROXY: the journeys' families sign up from addresses of their own (e2e/support/family.ts), as behind a load balancer.
    env: { PORT: String(port), DATA_DIR: E2E_DATA_DIR, PUBLIC_URL: `http://localhost:${port}`, DEMO: '1', TRUST_PROXY: '1' },
  },
});
