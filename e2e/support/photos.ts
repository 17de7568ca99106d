/**
 * Camera-like test photos, generated (nothing is downloaded): a child's drawing on paper, 4000×3000 (12 MP),
 * with the sensor noise of a phone photo and EXIF that carries a GPS position, as a phone would write it; and a
 * drawing photographed slanted on a wooden table (scripts/paper-fixtures.ts), for the paper review.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import sharp from 'sharp';

import { paperImage, type PaperImage } from '../../scripts/paper-fixtures';

const WIDTH = 4000;
const HEIGHT = 3000;
const COLOURS = ['#e4572e', '#f3a712', '#29335c', '#669bbc', '#3b7d4f', '#a23b72', '#f18f01'];

/** A small deterministic generator, so a seed always draws the same picture. */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function drawingSvg(seed: number): string {
  const rnd = random(seed);
  const shapes: string[] = [];
  for (let i = 0; i < 40; i += 1) {
    const c = COLOURS[Math.floor(rnd() * COLOURS.length)];
    const x = rnd() * WIDTH;
    const y = rnd() * HEIGHT;
    if (i % 3 === 0) {
      shapes.push(`<circle cx="${x}" cy="${y}" r="${80 + rnd() * 400}" fill="${c}" fill-opacity="${0.5 + rnd() * 0.5}"/>`);
    } else {
      const pts = Array.from({ length: 4 }, () => `${rnd() * WIDTH} ${rnd() * HEIGHT}`);
      shapes.push(
        `<path d="M${pts[0]} C${pts[1]} ${pts[2]} ${pts[3]}" stroke="${c}" stroke-width="${20 + rnd() * 60}" fill="none" stroke-linecap="round"/>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${shapes.join('')}</svg>`;
}

export interface Photo {
  name: string;
  mimeType: 'image/jpeg';
  buffer: Buffer;
}

/** One 12 MP JPEG (about 3 MB) with GPS EXIF; cached in the temp folder, since drawing one takes seconds. */
export async function cameraPhoto(seed: number): Promise<Photo> {
  const dir = join(tmpdir(), 'little-museum-photos');
  const file = join(dir, `drawing-${seed}.jpg`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, await drawPhoto(seed));
  }
  return { name: `drawing-${seed}.jpg`, mimeType: 'image/jpeg', buffer: readFileSync(file) };
}

async function drawPhoto(seed: number): Promise<Buffer> {
  // Sensor noise around mid-grey, laid over the paper with "overlay" so it only adds grain.
  const grain = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 10 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#f7f1e3' } })
    .composite([{ input: Buffer.from(drawingSvg(seed)) }, { input: grain, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'LittleMuseumTestCam', Model: 'Phone', Orientation: '1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 2200/100', GPSLongitudeRef: 'E', GPSLongitude: '139/1 41/1 3000/100' },
    })
    .toBuffer();
}

/**
 * A landscape photo (1600×1200) of a portrait sheet, slanted, on a wooden table: the straightened picture's shape
 * (taller than wide) cannot be mistaken for the photo's.
 */
export async function drawingOnTable(): Promise<PaperImage & { name: string }> {
  const dir = join(tmpdir(), 'little-museum-photos');
  const file = join(dir, 'paper-7-wood-1600.json');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const image = await paperImage(7, 'wood', { longEdge: 1600 });
    writeFileSync(file, JSON.stringify({ ...image, jpeg: image.jpeg.toString('base64') }));
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as PaperImage & { jpeg: string };
  return { ...stored, jpeg: Buffer.from(stored.jpeg, 'base64'), name: 'drawing-on-table.jpg' };
}
