/**
 * The browser of the engine journeys, one small surface over two clients, since no one client drives both engines
 * here: WebKitGTK speaks classic WebDriver only (Debian's WebKitWebDriver 2.50 offers no BiDi), through
 * selenium-webdriver; Firefox ESR is driven by WebDriver BiDi directly, through puppeteer-core (geckodriver, which a
 * classic client needs for Firefox, is not in Debian). Elements are found in the page by role and accessible name,
 * label or text, as the Chromium journeys find them, by one function that runs in either engine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test as base } from '@playwright/test';
import puppeteer, { type ElementHandle, type Page as PuppeteerPage } from 'puppeteer-core';
import { Builder, type WebDriver, type WebElement } from 'selenium-webdriver';

import { E2E_DATA_DIR } from '../../playwright.config';

export type Engine = 'webkit' | 'firefox';
export interface EngineOptions {
  engine: Engine;
}

export const WIDTH = 390;
export const HEIGHT = 844;

/** What to find: an element by role and accessible name (or a part of it), by its label, by its text, or by CSS. */
export interface Query {
  role?: 'button' | 'link' | 'heading' | 'textbox' | 'status' | 'region' | 'img' | 'switch' | 'dialog' | 'navigation';
  name?: string;
  exact?: boolean;
  level?: number;
  /** A form control on screen by its label (a file input hidden behind its button too). */
  label?: string;
  text?: string;
  css?: string;
  /** Only an element that takes input (not disabled, not read-only): what the actions wait for. */
  enabled?: boolean;
}

/** Runs in the page: the first element that answers the query, or null. Self-contained (it is sent as its source). */
function findInPage(q: Query): Element | null {
  const ROLES: Record<string, string> = {
    button: 'button, [role=button], input[type=submit], input[type=button]',
    link: 'a[href], [role=link]',
    heading: 'h1, h2, h3, h4, h5, h6, [role=heading]',
    textbox: 'input:not([type]), input[type=text], input[type=email], input[type=password], input[type=search], textarea',
    status: '[role=status]',
    region: 'section[aria-label], section[aria-labelledby], [role=region]',
    img: 'img, [role=img]',
    switch: '[role=switch]',
    dialog: 'dialog, [role=dialog]',
    navigation: 'nav, [role=navigation]',
  };
  const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  /** The text a label gives its control: what is not hidden from assistive technology (the required mark is). */
  const spoken = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (!(node instanceof Element) || node.getAttribute('aria-hidden') === 'true' || node instanceof HTMLInputElement) return '';
    return Array.from(node.childNodes).map(spoken).join('');
  };
  const byIds = (ids: string) =>
    ids
      .split(/\s+/)
      .map((id) => squash(document.getElementById(id)?.textContent))
      .join(' ');
  const nameOf = (el: Element): string => {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) return squash(byIds(labelledBy));
    const label = el.getAttribute('aria-label');
    if (label) return squash(label);
    if (el instanceof HTMLImageElement) return squash(el.alt);
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
      const labels = Array.from(el.labels ?? []).map((l) => squash(spoken(l)));
      return squash(labels.join(' ') || el.placeholder);
    }
    return squash((el as HTMLElement).innerText ?? el.textContent);
  };
  const shown = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const usable = (el: Element) =>
    !q.enabled || !((el as HTMLInputElement).disabled || (el as HTMLInputElement).readOnly || el.getAttribute('aria-disabled') === 'true');
  const matches = (text: string, wanted: string) => (q.exact ? text === wanted : text.includes(wanted));
  if (q.label !== undefined) {
    const wanted = q.label;
    return (
      Array.from(document.querySelectorAll('input, textarea, select')).find((el) => {
        const input = el as HTMLInputElement;
        if ((input.type !== 'file' && !shown(el)) || !usable(el)) return false;
        const names = [...Array.from(input.labels ?? []).map((l) => squash(spoken(l))), squash(el.getAttribute('aria-label'))];
        return names.some((n) => n && matches(n, wanted));
      }) ?? null
    );
  }
  const selector = q.css ?? (q.role ? ROLES[q.role] : '*');
  const candidates = Array.from(document.querySelectorAll(selector ?? '*')).filter((el) => shown(el) && usable(el));
  return (
    candidates.find((el) => {
      if (q.level && el.tagName !== `H${q.level}` && el.getAttribute('aria-level') !== String(q.level)) return false;
      if (q.name !== undefined && !matches(nameOf(el), q.name)) return false;
      if (q.text !== undefined) {
        if (!matches(squash((el as HTMLElement).innerText ?? el.textContent), q.text)) return false;
        // The innermost element with the text, not the body that holds it.
        if (
          !q.role &&
          !q.css &&
          Array.from(el.children).some((child) => shown(child) && squash((child as HTMLElement).innerText).includes(q.text!))
        )
          return false;
      }
      return true;
    }) ?? null
  );
}

