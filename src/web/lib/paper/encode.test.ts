/**
 * How the capture worker encodes (./encode.ts, issue 28 item 13): the canvas's WebP where the engine has it, libwebp in
 * WebAssembly where it does not (WebKit), JPEG where neither works; the engine asked once, with no full-size encode
 * thrown away; and how ../compress.ts routes a photo.
 */
import { describe, expect, it, vi } from 'vitest';

import { compressWay } from '../compress';
import { chooseEncoder, pictureEncoder, type EncoderProbe } from './encode';

const image = { data: new Uint8ClampedArray(16), width: 2, height: 2 } as unknown as ImageData;

function engine(canvasWebp: boolean, wasm: boolean) {
  const probe: EncoderProbe & { asked: number } = {
    asked: 0,
    canvasWebp: vi.fn(async () => {
      probe.asked++;
      return canvasWebp;
    }),
    wasm: vi.fn(() => wasm),
  };
  // What OffscreenCanvas.convertToBlob answers: WebKit hands back PNG when asked for WebP.
  const toBlob = vi.fn(
    async (_: ImageData, type: string) => new Blob(['x'], { type: type === 'image/webp' && !canvasWebp ? 'image/png' : type }),
  );
  const wasmEncode = vi.fn(async () => new Blob(['w'], { type: 'image/webp' }));
  return { probe, toBlob, wasmEncode, encoder: pictureEncoder(probe, toBlob, wasmEncode) };
}

describe('the encoder, from what the engine can do', () => {
  it("Chromium and Firefox: the canvas's WebP, and WebAssembly is never fetched", async () => {
    const e = engine(true, true);
    expect(await chooseEncoder(e.probe)).toBe('canvas-webp');
    const blob = await e.encoder.encode(image, 0.85);
    expect(blob.type).toBe('image/webp');
    expect(e.toBlob).toHaveBeenCalledWith(image, 'image/webp', 0.85);
    expect(e.wasmEncode).not.toHaveBeenCalled();
  });

  it('WebKit (iPhone): WebP from WebAssembly, and the canvas is never asked for a full-size WebP it would answer as PNG', async () => {
    const e = engine(false, true);
    for (let i = 0; i < 3; i++) expect((await e.encoder.encode(image, 0.8)).type).toBe('image/webp');
    expect(e.wasmEncode).toHaveBeenCalledTimes(3);
    expect(e.wasmEncode).toHaveBeenCalledWith(image, 0.8);
    expect(e.toBlob).not.toHaveBeenCalled();
    expect(e.probe.asked).toBe(1);
    expect(await chooseEncoder(e.probe)).toBe('wasm-webp');
  });

  it('no WebAssembly: JPEG at once, one encode a picture', async () => {
    const e = engine(false, false);
    expect(await chooseEncoder(e.probe)).toBe('jpeg');
    expect((await e.encoder.encode(image, 0.85)).type).toBe('image/jpeg');
    expect(e.toBlob).toHaveBeenCalledTimes(1);
    expect(e.toBlob).toHaveBeenCalledWith(image, 'image/jpeg', 0.88);
  });

  it('WebAssembly refused (a policy, a failed download): JPEG, and not tried again for every photo', async () => {
    const e = engine(false, true);
    e.wasmEncode.mockRejectedValue(new Error('CompileError: refused'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect((await e.encoder.encode(image, 0.8)).type).toBe('image/jpeg');
    expect((await e.encoder.encode(image, 0.8)).type).toBe('image/jpeg');
    expect(e.wasmEncode).toHaveBeenCalledTimes(1);
    expect(e.toBlob).not.toHaveBeenCalledWith(image, 'image/webp', expect.anything());
  });
});

describe('where compressImage sends a photo', () => {
  it('the library where the canvas encodes WebP; the capture worker where it does not; the library as JPEG as a last resort', () => {
    expect(compressWay({ canvasWebp: true, worker: true })).toBe('library-webp');
    expect(compressWay({ canvasWebp: false, worker: true })).toBe('worker');
    expect(compressWay({ canvasWebp: false, worker: false })).toBe('library-jpeg');
  });
});
