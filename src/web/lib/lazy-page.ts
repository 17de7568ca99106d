/**
 * Page chunks load on demand (accounts spec §7: 120 000 ms timeout). A chunk that cannot be loaded — an old
 * tab after a deploy, or no network — becomes a ChunkLoadError, which the error screen words as
 * "Loading chunk {id} failed" with its type: missing, timeout or other (spec §8).
 */
import { createElement, lazy, useState, type ComponentType } from 'react';

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

/**
 * A page (or a part of one, with its props) loaded on demand. `preload()` starts its chunk early (main.tsx,
 * for the path being opened); a page whose chunk is already here renders at once, in the same commit as the layout, instead of
 * showing the Suspense fallback for a frame. Which of the two a mount uses is decided once, so a
 * mounted page never remounts.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a page takes no props
export function lazyPage<P extends object = {}>(loadOnce: () => Promise<{ default: ComponentType<P> }>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const load = () =>
    (loading ??= loadOnce().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(() => {
    let timer: number | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = window.setTimeout(() => reject(new ChunkTimeout('timeout')), CHUNK_TIMEOUT_MS);
    });
    return Promise.race([load(), timeout])
      .catch((error: unknown) => {
        throw toChunkError(error);
      })
      .finally(() => window.clearTimeout(timer));
  });
  function Page(props: P) {
    const [Ready] = useState(() => loaded);
    return Ready ? createElement(Ready, props) : createElement(Lazy, props);
  }
  /** Starts loading the chunk; settles (never rejects) when it is here or has failed. */
  Page.preload = (): Promise<void> =>
    load().then(
      () => undefined,
      () => undefined,
    );
  return Page;
}
