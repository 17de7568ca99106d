/**
 * How the capture worker (paper.worker.ts) encodes a picture (issue 28 item 13). WebP where the canvas encodes it
 * (Chromium, Firefox); where it does not (WebKit: Safari and every iPhone browser answer a WebP request with PNG),
 * libwebp compiled to WebAssembly (@jsquash/webp), fetched only there and only on the first encode; JPEG when
 * neither works (no WebAssembly, or a policy or a failed download refuses it). The same photo went 2.5 to 3 times
 * bigger as JPEG than as WebP.
 *
 * Asked once per worker with a 1×1 canvas: never a full-size encode thrown away to learn the answer.
 */
export type Encoder = 'canvas-webp' | 'wasm-webp' | 'jpeg';

/** What the engine can do; functions so that a test can answer for any engine. */
export interface EncoderProbe {
  /** Whether an OffscreenCanvas hands back WebP when asked for it. */
  canvasWebp(): Promise<boolean>;
  /** Whether WebAssembly can be instantiated here. */
  wasm(): boolean;
}

export const engineProbe: EncoderProbe = {
  async canvasWebp() {
    try {
      const blob = await new OffscreenCanvas(1, 1).convertToBlob({ type: 'image/webp' });
      return blob.type === 'image/webp';
    } catch {
      return false;
    }
  },
  wasm: () => typeof WebAssembly === 'object' && typeof WebAssembly.instantiate === 'function',
};

/** The encoder for an engine: the canvas's WebP first (no download), then WebAssembly's, then JPEG. */
export async function chooseEncoder(probe: EncoderProbe): Promise<Encoder> {
  if (await probe.canvasWebp()) return 'canvas-webp';
  return probe.wasm() ? 'wasm-webp' : 'jpeg';
}

/** Encodes RGBA pixels with libwebp (WebAssembly); quality 0 to 1, as the canvas takes it. */
export async function encodeWebpWasm(image: ImageData, quality: number): Promise<Blob> {
  // Its own chunk and its .wasm: only an engine whose canvas cannot encode WebP ever fetches them.
  const { default: encode } = await import('@jsquash/webp/encode');
  const bytes = await encode(image, { quality: Math.round(quality * 100) });
  return new Blob([bytes], { type: 'image/webp' });
}

/**
 * An encoder that picks its way once and keeps it: `encode` gets the pixels and a quality, and answers WebP, or JPEG
 * where WebP cannot be made (a WebAssembly failure counts once, then JPEG for the rest of the worker's life).
 */
export function pictureEncoder(
  probe: EncoderProbe,
  toBlob: (image: ImageData, type: 'image/webp' | 'image/jpeg', quality: number) => Promise<Blob>,
  wasmEncode: (image: ImageData, quality: number) => Promise<Blob> = encodeWebpWasm,
) {
  let chosen: Promise<Encoder> | null = null;
  return {
    which: () => (chosen ??= chooseEncoder(probe)),
    async encode(image: ImageData, quality: number): Promise<Blob> {
      const encoder = await (chosen ??= chooseEncoder(probe));
      if (encoder === 'canvas-webp') return toBlob(image, 'image/webp', quality);
      if (encoder === 'wasm-webp') {
        try {
          return await wasmEncode(image, quality);
        } catch (error) {
          console.warn('WebP (WebAssembly) failed; JPEG from now on', error);
          chosen = Promise.resolve('jpeg');
        }
      }
      // JPEG a little higher: at the same number it looks worse than WebP.
      return toBlob(image, 'image/jpeg', Math.min(0.92, quality + 0.03));
    },
  };
}
