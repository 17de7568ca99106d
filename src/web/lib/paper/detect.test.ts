import { existsSync, readFileSync } from 'node:fs';

import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

// eslint-disable-next-line no-restricted-imports -- the image set's generator is Node code in scripts/, shared with the bench.
import { PAPER_KINDS, paperImage, paperSet, type PaperImage } from '../../../../scripts/paper-fixtures';
// eslint-disable-next-line no-restricted-imports -- the real sets' labels and their close-ups, shared with the bench.
import { closeUpBoxes } from '../../../../scripts/label-paper';
import { detectPaper } from './detect';
import { findPaperIn } from './find';
import { cornerErrors } from './homography';
import type { Corners, Raster } from './types';

async function decode(jpeg: Buffer): Promise<Raster> {
  const { data, info } = await sharp(jpeg).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function quantile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

describe('the paper detector on the project image set', () => {
  let set: PaperImage[] = [];
  const results: { kind: string; errors: number[] | null }[] = [];
  beforeAll(async () => {
    set = await paperSet(24, 3, { longEdge: 960 });
    for (const image of set) {
      const found = detectPaper(await decode(image.jpeg));
      const diag = Math.hypot(image.width, image.height);
      results.push({ kind: image.kind, errors: found ? cornerErrors(found, image.corners).map((e) => (e / diag) * 100) : null });
    }
  }, 180_000);

  it('finds the corners within the targets: median <= 1.5 %, p90 <= 3 % of the diagonal', () => {
    // A sheet not found counts as a corner error of 100 %.
    const errors = results.flatMap((r) => r.errors ?? [100, 100, 100, 100]);
    expect(errors).toHaveLength(24 * 4);
    expect(quantile(errors, 0.5)).toBeLessThanOrEqual(1.5);
    expect(quantile(errors, 0.9)).toBeLessThanOrEqual(3);
  });

  it('finds the sheet on every kind of table and light', () => {
    for (const kind of PAPER_KINDS) {
      const ofKind = results.filter((r) => r.kind === kind);
      expect(ofKind.length).toBeGreaterThanOrEqual(4);
      const good = ofKind.filter((r) => r.errors && Math.max(...r.errors) <= 3);
      expect(good.length, kind).toBeGreaterThanOrEqual(ofKind.length - 1);
    }
  });
});

describe('the paper detector on photos without a whole sheet', () => {
  it('answers null for a table without paper', async () => {
    for (const kind of ['wood', 'dark', 'low-contrast'] as const) {
      const image = await paperImage(41, kind, { noPaper: true, longEdge: 800 });
      expect(detectPaper(await decode(image.jpeg)), kind).toBeNull();
    }
  }, 60_000);

  it('keeps the corners in the photo when the sheet goes out of the frame', async () => {
    const image = await paperImage(5, 'wood', { longEdge: 960 });
    // Cut the photo through the sheet's bottom half.
    const cut = Math.round((image.corners[0][1] + image.corners[3][1]) / 2 + image.height * 0.1);
    const jpeg = await sharp(image.jpeg).extract({ left: 0, top: 0, width: image.width, height: cut }).jpeg().toBuffer();
    const raster = await decode(jpeg);
    // The sheet's top half is in the photo, so it must be found: a null here is a failure, not a pass.
    const found = detectPaper(raster);
    expect(found).not.toBeNull();
    if (!found) return;
    for (const [x, y] of found) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(raster.width);
      expect(y).toBeLessThanOrEqual(raster.height);
    }
    // The top corners are still the sheet's.
    const diag = Math.hypot(raster.width, raster.height);
    const [tl, tr] = image.corners;
    const near = (p: [number, number]) => Math.min(...found.map((f) => Math.hypot(f[0] - p[0], f[1] - p[1]))) / diag;
    expect(near(tl)).toBeLessThan(0.03);
    expect(near(tr)).toBeLessThan(0.03);
  }, 60_000);

  it('answers null for a tiny or flat image', () => {
    expect(detectPaper({ data: new Uint8Array(8 * 8 * 4), width: 8, height: 8 })).toBeNull();
    expect(detectPaper({ data: new Uint8Array(64 * 48 * 4).fill(200), width: 64, height: 48 })).toBeNull();
  });
});

/**
 * The hand-labelled real photos (fixtures/paper-real, issue 29). Each test is a photo on which the detector before
 * issue 29 gave a confident wrong answer. The error is the mean of the four corner distances over the diagonal, in %.
 */
