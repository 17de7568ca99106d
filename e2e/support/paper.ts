/** The paper journeys' photo (scripts/paper-fixtures.ts), made once and kept in the temp folder. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { paperImage, type PaperImage } from '../../scripts/paper-fixtures';

/**
 * A landscape photo (1600×1200) of a portrait sheet, slanted, on a wooden table: the straightened picture's shape
 * (taller than wide) cannot be mistaken for the photo's. `file` is the JPEG on disk, for a browser driven by WebDriver.
 */
export async function drawingOnTable(): Promise<PaperImage & { name: string; file: string }> {
  const dir = join(tmpdir(), 'little-museum-photos');
  const file = join(dir, 'paper-7-wood-1600.json');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const image = await paperImage(7, 'wood', { longEdge: 1600 });
    writeFileSync(file, JSON.stringify({ ...image, jpeg: image.jpeg.toString('base64') }));
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as PaperImage & { jpeg: string };
  const jpeg = Buffer.from(stored.jpeg, 'base64');
  const jpegFile = join(dir, 'drawing-on-table.jpg');
  if (!existsSync(jpegFile)) writeFileSync(jpegFile, jpeg);
  return { ...stored, jpeg, name: 'drawing-on-table.jpg', file: jpegFile };
}
