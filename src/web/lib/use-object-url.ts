import { useEffect, useMemo } from 'react';

type Source = ArrayBuffer | Blob;

/** One object URL per source, shared by the views that show it and revoked when the last one goes. */
const cache = new Map<Source, { url: string; users: number }>();

function entryFor(source: Source, type: string) {
  let entry = cache.get(source);
  if (!entry) {
    const blob = source instanceof Blob ? source : new Blob([source], { type });
    entry = { url: URL.createObjectURL(blob), users: 0 };
    cache.set(source, entry);
  }
  return entry;
}

/** An object URL for stored bytes (queued photos, chosen files); revoked after its last user unmounts. */
export function useObjectUrl(source: Source | null | undefined, type = 'image/jpeg'): string | null {
  const url = useMemo(() => (source ? entryFor(source, type).url : null), [source, type]);
  useEffect(() => {
    if (!source) return;
    const entry = entryFor(source, type);
    entry.users += 1;
    return () => {
      entry.users -= 1;
      // Deferred: a remount (or React's strict double effects) may take the URL up again.
      window.setTimeout(() => {
        if (entry.users === 0 && cache.get(source) === entry) {
          URL.revokeObjectURL(entry.url);
          cache.delete(source);
        }
      }, 1000);
    };
  }, [source, type]);
  return url;
}