describe('the paper detector on real photos', () => {
  const dir = new URL('../../../../fixtures/paper-real/', import.meta.url);
  const labels = existsSync(new URL('labels.json', dir))
    ? (
        JSON.parse(readFileSync(new URL('labels.json', dir), 'utf8')) as {
          photos: { file: string; width: number; height: number; corners: Corners; classes: string[] }[];
        }
      ).photos
    : [];

  async function detectPhoto(file: string): Promise<{ found: Corners | null; errorPct: number; classes: string[] }> {
    const label = labels.find((l) => l.file === file);
    if (!label) throw new Error(`${file} is not in fixtures/paper-real/labels.json`);
    const raster = await decode(readFileSync(new URL(file, dir)));
    const found = detectPaper(raster);
    const diag = Math.hypot(raster.width, raster.height);
    const errorPct = found ? (cornerErrors(found, label.corners).reduce((s, e) => s + e, 0) / 4 / diag) * 100 : Infinity;
    return { found, errorPct, classes: label.classes };
  }

  it('fold: a sheet folded twice, half in a hard shadow, is found whole, not one panel', async () => {
    // Before: one panel, confidently (17.5 %).
    const { errorPct, classes } = await detectPhoto('35-invoice-folded-twice-shadow-on-wood.jpg');
    expect(classes).toContain('fold');
    expect(errorPct).toBeLessThanOrEqual(3);
  }, 30_000);

  it('shadow: a folded sheet cut by a hard cast shadow gets no confident wrong answer', async () => {
    // Before: part of the sheet and the shadow, confidently (13 %). Not sure (null) is an answer; a wrong quad is not.
    const { found, errorPct, classes } = await detectPhoto('34-invoice-folded-once-shadow-on-wood.jpg');
    expect(classes).toContain('shadow');
    if (found) expect(errorPct).toBeLessThanOrEqual(3);
  }, 30_000);

  it('curl: a crumpled sheet whose sides bow gets no confident wrong answer', async () => {
    // Before: a quad through the crumples, confidently (14 %).
    const { found, errorPct, classes } = await detectPhoto('51-invoice-crumpled-on-concrete.jpg');
    expect(classes).toContain('curl');
    if (found) expect(errorPct).toBeLessThanOrEqual(3);
  }, 30_000);

  /** As the PWA's worker runs it (findPaperIn: the 1024 px copy), the worst corner's error in %; null: not sure. */
  async function findPhoto(file: string): Promise<number | null> {
    const label = labels.find((l) => l.file === file);
    if (!label) throw new Error(`${file} is not in fixtures/paper-real/labels.json`);
    const raster = await decode(readFileSync(new URL(file, dir)));
    const found = findPaperIn(raster);
    const diag = Math.hypot(raster.width, raster.height);
    return found.found ? (Math.max(...cornerErrors(found.corners, label.corners)) / diag) * 100 : null;
  }
  it('curl: a curled sheet whose side bows toward a corner at the frame gets that corner at its tip, not where the lines meet off the photo', async () => {
    // Before (83fbfea): the lines of the bowed side and the top side met above the photo, clamped to its edge: sure,
    // 6.5 % (41) and 5.0 % (38) off at the worst corner.
    expect(await findPhoto('41-invoice-curled-on-concrete.jpg')).toBeLessThanOrEqual(1.5);
    expect(await findPhoto('38-invoice-curled-on-concrete.jpg')).toBeLessThanOrEqual(1.5);
  }, 30_000);
  it('curl: a region that leaked into the table along the frame does not win over the whole sheet inside the photo', async () => {
    // Before (83fbfea): a quad with a side along the photo's top edge, concrete under most of it: sure, 19.9 % off.
    expect(await findPhoto('40-invoice-curled-on-concrete.jpg')).toBeLessThanOrEqual(1);
  }, 30_000);
  it('curl: a crumpled sheet whose wavy sides stray from their lines is found, sure, within 3 %', async () => {
    // Before (83fbfea): no sheet (55) and not sure (51): the wavy sides had no step on their straight lines.
    expect(await findPhoto('55-invoice-crumpled-shadow-on-wood-2.jpg')).toBeLessThanOrEqual(3);
    expect(await findPhoto('51-invoice-crumpled-on-concrete.jpg')).toBeLessThanOrEqual(3);
  }, 30_000);
  it('shadow: a folded sheet cut by a hard shadow band is found whole and sure', async () => {
    // Before (83fbfea): not sure; the whole sheet was a candidate, but one side had no sharp step right on its line.
    expect(await findPhoto('34-invoice-folded-once-shadow-on-wood.jpg')).toBeLessThanOrEqual(1);
  }, 30_000);
  it('fold: a sheet folded twice under a hard shadow is found whole, not a panel merged with part of the next', async () => {
    // Before (c3a7487): one panel merged with part of the next, sure, 6.9 % off at the worst corner. The grid's seeds
    // grew panels again inside panels already grown (their skip covered a third of the grid's runs), and one such
    // pair outscored the whole sheet.
    expect(labels.find((l) => l.file === '66-invoice-folded-twice-shadow-on-wood-11079.jpg')?.classes).toContain('fold');
    expect(await findPhoto('66-invoice-folded-twice-shadow-on-wood-11079.jpg')).toBeLessThanOrEqual(3);
  }, 30_000);
  it('white-on-light: a notebook page on a light-grey desk gets no confident wrong answer', async () => {
    // Before (481f7c0, the detector issue 29 was measured on): a quad inside the page, sure, 22 % off at the worst
    // corner on this 1024 px copy (36 % on the full-size pixels the CLI read then). Not sure (null) is an answer
    // here; a wrong quad that looks sure is not.
    expect(labels.find((l) => l.file === '58-notebook-page-on-light-grey-desk.jpg')?.classes).toContain('white-on-light');
    const worst = await findPhoto('58-notebook-page-on-light-grey-desk.jpg');
    if (worst !== null) expect(worst).toBeLessThanOrEqual(3);
  }, 30_000);
  it('white-on-light: a sheet on a light table, which no region grown from the middle covers whole, is found from the table', async () => {
    // Before (cea70f3): no sheet (60), and not sure (59: the right quad scored 0.37; 12: 19.6 % off at its best);
    // 481f7c0 answered none of the three. The table grown from the photo's frame leaves the sheet as one region.
    for (const file of ['60-magazine-page-on-light-grey-round-table.jpg', '59-letter-on-light-grey-round-table.jpg']) {
      expect(labels.find((l) => l.file === file)?.classes).toContain('white-on-light');
      expect(await findPhoto(file)).toBeLessThanOrEqual(1);
    }
    expect(await findPhoto('12-notebook-page-on-grey-2.jpg')).toBeLessThanOrEqual(1.5);
  }, 30_000);
  it('a page that fills the frame: a printed band or box, or a shadow’s edge, is not a sheet (not sure: the whole photo)', async () => {
    // Close-ups (closeUpBoxes' first: the part of a sheet inside its labelled corners), so the photo holds paper only.
    // Before (39e5b98), each was sure: on 26's invoice, the band between its dark table header and the frame's
    // sides, 62 by 463 px (a quad cut by the frame had no proportions judged, however thin); on 07's answer sheet,
    // its printed header box, cut by the frame on the right (more paper lies past the box's line; 43ce5a7 still
    // answered it); on 15's survey, the page above a shadow's edge that crosses the whole photo, judged on that one
    // side alone (the other three on the frame; f8afde4 still answered it).
    for (const file of ['26-invoice-folded-once-on-concrete.jpg', '07-omr-on-beige-carpet.jpg', '15-survey-on-table.jpg']) {
      const [box] = closeUpBoxes(labels.find((l) => l.file === file)!);
      expect(box, file).toBeDefined();
      const jpeg = await sharp(readFileSync(new URL(file, dir)))
        .extract(box!)
        .jpeg({ quality: 90 })
        .toBuffer();
      expect(findPaperIn(await decode(jpeg)).found, file).toBe(false);
    }
  }, 30_000);
  it('curl: a crumpled sheet whose answered tips make no sheet’s proportions gets no confident wrong answer', async () => {
    // Before (39b2d0a): sure, 9.9 % off at the worst corner on the worker's copy. The crumpled top side's line is
    // fitted to its right part, and curlTips walks that line to where the paper stops near the frame; the lines'
    // quad had a sheet's proportions, the tips that were answered did not. The shape is now judged on the tips.
    const file = '63-invoice-crumpled-shadow-on-wood-12675.jpg';
    expect(labels.find((l) => l.file === file)?.classes).toContain('curl');
    const worst = await findPhoto(file);
    if (worst !== null) expect(worst).toBeLessThanOrEqual(3);
  }, 30_000);
  /**
   * Photos added to the set because today's detector gets them wrong (fixtures/paper-real/README.md says how they were
   * found and why each fails): the material to tune on next. The test below still fails for any other photo, and
   * for these once they come right (then they leave this list).
   */
  const KNOWN_WRONG: string[] = [];
  it('the whole set: every confident answer within 3 % (but the known wrong ones), the median within 0.7 %', async () => {
    expect(labels.length).toBeGreaterThanOrEqual(40);
    const errors: number[] = [];
    const wrong: { file: string; errorPct: number }[] = [];
    for (const { file } of labels) {
      const { found, errorPct } = await detectPhoto(file);
      // Not sure counts as the photo's corners: far off.
      errors.push(found ? errorPct : 100);
      if (found && errorPct > 3) wrong.push({ file, errorPct });
    }
    const figures = wrong.map((w) => `${w.file}: ${w.errorPct.toFixed(2)} %`).join(', ');
    expect(
      wrong.map((w) => w.file),
      figures,
    ).toEqual(KNOWN_WRONG);
    expect(quantile(errors, 0.5)).toBeLessThanOrEqual(0.7);
  }, 300_000);
});
