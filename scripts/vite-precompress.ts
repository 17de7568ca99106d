/**
 * Brotli and gzip copies of the built PWA's text files (name.br and name.gz beside name), made once at build time:
 * the server sends them from disk (serveStatic's `precompressed`, src/server/middleware/static.ts), so no visitor
 * waits for Brotli's top quality. Images are compressed already; WebAssembly (the WebP encoder, 346 KB) is not.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import type { Plugin } from 'vite';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.webmanifest', '.svg', '.txt', '.wasm']);
/** Below this the encoding costs more than it saves. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface Precompressed {
  files: number;
  /** Bytes of the files compressed, and of their .br and .gz copies. */
  raw: number;
  br: number;
  gz: number;
}

/** Writes name.br and name.gz beside each text file of `dir` (recursively) of at least 1 KB. */
export async function precompressDir(dir: string): Promise<Precompressed> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const paths = entries.filter((e) => e.isFile() && COMPRESSIBLE.has(extname(e.name).toLowerCase())).map((e) => join(e.parentPath, e.name));
  const sizes = await Promise.all(
    paths.map(async (path) => {
      const raw = await readFile(path);
      if (raw.length < MIN_BYTES) return null;
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        }),
        gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
      return { raw: raw.length, br: br.length, gz: gz.length };
    }),
  );
  const total: Precompressed = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const s of sizes) {
    if (!s) continue;
    total.files += 1;
    total.raw += s.raw;
    total.br += s.br;
    total.gz += s.gz;
  }
  return total;
}

/** The build step: runs once every file is written, vite-plugin-pwa's sw.js included. */
export function precompress(): Plugin {
  let outDir = '';
  let info: (message: string) => void = () => {};
  return {
    name: 'little-museum:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      info = (message) => config.logger.info(message);
    },
    closeBundle: {
      // vite-plugin-pwa builds sw.js in its closeBundle; rolldown runs these one after another, 'post' ones last.
      order: 'post',
      async handler(error) {
        if (error) return;
        const t = await precompressDir(outDir);
        const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
        info(`precompress: ${t.files} files, ${kB(t.raw)} -> ${kB(t.br)} br, ${kB(t.gz)} gz`);
      },
    },
  };
}
