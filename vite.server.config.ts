/**
 * The API server compiled to JavaScript for production (`npm run build:server`): one ES module,
 * out/server/main.js, that Node runs without a TypeScript loader. Dependencies stay in node_modules
 * (sharp, @node-rs/argon2 and PGlite's wasm and data files load from there); the server's own code, the
 * contract and the compiled catalogs are bundled. Two files are found beside the bundle, as beside the sources:
 * the migrations (src/server/db/open.ts: `./migrations`, copied here) and package.json (src/server/config.ts:
 * `../../package.json`, two folders up from out/server as from src/server). Not build/: that folder holds
 * the PWA build's own code (build/first-load.ts).
 */
import { cpSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

import { defineConfig, type Plugin } from 'vite';

export const SERVER_OUT_DIR = 'out/server';

const ROOM_ALIASES = ['contract', 'server'].map((room) => ({
  find: new RegExp(`^@${room}/`),
  replacement: fileURLToPath(new URL(`./src/${room}/`, import.meta.url)),
}));

/** Copies the drizzle migrations (SQL and journal) next to the bundle, where open.ts looks for them. */
function copyMigrations(): Plugin {
  return {
    name: 'little-museum:copy-migrations',
    apply: 'build',
    writeBundle() {
      const to = fileURLToPath(new URL(`./${SERVER_OUT_DIR}/migrations`, import.meta.url));
      rmSync(to, { recursive: true, force: true });
      cpSync(fileURLToPath(new URL('./src/server/db/migrations', import.meta.url)), to, { recursive: true });
    },
  };
}

/** A bare module name (not a relative path, not an alias of ours): it stays an import from node_modules. */
const isPackage = (id: string) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^@(contract|server)\//.test(id);

export default defineConfig({
  resolve: { alias: ROOM_ALIASES },
  // Not the PWA's public/ folder: the server serves the PWA from dist/ (DIST_DIR).
  publicDir: false,
  logLevel: 'warn',
  ssr: {
    // Every dependency is loaded from node_modules at run time, none is bundled.
    external: true,
    target: 'node',
  },
  build: {
    ssr: 'src/server/main.ts',
    outDir: SERVER_OUT_DIR,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    // Stack traces in the logs point at the TypeScript sources with `node --enable-source-maps`.
    sourcemap: true,
    copyPublicDir: false,
    reportCompressedSize: false,
    rolldownOptions: {
      external: (id) => isPackage(id) || builtinModules.includes(id) || id.startsWith('node:'),
      output: {
        // One file: the seed's lazily imported banners come along (a chunk would be loaded from the same folder anyway).
        codeSplitting: false,
        entryFileNames: 'main.js',
      },
    },
  },
  plugins: [copyMigrations()],
});
