/**
 * Page chunks load on demand (accounts spec §7: 120 000 ms timeout). A chunk that cannot be loaded — an old
 * tab after a deploy, or no network — becomes a ChunkLoadError, which the error screen words as
 * "Loading chunk {id} failed" with its type: missing, timeout or other (spec §8).
 */
import { createElement, lazy, startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';

import { loadRestCatalog } from './i18n';
import { isOnline } from './use-online';

const CHUNK_TIMEOUT_MS = 120_000;

export type ChunkFailure = 'missing' | 'timeout' | 'other';

export class ChunkLoadError extends Error {
  constructor(
    readonly chunk: string,
    readonly failure: ChunkFailure,
  ) {
    super(`Loading chunk ${chunk} failed. (${failure})`);
    this.name = 'ChunkLoadError';
  }
}

class ChunkTimeout extends Error {}

function toChunkError(error: unknown): ChunkLoadError {
  const message = error instanceof Error ? error.message : String(error);
  // The browser names the module it could not fetch (Vite the stylesheet): its file name is the chunk's id.
  const chunk = /([\w.-]+)\.(?:js|css)\b/.exec(message)?.[1] ?? 'unknown';
  if (error instanceof ChunkTimeout) return new ChunkLoadError(chunk, 'timeout');
  // Online and still failing: the file is gone (usually a newer version was deployed).
  return new ChunkLoadError(chunk, isOnline() ? 'missing' : 'other');
}

/** Loads a chunk once, remembering it; `loadForRender` adds the timeout and words a failure as a ChunkLoadError. */
function chunkLoader<P>(loadOnce: () => Promise<{ default: ComponentType<P> }>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const load = () =>
    (loading ??= loadOnce().then((module) => {
      loaded = module.default;
      return module;
    }));
  const loadForRender = () => {
    let timer: number | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = window.setTimeout(() => reject(new ChunkTimeout('timeout')), CHUNK_TIMEOUT_MS);
    });
    return Promise.race([load(), timeout])
      .catch((error: unknown) => {
        throw toChunkError(error);
      })
      .finally(() => window.clearTimeout(timer));
  };
  return { load, loadForRender, loaded: () => loaded };
}

/**
 * A page (or a part of one, with its props) loaded on demand. `preload()` starts its chunk early (main.tsx,
 * for the path being opened); a page whose chunk is already here renders at once, in the same commit as the layout, instead of
 * showing the Suspense fallback for a frame. Which of the two a mount uses is decided once, so a
 * mounted page never remounts.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a page takes no props
export function lazyPage<P extends object = {}>(
  loadOnce: () => Promise<{ default: ComponentType<P> }>,
  { waitsForRest = false }: { waitsForRest?: boolean } = {},
) {
  // A page beyond the first loads (scripts/split-catalogs.ts) has its texts in the rest of the catalog: it comes with them.
  const withTexts = async (): Promise<{ default: ComponentType<P> }> => {
    const [page] = await Promise.all([loadOnce(), loadRestCatalog()]);
    return page;
  };
  const chunk = chunkLoader(waitsForRest ? withTexts : loadOnce);
  const Lazy = lazy(chunk.loadForRender);
  function Page(props: P) {
    const [Ready] = useState(chunk.loaded);
    return Ready ? createElement(Ready, props) : createElement(Lazy, props);
  }
  /** Starts loading the chunk; settles (never rejects) when it is here or has failed. */
  Page.preload = (): Promise<void> =>
    chunk.load().then(
      () => undefined,
      () => undefined,
    );
  return Page;
}

/**
 * A part of a page loaded on demand, showing `fallback` until it is here. Unlike `lazy` under Suspense, its
 * arrival renders as a transition, in slices between which the browser paints and handles input, and commits
 * at once: React holds a Suspense boundary's reveal for up to 300 ms so as to reveal several together, and then
 * commits them all in one long task. A chunk that cannot be loaded throws its ChunkLoadError while rendering, to
 * the nearest error boundary.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a part may take no props
export function lazyPart<P extends object = {}>(loadOnce: () => Promise<{ default: ComponentType<P> }>) {
  const chunk = chunkLoader(loadOnce);
  function Part({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    const [state, setState] = useState<{ part?: ComponentType<P>; error?: ChunkLoadError }>(() => ({ part: chunk.loaded() }));
    const waiting = !state.part && !state.error;
    useEffect(() => {
      if (!waiting) return;
      let live = true;
      chunk.loadForRender().then(
        (module) => live && startTransition(() => setState({ part: module.default })),
        (error: ChunkLoadError) => live && setState({ error }),
      );
      return () => {
        live = false;
      };
    }, [waiting]);
    if (state.error) throw state.error;
    return state.part ? createElement(state.part, props as P) : fallback;
  }
  return Part;
}
