/**
 * Content-Security-Policy (issue 9, finding 8). Every HTML page the server sends allows scripts from this origin
 * only, plus the sha256 of each inline script in that very page (the build's preload script is inline in
 * dist/index.html, which the service worker precaches and serves for every navigation): never 'unsafe-inline'
 * or 'unsafe-eval' for scripts. Styles allow 'unsafe-inline', because react-hot-toast's goober writes its CSS
 * into a <style> element at run time; with images and connections held to this origin and fonts refused, an
 * injected style can neither run code nor send anything elsewhere. JavaScript files carry the same policy, as a worker
 * (the service worker) runs under its script's header. Any other answer (JSON, /media/ images, redirects)
 * gets `default-src 'none'` (NON_DOCUMENT_POLICY): opened on its own it can load and run nothing.
 */
import { createHash } from 'node:crypto';

import type { Config } from '../config';

/** Origins a third-party widget adds to the page's policy, by directive. */
export interface CspSources {
  script?: string[];
  frame?: string[];
  connect?: string[];
}

/** Stripe.js and its card element, for the payment adapter's card form (docs.stripe.com/security/guide). */
const STRIPE: CspSources = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** The one place third parties widen the policy: Stripe.js, only once a Stripe key is configured. */
export function thirdPartySources(config: Pick<Config, 'stripeSecretKey'>): CspSources[] {
  return config.stripeSecretKey ? [STRIPE] : [];
}

/**
 * What a JSON answer, an image or a redirect needs when opened as a page: nothing. The browser's own viewer of an
 * image or a JSON text styles it inline (refused, each view would log a violation); with no script, that is harmless.
 */
export const NON_DOCUMENT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The CSP hash sources ('sha256-…') of the inline scripts in `html`, in document order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

/**
 * The app's policy with these inline-script hashes and third-party sources. blob: serves the photo previews
 * (img-src) and browser-image-compression's worker (worker-src), which imports /vendor/… from this origin;
 * data: serves its Safari path, which decodes the photo through a data: URL. No form posts anywhere: every form
 * is sent by script, and the share target is posted to by the system, not by a page.
 */
export function buildPolicy(scriptHashes: string[], extra: CspSources[] = []): string {
  const more = (key: keyof CspSources) => extra.flatMap((sources) => sources[key] ?? []);
  const directives: [string, string[]][] = [
    ['default-src', ["'none'"]],
    // 'wasm-unsafe-eval': the capture worker compiles libwebp (WebAssembly, our own /assets/ file) where the canvas cannot
    // encode WebP (WebKit, issue 28); it compiles WebAssembly only, never a string of JavaScript ('unsafe-eval' stays out).
    ['script-src', ["'self'", "'wasm-unsafe-eval'", ...scriptHashes, ...more('script')]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'blob:', 'data:']],
    // An artist class's recorded video (issue 13) is wherever its organization hosts it: any https address. Media
    // run no code and send nothing but their own request, which the page's <video> makes only for a confirmed
    // sign-up's URL.
    ['media-src', ["'self'", 'https:']],
    ['connect-src', ["'self'", ...more('connect')]],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['frame-src', more('frame')],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives
    .filter(([, sources]) => sources.length > 0)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/** The policies the PWA's files go out with: a page's follows its inline scripts, a script's has none. */
export interface PwaPolicies {
  document(html: string): string;
  script: string;
}

/** A page's policy, kept per HTML text: index.html comes in a few dozen variants (page × language). */
export function pwaPolicies(extra: CspSources[]): PwaPolicies {
  const byHtml = new Map<string, string>();
  return {
    document(html) {
      let policy = byHtml.get(html);
      if (policy === undefined) {
        if (byHtml.size >= 256) byHtml.clear();
        policy = buildPolicy(inlineScriptHashes(html), extra);
        byHtml.set(html, policy);
      }
      return policy;
    },
    script: buildPolicy([], extra),
  };
}
