/**
 * `npm run bench` — the capture figure (issue 3). For 5 generated 12 MP photos in headless Chromium:
 * - the median time the PWA's own compressImage (src/web/lib/compress.ts, served by Vite) takes per photo,
 *   against one native canvas encode (createImageBitmap → OffscreenCanvas.convertToBlob, same size and type)
 *   of the same photos, as a ratio measured in the same run;
 * - the bytes before and after;
 * - the server's time to accept a 5-image work (POST /api/artworks/ with the compressed photos).
 * Targets: ≤ 1 MB per image; compression within 2× of the native encode.
 */
import { mkdirSync, writeFileSync } from 'node:fs';

import { chromium } from '@playwright/test';
import { createServer } from 'vite';

import { cameraPhoto } from '../support/photos';
import { median, startApiServer, uploadWork, verifiedChild } from './support';

const PHOTOS = 5;
const ROUNDS = 3;

const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => cameraPhoto(i + 1)));
const vite = await createServer({
  configFile: 'vite.config.ts',
  logLevel: 'error',
  server: { port: 5199, strictPort: false },
  // Bundled up front, so that the optimizer never reloads the page in the middle of a measurement.
  optimizeDeps: { include: ['browser-image-compression'] },
});
await vite.listen();
const devUrl = vite.resolvedUrls?.local[0] ?? 'http://localhost:5199/';

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
// A static document of the dev server's origin (not the app, whose guards navigate): the module is imported below.
await page.goto(new URL('/favicon.svg', devUrl).href);
// tsx compiles this file with esbuild's keepNames, which wraps inner functions in __name(): give the page one.
await page.evaluate('globalThis.__name = (fn) => fn');

interface BrowserResult {
  lib: number[];
  native: number[];
  outputs: { type: string; base64: string; size: number }[];
}

const result: BrowserResult = await page.evaluate(
  async ({ inputs, rounds }) => {
    // The PWA's own module, as Vite serves it; the path is a variable so TypeScript leaves it to the browser.
    const modulePath = '/src/web/lib/compress.ts';
    const { compressImage } = (await import(/* @vite-ignore */ modulePath)) as {
      compressImage: (file: File) => Promise<File>;
    };
    const files = inputs.map((p) => new File([Uint8Array.from(atob(p.base64), (c) => c.charCodeAt(0))], p.name, { type: 'image/jpeg' }));
    async function nativeEncode(file: File, type: string): Promise<Blob> {
      const bitmap = await createImageBitmap(file);
      const scale = Math.min(1, 2048 / Math.max(bitmap.width, bitmap.height));
      const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      bitmap.close();
      return canvas.convertToBlob({ type, quality: 0.8 });
    }
    // Warm up both paths once (worker start-up, codec initialisation).
    const warm = await compressImage(files[0]!);
    await nativeEncode(files[0]!, warm.type);
    const lib: number[] = [];
    const native: number[] = [];
    const outputs: { type: string; base64: string; size: number }[] = [];
    for (const file of files) {
      for (let r = 0; r < rounds; r += 1) {
        let t = performance.now();
        const out = await compressImage(file);
        lib.push(performance.now() - t);
        t = performance.now();
        await nativeEncode(file, out.type);
        native.push(performance.now() - t);
        if (r === 0) {
          const bytes = new Uint8Array(await out.arrayBuffer());
          let bin = '';
          for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
          outputs.push({ type: out.type, base64: btoa(bin), size: out.size });
        }
      }
    }
    return { lib, native, outputs };
  },
  { inputs: photos.map((p) => ({ name: p.name, base64: p.buffer.toString('base64') })), rounds: ROUNDS },
);
await browser.close();
await vite.close();

// The server's side: accept a 5-image work, on a fresh embedded database.
const api = await startApiServer();
const acceptMs: number[] = [];
try {
  for (let i = 0; i < 5; i += 1) {
    const token = await verifiedChild(api, `bench${i}`);
    const files = result.outputs.map((o, n) => ({
      name: `photo-${n}.${o.type.split('/')[1]}`,
      type: o.type,
      bytes: Buffer.from(o.base64, 'base64'),
    }));
    acceptMs.push(await uploadWork(api.url, token, files));
  }
} finally {
  await api.stop();
}

const before = photos.map((p) => p.buffer.length);
const after = result.outputs.map((o) => o.size);
const libMedian = median(result.lib);
const nativeMedian = median(result.native);
const figures = {
  photos: PHOTOS,
  megapixels: 12,
  compression_median_ms: Math.round(libMedian),
  native_encode_median_ms: Math.round(nativeMedian),
  ratio_to_native: Number((libMedian / nativeMedian).toFixed(2)),
  output_type: result.outputs[0]?.type,
  bytes_before: before,
  bytes_after: after,
  max_bytes_after: Math.max(...after),
  server_accept_5_images_median_ms: Math.round(median(acceptMs)),
  server_accept_runs_ms: acceptMs.map(Math.round),
};
mkdirSync('reports', { recursive: true });
writeFileSync('reports/bench-capture.json', `${JSON.stringify(figures, null, 2)}\n`);
console.log('capture benchmark');
console.table({
  'compression per photo (median ms)': figures.compression_median_ms,
  'native canvas encode (median ms)': figures.native_encode_median_ms,
  'ratio (target ≤ 2)': figures.ratio_to_native,
  'largest output (bytes, target ≤ 1 MB)': figures.max_bytes_after,
  'input total (bytes)': before.reduce((a, b) => a + b, 0),
  'output total (bytes)': after.reduce((a, b) => a + b, 0),
  'server accepts 5 images (median ms)': figures.server_accept_5_images_median_ms,
});
