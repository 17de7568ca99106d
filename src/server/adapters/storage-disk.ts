/**
 * Media on the local disk, under DATA_DIR/media: one instance, or several sharing one directory. An object is
 * written beside its place under .partial/ and renamed into it, so a reader (or a crash) never meets half a file;
 * what a crash leaves in .partial/ is removed at the next start once it is an hour old.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { assertKey, contentTypeOf, isStorageKey, type ByteRange, type StorageAdapter, type StoredInfo } from './storage';

const PARTIAL = '.partial';
const STALE_PARTIAL_MS = 60 * 60 * 1000;

/** The byte range to send, or undefined for the whole file (no range asked, or none that fits: RFC 9110 lets us ignore it). */
export function resolveRange(range: ByteRange | undefined, size: number): { start: number; end: number } | undefined {
  if (!range || size === 0) return undefined;
  const start = range.start < 0 ? Math.max(0, size + range.start) : range.start;
  const end = range.start < 0 ? size - 1 : Math.min(range.end ?? size - 1, size - 1);
  return start <= end && start < size ? { start, end } : undefined;
}

export function createDiskStorage(root: string): StorageAdapter {
  const base = resolve(root);
  const partial = join(base, PARTIAL);
  const pathOf = (key: string) => {
    assertKey(key);
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error(`invalid storage key: ${key}`);
    return path;
  };
  void sweepPartial(partial);

  const info = async (key: string): Promise<(StoredInfo & { path: string }) | null> => {
    if (!isStorageKey(key)) return null;
    const path = pathOf(key);
    const st = await stat(path).catch(() => null);
    if (!st?.isFile()) return null;
    return {
      path,
      contentType: contentTypeOf(key),
      size: st.size,
      etag: `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`,
      lastModified: st.mtime,
    };
  };

  return {
    kind: 'disk',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(partial, { recursive: true });
      const temp = join(partial, `${randomBytes(12).toString('hex')}.tmp`);
      try {
        if (body instanceof Uint8Array) await writeFile(temp, body);
        else if (body instanceof Readable) await pipeline(body, createWriteStream(temp));
        else await copyFile(body.path, temp);
        await mkdir(dirname(path), { recursive: true });
        await rename(temp, path);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async head(key) {
      const found = await info(key);
      if (!found) return null;
      const { path: _, ...rest } = found;
      return rest;
    },
    async get(key, range) {
      const found = await info(key);
      if (!found) return null;
      const { path, ...rest } = found;
      const sent = resolveRange(range, rest.size);
      return { ...rest, body: createReadStream(path, sent ?? {}), range: sent };
    },
    async *list(prefix = '') {
      const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        if (!e.isFile()) continue;
        const key = join(e.parentPath, e.name)
          .slice(base.length + 1)
          .split(sep)
          .join('/');
        if (!key.startsWith(prefix) || !isStorageKey(key)) continue;
        const st = await stat(join(e.parentPath, e.name)).catch(() => null);
        if (st) yield { key, size: st.size, lastModified: st.mtime };
      }
    },
    async check() {
      await mkdir(base, { recursive: true });
      await stat(base);
    },
    url: (key) => `/media/${key}`,
    publicUrl: () => null,
  };
}

/** Temporary files a crash left behind (an hour old: another instance on this directory may be writing one now). */
async function sweepPartial(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const now = Date.now();
  for (const name of names) {
    const path = join(dir, name);
    const st = await stat(path).catch(() => null);
    if (st && now - st.mtimeMs > STALE_PARTIAL_MS) await rm(path, { force: true }).catch(() => {});
  }
}
