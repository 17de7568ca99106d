/**
 * `npm run detect-paper -- <image file>`: the corners of the sheet of paper in one photo (issue 15), with the PWA's own
 * detector (src/web/lib/paper/find.ts, as the worker runs it). Prints {"corners": [[x, y], …]} (top-left, top-right, bottom-right,
 * bottom-left, in the file's pixels after its EXIF orientation); the whole image's corners when no sheet is found, or
 * the detector is not sure.
 */
import { readFile } from 'node:fs/promises';

import sharp, { type OutputInfo } from 'sharp';

import { findPaperIn } from '../src/web/lib/paper/find.ts';

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    console.error('usage: npm run detect-paper -- <image file>');
    return 1;
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (e) {
    console.error(`detect-paper: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    return 1;
  }
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(bytes).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch {
    console.error(`detect-paper: ${file} is not an image this tool can read`);
    return 1;
  }
  const { data, info } = decoded;
  // The PWA's worker runs the same function on the same full-size pixels (issue 29: the same engine everywhere).
  const { corners, found } = findPaperIn({ data, width: info.width, height: info.height });
  const round = (v: number) => Math.round(v * 10) / 10;
  console.log(JSON.stringify({ corners: corners.map(([x, y]) => [round(x), round(y)]) }));
  if (!found) console.error('detect-paper: no sheet found, or not sure; the whole image is given');
  return 0;
}

process.exitCode = await main();
