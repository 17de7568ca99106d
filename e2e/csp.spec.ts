/**
 * The Content-Security-Policy (issue 9, finding 8) under real use: logging in through the form, capturing a work
 * with no signal (the compression worker, photo previews, the upload queue), an offline reload that the service
 * worker answers with its precached index.html (whose inline preload script runs under its hash), the upload once
 * back online, the galleries and a work page. Any violation fails the journey: reported to the page
 * (`securitypolicyviolation`), or logged by the browser in the page, the compression worker or the service worker.
 * So does a page that arrives without the policy, from the server or from the service worker.
 */
import { expect, test, type BrowserContext, type CDPSession, type Page } from '@playwright/test';

import { cameraPhoto } from './support/photos';
import { apiPath } from './support/api';

test.setTimeout(180_000);

const CSP_MESSAGE = /Content[ -]Security[ -]Policy/i;

interface Watch {
  violations: string[];
  /** Every document response: its URL, whether the service worker answered, and its policy. */
  documents: { url: string; fromServiceWorker: boolean; policy: string | undefined }[];
}

/**
 * Playwright passes on what a worker writes with console.*, but not what the browser logs there (a refused
 * importScripts in the compression worker, a refused fetch in the service worker). Those come from the DevTools
 * protocol: every worker of the page, the service worker included, is attached, paused until its log is read.
 */
async function followWorkerLogs(cdp: CDPSession, onMessage: (where: string, text: string) => void): Promise<void> {
  let id = 0;
  const send = (sessionId: string, method: string) =>
    cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++id, method }) }).catch(() => undefined);
  const targets = new Map<string, string>();
  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
    targets.set(sessionId, `${targetInfo.type} ${targetInfo.url.slice(0, 80)}`);
    void send(sessionId, 'Log.enable').then(() => send(sessionId, 'Runtime.runIfWaitingForDebugger'));
  });
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const event = JSON.parse(message) as { method?: string; params?: { entry?: { text?: string } } };
    if (event.method === 'Log.entryAdded') onMessage(targets.get(sessionId) ?? 'worker', event.params?.entry?.text ?? '');
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
}

/** Collects violations and document policies from everything the page runs. */
async function watchPolicy(context: BrowserContext, page: Page): Promise<Watch> {
  const watch: Watch = { violations: [], documents: [] };
  const fromLog = (where: string, text: string) => {
    if (CSP_MESSAGE.test(text)) watch.violations.push(`${where}: ${text}`);
  };
  await context.exposeFunction('reportCspViolation', (violation: string) => watch.violations.push(`event: ${violation}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation;
      void report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) on ${location.pathname}`);
    });
  });
  context.on('console', (message) => fromLog('console', message.text()));
  page.on('worker', (worker) => worker.on('console', (message) => fromLog(`worker ${worker.url()}`, message.text())));
  context.on('serviceworker', (worker) => worker.on('console', (message) => fromLog(`service worker ${worker.url()}`, message.text())));
  const cdp = await context.newCDPSession(page);
  cdp.on('Log.entryAdded', ({ entry }) => fromLog('page log', entry.text));
  await cdp.send('Log.enable');
  await followWorkerLogs(cdp, fromLog);
  context.on('response', (response) => {
    if (response.request().resourceType() !== 'document') return;
    watch.documents.push({
      url: response.url(),
      fromServiceWorker: response.fromServiceWorker(),
      policy: response.headers()['content-security-policy'],
    });
  });
  return watch;
}

/** Waits until a service worker is active, then reloads so that it controls the page. */
async function controlled(page: Page): Promise<void> {
  // Bounded: a worker that the policy keeps from installing should fail here, not at the test's timeout.
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)), { timeout: 30_000 })
    .toBe(true);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

let watch: Watch | null = null;
/** The work the journey uploads to the demo family, deleted afterwards: its free plan has room for one image only. */
let created: { title: string; childToken: string } | null = null;

test.afterEach(async ({ request }) => {
  if (created) {
    const auth = { Authorization: `Bearer ${created.childToken}` };
    const mine = (await (await request.get(apiPath('myWorks'), { headers: auth })).json()) as { results: { id: number; title: string }[] };
    const csrf = (await request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value;
    for (const work of mine.results.filter((w) => w.title === created?.title)) {
      await request.delete(apiPath('workDelete', { id: work.id }), { headers: csrf ? { ...auth, 'X-CSRFToken': csrf } : auth });
    }
    created = null;
  }
  // Here rather than in the test, so that a journey stuck on something the policy blocked still names it.
  expect(watch?.violations ?? [], 'Content-Security-Policy violations').toEqual([]);
});

test('logging in, capturing offline and browsing raise no Content-Security-Policy violation', async ({ page, context }) => {
  watch = await watchPolicy(context, page);
  const title = `Crayon rocket ${Date.now()}`;

  // Log in through the form (the demo family: sign-ups are rate-limited per address) and pick a child.
  await page.goto('/login');
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/add-user$/);
  await expect(page.getByText('demo@example.com is logged in')).toBeVisible();
  await page.getByRole('button', { name: /hana/ }).click();
  await expect(page).toHaveURL(/\/my-work$/);
  created = { title, childToken: (await page.evaluate(() => localStorage.getItem('child_token'))) ?? '' };
  await controlled(page);

  // No signal: capture one work (the demo family has room for one more image on the free plan).
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Register your work' }).first().click();
  await expect(page).toHaveURL(/\/register-work$/);
  await page.getByLabel('Take photo').setInputFiles(await cameraPhoto(31));
  await expect(page.getByText('1 / 5')).toBeVisible();
  await expect(page.locator('img[src^="blob:"]').first()).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(/\/my-work$/, { timeout: 60_000 });
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByText('Waiting for the network').first()).toBeVisible();

  // An offline reload: the service worker answers with the precached index.html.
  await page.reload();
  await expect(page.getByText(title)).toBeVisible();

  // Signal again: the queue uploads the work.
  await context.setOffline(false);
  await expect(page.getByText('All works uploaded')).toBeVisible({ timeout: 90_000 });

  // The galleries and the new work's page, in the app and as a fresh navigation.
  await page.getByRole('button', { name: 'Menu' }).first().click();
  await page.getByRole('dialog').getByRole('link', { name: 'Family Gallery' }).click();
  await expect(page.getByRole('heading', { name: 'Family Gallery', level: 1 })).toBeVisible();
  await page.goto('/public-gallery');
  await expect(page.locator('main img[src^="/media/"]').first()).toBeVisible();
  await page.goto('/my-work');
  await page.getByRole('link', { name: title }).first().click();
  await expect(page).toHaveURL(/\/gallery-detail\/\d+$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.locator('main img[src^="/media/"]').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // Every page came with the policy: from the server, and from the service worker's precache offline.
  expect(watch.documents.filter((d) => d.fromServiceWorker).length).toBeGreaterThan(0);
  expect(watch.documents.filter((d) => !d.fromServiceWorker).length).toBeGreaterThan(0);
  for (const document of watch.documents) {
    expect(document.policy, document.url).toContain("script-src 'self'");
    expect(document.policy, document.url).toContain("object-src 'none'");
    expect(document.policy, document.url).not.toContain("'unsafe-eval'");
  }
});
