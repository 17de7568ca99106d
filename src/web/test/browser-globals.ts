/**
 * The few browser globals the PWA's lib modules touch, for vitest's node environment (the `web` project's
 * setup file): `window` (this global, with its events), `location`, `document` (a cookie jar, <html lang>,
 * visibility), `navigator`, and Map-backed `localStorage` and `sessionStorage`. Relative URLs given to
 * `fetch` and `Request` resolve against `location`, as a page's do, so ky's calls to `/api/...` reach the
 * origin a test sets with `setOrigin`.
 */

class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  clear(): void {
    this.#items.clear();
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }
}

/** `document.cookie`: `name=value` pairs; a cookie written with Max-Age=0 goes. Other attributes are ignored. */
class CookieJar {
  readonly #cookies = new Map<string, string>();
  get cookie(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  set cookie(line: string) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    if (eq < 1) return;
    const name = pair.slice(0, eq);
    if (attributes.some((a) => /^max-age=(0|-\d+)$/i.test(a))) this.#cookies.delete(name);
    else this.#cookies.set(name, pair.slice(eq + 1));
  }
}

function define(name: string, value: unknown): void {
  // Node 21+ has a getter-only `navigator`: define, do not assign.
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

function eventsOn<T extends object>(target: T): T & Pick<EventTarget, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'> {
  const events = new EventTarget();
  return Object.assign(target, {
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
  });
}

/** The page's address; `window.location.origin` is where the app's relative API paths go. */
export function setOrigin(url: string): void {
  define('location', new URL('/', url));
}

const jar = new CookieJar();
const documentShim = eventsOn({
  documentElement: { lang: '' },
  visibilityState: 'visible',
  get cookie() {
    return jar.cookie;
  },
  set cookie(line: string) {
    jar.cookie = line;
  },
});

define('localStorage', new MemoryStorage());
define('sessionStorage', new MemoryStorage());
define('navigator', { onLine: true, language: 'en-US', languages: ['en-US'], userAgent: 'vitest', platform: 'node', maxTouchPoints: 0 });
define('document', documentShim);
eventsOn(globalThis);
define('window', globalThis);
setOrigin('http://localhost:3000');

const NodeRequest = globalThis.Request;
const nodeFetch = globalThis.fetch;
const resolve = (input: RequestInfo | URL): RequestInfo | URL => (typeof input === 'string' ? new URL(input, location.href) : input);

define(
  'Request',
  class Request extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(resolve(input), init);
    }
  },
);
define('fetch', (input: RequestInfo | URL, init?: RequestInit) => nodeFetch(resolve(input), init));