/** What a journey does with the browser, the same in both engines. */
export interface Ui {
  readonly engine: Engine;
  goto(path: string): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  /** Runs `fn` (self-contained) in the page with JSON arguments; a promise is awaited. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  has(q: Query): Promise<boolean>;
  click(q: Query): Promise<void>;
  fill(q: Query, text: string): Promise<void>;
  upload(q: Query, file: string): Promise<void>;
  attribute(q: Query, name: string): Promise<string | null>;
  screenshot(path: string): Promise<void>;
  close(): Promise<void>;
}

/** Waits until the query finds an element on screen. */
export async function see(ui: Ui, q: Query, timeout = 15_000): Promise<void> {
  await expect.poll(() => ui.has(q), { timeout, message: `${ui.engine}: ${JSON.stringify(q)} on screen` }).toBe(true);
}

export async function gone(ui: Ui, q: Query, timeout = 15_000): Promise<void> {
  await expect.poll(() => ui.has(q), { timeout, message: `${ui.engine}: ${JSON.stringify(q)} gone` }).toBe(false);
}

const FIND = `return (${findInPage.toString()})(arguments[0])`;

/** The element, once on screen (as Playwright's actions wait for theirs), or an error that names the engine. */
async function waitFor<E>(engine: Engine, q: Query, find: (q: Query) => Promise<E | null>, timeout = 15_000): Promise<E> {
  for (const start = Date.now(); ;) {
    const el = await find(q);
    if (el) return el;
    if (Date.now() - start > timeout) throw new Error(`${engine}: nothing on screen for ${JSON.stringify(q)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * WebKitGTK: MiniBrowser under WebKitWebDriver. Its toolbar holds the window to 447 px at least, so a GTK style sheet
 * (through XDG_CONFIG_HOME) shrinks the toolbar, and the window is sized so that the page gets 390×844.
 */
async function openWebKit(baseURL: string): Promise<Ui> {
  const config = mkdtempSync(join(tmpdir(), 'lm-webkit-'));
  const { mkdirSync } = await import('node:fs');
  mkdirSync(join(config, 'gtk-3.0'));
  writeFileSync(
    join(config, 'gtk-3.0', 'gtk.css'),
    '* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n',
  );
  const port = await freePort();
  const service: ChildProcess = spawn('WebKitWebDriver', [`--port=${port}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, XDG_CONFIG_HOME: config },
  });
  let driver: WebDriver | undefined;
  for (let tries = 0; !driver; tries += 1) {
    try {
      driver = await new Builder()
        .usingServer(`http://127.0.0.1:${port}`)
        .withCapabilities({
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', args: ['--automation'] },
        })
        .build();
    } catch (error) {
      if (tries > 50) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const d = driver;
  await d.manage().window().setRect({ width: WIDTH, height: HEIGHT });
  await d.get(`${baseURL}/terms-and-services`);
  const [w, h] = (await d.executeScript('return [innerWidth, innerHeight]')) as [number, number];
  await d
    .manage()
    .window()
    .setRect({ width: WIDTH + (WIDTH - w), height: HEIGHT + (HEIGHT - h) });
  // An element found and then removed before WebKitWebDriver makes its handle (the page re-rendering while a poll
  // looks) is not on screen: the poll looks again (CI saw StaleElementReferenceError from gone()).
  const find = async (q: Query) =>
    (await d.executeScript(FIND, q).catch((error: unknown) => {
      if (error instanceof Error && error.name === 'StaleElementReferenceError') return null;
      throw error;
    })) as WebElement | null;
  const get = (q: Query) => waitFor('webkit', { ...q, enabled: true }, find);
  return {
    engine: 'webkit',
    goto: (path) => d.get(new URL(path, baseURL).href),
    reload: () => d.navigate().refresh(),
    url: () => d.getCurrentUrl(),
    evaluate: async (fn, ...args) => d.executeScript(`return (${fn.toString()})(...arguments)`, ...args),
    has: async (q) => (await find(q)) !== null,
    click: async (q) => {
      const el = await get(q);
      // WebKitGTK's WebDriver can drop a synthesised click when the machine is busy (seen in CI: a carousel thumbnail's
      // click returned, and the page never changed). The element notes the click it receives; a click that did not
      // arrive is sent again, once, and said in the log. One that navigated away took the element with it: arrived.
      await d.executeScript(
        "const e = arguments[0]; e.__lmClick = false; e.addEventListener('click', () => { e.__lmClick = true; }, { once: true, capture: true });",
        el,
      );
      const arrived = async () => {
        for (const start = Date.now(); Date.now() - start < 1_000; await new Promise((r) => setTimeout(r, 50))) {
          try {
            if (await d.executeScript('return arguments[0].__lmClick !== false', el)) return true;
          } catch {
            return true;
          }
        }
        return false;
      };
      await el.click();
      if (await arrived()) return;
      console.warn(`webkit: the click on ${JSON.stringify(q)} did not reach the page; sent again`);
      await el.click();
    },
    fill: async (q, text) => {
      const el = await get(q);
      // Focused by a tap and selected, the old text goes with the first key (WebDriver's Element Clear and Send Keys
      // are refused here as "not focusable"). Focused by the script too, in case the tap was dropped (see click).
      await el.click();
      await d.executeScript('arguments[0].focus(); arguments[0].select()', el);
      await d.actions().sendKeys(text).perform();
    },
    upload: async (q, file) => (await get(q)).sendKeys(file),
    attribute: async (q, name) => (await get(q)).getAttribute(name),
    screenshot: async (path) => writeFileSync(path, Buffer.from(await d.takeScreenshot(), 'base64')),
    close: async () => {
      await d.quit().catch(() => undefined);
      service.kill();
      rmSync(config, { recursive: true, force: true });
    },
  };
}

/** The port of the journeys' push service, as server.mjs wrote it beside the data folder. */
export function pushServicePort(): number {
  return Number(readFileSync(`${E2E_DATA_DIR}.push-port`, 'utf8'));
}

/** Firefox ESR over WebDriver BiDi (puppeteer-core launches it with a fresh profile), headless, at 390×844. */
async function openFirefox(baseURL: string): Promise<Ui> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: '/usr/bin/firefox-esr',
    headless: true,
    extraPrefsFirefox: {
      // Web Push through the loopback push service that server.mjs runs (push-service.mjs), in place of Mozilla's.
      'dom.push.serverURL': `ws://127.0.0.1:${pushServicePort()}/`,
      'dom.push.testing.allowInsecureServerURL': true,
      // puppeteer's profile turns the push connection off.
      'dom.push.connection.enabled': true,
      // The permission prompt answered "Allow" (a WebDriver session cannot tap it), and notices shown by Firefox's
      // own alerts, which run headless (the desktop's notification service is not there).
      'permissions.default.desktop-notification': 1,
      'alerts.useSystemBackend': false,
    },
  });
  const page: PuppeteerPage = (await browser.pages())[0] ?? (await browser.newPage());
  await page.setViewport({ width: WIDTH, height: HEIGHT });
  const find = async (q: Query) => (await page.evaluateHandle(findInPage, q)).asElement() as ElementHandle<Element> | null;
  const get = (q: Query) => waitFor('firefox', { ...q, enabled: true }, find);
  return {
    engine: 'firefox',
    goto: async (path) => void (await page.goto(new URL(path, baseURL).href)),
    reload: async () => void (await page.reload()),
    url: async () => page.url(),
    evaluate: async (fn, ...args) => page.evaluate(fn as (...a: unknown[]) => never, ...args),
    has: async (q) => (await find(q)) !== null,
    click: async (q) => (await get(q)).click(),
    fill: async (q, text) => {
      const el = await get(q);
      await el.evaluate((input) => (input as HTMLInputElement).select());
      await el.type(text);
    },
    upload: async (q, file) => ((await await get(q)) as ElementHandle<HTMLInputElement>).uploadFile(file),
    attribute: async (q, name) => (await get(q)).evaluate((el, n) => el.getAttribute(n), name),
    screenshot: async (path) => void (await page.screenshot({ path: path as `${string}.png` })),
    close: () => browser.close(),
  };
}

/** The network between the browser and the app (e2e/engines/server.mjs): off cuts every connection, as a dead network. */
export interface Network {
  set(online: boolean): Promise<void>;
}

const OFFLINE_FLAG = `${E2E_DATA_DIR}.offline`;

export const test = base.extend<EngineOptions & { ui: Ui; network: Network }>({
  engine: ['webkit', { option: true }],
  ui: async ({ engine, baseURL }, use, testInfo) => {
    const ui = engine === 'webkit' ? await openWebKit(baseURL!) : await openFirefox(baseURL!);
    try {
      await use(ui);
    } finally {
      if (testInfo.status !== testInfo.expectedStatus)
        await ui.screenshot(testInfo.outputPath(`failed-${engine}.png`)).catch(() => undefined);
      await ui.close();
    }
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright's fixtures take their dependencies by destructuring.
  network: async ({}, use) => {
    const network: Network = {
      set: async (online) => {
        if (online) rmSync(OFFLINE_FLAG, { force: true });
        else writeFileSync(OFFLINE_FLAG, '');
        await new Promise((r) => setTimeout(r, 200));
      },
    };
    try {
      await use(network);
    } finally {
      rmSync(OFFLINE_FLAG, { force: true });
    }
  },
});

export { expect };
