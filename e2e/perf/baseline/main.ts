/**
 * The benchmark's baseline page: React renders a heading and a paragraph, nothing else. Built by
 * e2e/perf/pwa.bench.ts with the PWA's React plugin and build options, served by the same server.
 * (createElement rather than JSX: tsconfig.node.json, which checks e2e/, has no JSX setting.)
 */
import { createElement, Fragment, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Page() {
  return createElement(
    Fragment,
    null,
    createElement('h1', null, 'Baseline'),
    createElement('p', null, 'A bare Vite and React page, to measure the PWA against.'),
  );
}

createRoot(document.getElementById('root')!).render(createElement(StrictMode, null, createElement(Page)));
