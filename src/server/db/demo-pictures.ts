/** The demo seed's drawn pictures (avatars, contest and class thumbnails, banners): an SVG rendered and stored. */
import { randomBytes } from 'node:crypto';

import { renderSvg } from '../adapters/images';
import type { StorageAdapter } from '../adapters/storage';

/** Renders the SVG to WebP (sharp) and stores it under <folder>/<random>.webp; its key. */
export async function storeDemoPicture(storage: StorageAdapter, folder: string, svg: string): Promise<string> {
  const key = `${folder}/${randomBytes(16).toString('hex')}.webp`;
  await storage.put(key, await renderSvg(svg), 'image/webp');
  return key;
}
